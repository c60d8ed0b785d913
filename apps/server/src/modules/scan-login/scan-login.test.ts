import {
  type ApiClient,
  confirmScan,
  createApiClient,
  declineScan,
  ERRORS,
  type FetchLike,
  integral,
  SESSION_COOKIE,
  STATUS,
  scanCode,
  scanInfo,
  scanStatus,
  updateScan,
} from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { clientWithToken, loginAs } from '../../../test/login-as.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { sessions } from '../auth/auth.tables.ts';
import { resolveSession } from '../auth/sessions.service.ts';
import {
  createScanLogin,
  DELIVERY_GRACE_MS,
  purgeExpiredScanLogins,
  SCAN_LOGIN_RETENTION_MS,
} from './scan-login.service.ts';
import { scanLogins } from './scan-login.tables.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Each test's browser comes from its own address, so the per-address limit stays out of the way. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

type Browser = { api: ApiClient; ip: string; responses: Response[] };

/** A desktop browser showing the QR (no login), remembering every raw response. */
function browser(ip = nextAddress(), userAgent = CHROME_WINDOWS): Browser {
  const inner = createInjectFetch(t.app, { 'user-agent': userAgent }, { remoteAddress: ip });
  const responses: Response[] = [];
  const fetch: FetchLike = async (input, init) => {
    const res = await inner(input, init);
    responses.push(res.clone());
    return res;
  };
  return { api: createApiClient({ baseUrl: '', signSecret: t.config.API_SIGN_SECRET, fetch }), ip, responses };
}

async function phone(nickname = '扫码车主') {
  const user = await createUser(t.app.db, { nickname });
  const { api, token } = await loginAs(t, user.id, IPHONE);
  return { user, api, token };
}

async function expectFailure(promise: Promise<unknown>, code: keyof typeof ERRORS) {
  const error = await apiFailure(promise);
  expect({ status: error.status, message: error.message }).toEqual({
    status: ERRORS[code].status,
    message: ERRORS[code].message,
  });
}

async function rowOf(code: string) {
  const [row] = await t.app.db.select().from(scanLogins).where(eq(scanLogins.code, code));
  return row;
}

describe('scancode', () => {
  it('answers a fresh 32-character code, a QR and 300 s, and records the asking browser', async () => {
    const b = browser();
    const first = await b.api.call(scanCode, {});
    const second = await b.api.call(scanCode, {});
    expect(first.scanCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.scanCode).not.toBe(first.scanCode);
    expect(first.qrcodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(first.expireIn).toBe(300);
    const row = await rowOf(first.scanCode);
    expect(row).toMatchObject({ status: 0, userId: null, userAgent: CHROME_WINDOWS, ip: b.ip, deliveredAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
  });

  it('limits how many codes one address can mint', async () => {
    const b = browser();
    const { limit } = scanCode.rateLimit!.windows[0]!;
    for (let i = 0; i < limit; i++) await b.api.call(scanCode, {});
    const error = await apiFailure(b.api.call(scanCode, {}));
    expect(error.status).toBe(STATUS.RATE_LIMITED);
    expect(error.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    expect((error.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    // Another address is not affected.
    await expect(browser().api.call(scanCode, {})).resolves.toMatchObject({ expireIn: 300 });
  });
});

describe('scan login: browser asks, phone scans and confirms', () => {
  it('walks 0 → 1 → 2, hands the login out on the first poll only, with the session cookie', async () => {
    const b = browser();
    const p = await phone('扫码登录的人');
    const { scanCode: code } = await b.api.call(scanCode, {});

    expect(await b.api.call(scanStatus, { scanCode: code })).toEqual({ status: 0, userInfo: null });

    expect(await p.api.call(updateScan, { scanCode: code, status: 1 })).toEqual({ status: 1 });
    expect(await b.api.call(scanStatus, { scanCode: code })).toEqual({ status: 1, userInfo: null });
    // Opening the confirm page again is fine.
    expect(await p.api.call(updateScan, { scanCode: code, status: 1 })).toEqual({ status: 1 });

    const info = await p.api.call(scanInfo, { scanCode: code });
    expect(info).toMatchObject({ status: 1, device: 'Chrome · Windows', ip: b.ip.replace(/\.\d+$/, '.*') });
    expect(info.expireIn).toBeGreaterThan(290);
    expect(info.expireIn).toBeLessThanOrEqual(300);

    expect(await p.api.call(confirmScan, { scanCode: code })).toEqual({ status: 2 });

    b.responses.length = 0;
    const delivered = await b.api.call(scanStatus, { scanCode: code });
    expect(delivered.status).toBe(2);
    expect(delivered.userInfo).toMatchObject({ uid: p.user.id, nickname: '扫码登录的人', isnew: false, ismine: 1 });
    const token = delivered.userInfo!.token;
    expect(token).not.toBe(p.token);
    const cookie = b.responses[0]!.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    // The token is a real session of the phone's user, made for the polling browser.
    expect(await resolveSession(t.app.db, token)).toMatchObject({ id: p.user.id });
    await expect(clientWithToken(t, token).call(integral, {})).resolves.toMatchObject({ balance: 0 });
    const [session] = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, p.user.id), eq(sessions.method, 'scan')));
    expect(session).toMatchObject({ userAgent: CHROME_WINDOWS });

    // Later polls: still 2, never the token again, no cookie.
    b.responses.length = 0;
    expect(await b.api.call(scanStatus, { scanCode: code })).toEqual({ status: 2, userInfo: null });
    expect(b.responses[0]!.headers.get('set-cookie')).toBeNull();
  });

  it('hands the token to exactly one of several concurrent polls', async () => {
    const b = browser();
    const p = await phone();
    const { scanCode: code } = await b.api.call(scanCode, {});
    await p.api.call(updateScan, { scanCode: code, status: 1 });
    await p.api.call(confirmScan, { scanCode: code });

    const polls = await Promise.all(Array.from({ length: 6 }, () => b.api.call(scanStatus, { scanCode: code })));
    expect(polls.every((poll) => poll.status === 2)).toBe(true);
    expect(polls.filter((poll) => poll.userInfo !== null)).toHaveLength(1);
    expect(await t.app.db.$count(sessions, and(eq(sessions.userId, p.user.id), eq(sessions.method, 'scan')))).toBe(1);
  });

  it('lets the phone confirm straight from 0, and confirming twice answers 2 again', async () => {
    const b = browser();
    const p = await phone();
    const { scanCode: code } = await b.api.call(scanCode, {});
    expect(await p.api.call(confirmScan, { scanCode: code })).toEqual({ status: 2 });
    expect(await p.api.call(confirmScan, { scanCode: code })).toEqual({ status: 2 });
    const poll = await b.api.call(scanStatus, { scanCode: code });
    expect(poll.userInfo?.uid).toBe(p.user.id);
  });

  it('accepts the phone’s own token and refuses anyone else’s (FORBIDDEN), changing nothing', async () => {
    const b = browser();
    const p = await phone();
    const other = await phone('别人');
    const { scanCode: code } = await b.api.call(scanCode, {});
    await p.api.call(updateScan, { scanCode: code, status: 1 });

    await expectFailure(p.api.call(confirmScan, { scanCode: code, token: other.token }), 'FORBIDDEN');
    await expectFailure(p.api.call(confirmScan, { scanCode: code, token: 'x'.repeat(43) }), 'FORBIDDEN');
    expect(await rowOf(code)).toMatchObject({ status: 1, userId: p.user.id });

    expect(await p.api.call(confirmScan, { scanCode: code, token: p.token })).toEqual({ status: 2 });
  });

  it('keeps a code scanned by one user out of every other user’s hands', async () => {
    const b = browser();
    const owner = await phone('扫码的人');
    const intruder = await phone('旁观者');
    const { scanCode: code } = await b.api.call(scanCode, {});
    await owner.api.call(updateScan, { scanCode: code, status: 1 });

    await expectFailure(intruder.api.call(updateScan, { scanCode: code, status: 1 }), 'SCAN_CODE_USED');
    await expectFailure(intruder.api.call(confirmScan, { scanCode: code }), 'SCAN_CODE_USED');
    await expectFailure(intruder.api.call(declineScan, { scanCode: code }), 'SCAN_CODE_USED');
    expect(await rowOf(code)).toMatchObject({ status: 1, userId: owner.user.id });

    await owner.api.call(confirmScan, { scanCode: code });
    await expectFailure(intruder.api.call(confirmScan, { scanCode: code }), 'SCAN_CODE_USED');
    const poll = await b.api.call(scanStatus, { scanCode: code });
    expect(poll.userInfo?.uid).toBe(owner.user.id);
  });

  it('decline makes the browser see -1 and the code refuses anything after', async () => {
    const b = browser();
    const p = await phone();
    const { scanCode: code } = await b.api.call(scanCode, {});
    await p.api.call(updateScan, { scanCode: code, status: 1 });
    expect(await p.api.call(declineScan, { scanCode: code })).toEqual({ status: -1 });
    expect(await b.api.call(scanStatus, { scanCode: code })).toEqual({ status: -1, userInfo: null });
    await expectFailure(p.api.call(confirmScan, { scanCode: code }), 'SCAN_CODE_USED');
    await expectFailure(p.api.call(updateScan, { scanCode: code, status: 1 }), 'SCAN_CODE_USED');
    expect(await p.api.call(scanInfo, { scanCode: code })).toMatchObject({ status: -1 });
    expect(await b.api.call(scanStatus, { scanCode: code })).toEqual({ status: -1, userInfo: null });
  });

  it('refuses a decline after the phone confirmed', async () => {
    const b = browser();
    const p = await phone();
    const { scanCode: code } = await b.api.call(scanCode, {});
    await p.api.call(confirmScan, { scanCode: code });
    await expectFailure(p.api.call(declineScan, { scanCode: code }), 'SCAN_CODE_USED');
    expect((await b.api.call(scanStatus, { scanCode: code })).userInfo?.uid).toBe(p.user.id);
  });

  it('needs a logged-in phone for scan-info, update, confirm and decline (2011)', async () => {
    const b = browser();
    const { scanCode: code } = await b.api.call(scanCode, {});
    for (const call of [
      () => b.api.call(scanInfo, { scanCode: code }),
      () => b.api.call(updateScan, { scanCode: code, status: 1 }),
      () => b.api.call(confirmScan, { scanCode: code }),
      () => b.api.call(declineScan, { scanCode: code }),
    ]) {
      const error = await apiFailure(call());
      expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
    }
    expect(await rowOf(code)).toMatchObject({ status: 0, userId: null });
  });

  it('answers -1 for a code it never issued; the phone gets SCAN_CODE_EXPIRED', async () => {
    const b = browser();
    const p = await phone();
    const unknown = 'A'.repeat(32);
    expect(await b.api.call(scanStatus, { scanCode: unknown })).toEqual({ status: -1, userInfo: null });
    await expectFailure(p.api.call(scanInfo, { scanCode: unknown }), 'SCAN_CODE_EXPIRED');
    await expectFailure(p.api.call(updateScan, { scanCode: unknown, status: 1 }), 'SCAN_CODE_EXPIRED');
    await expectFailure(p.api.call(confirmScan, { scanCode: unknown }), 'SCAN_CODE_EXPIRED');
  });

  it('validates the code and the status', async () => {
    const b = browser();
    const p = await phone();
    expect((await apiFailure(b.api.call(scanStatus, { scanCode: 'short' }))).status).toBe(STATUS.VALIDATION_FAILED);
    const { scanCode: code } = await b.api.call(scanCode, {});
    const error = await apiFailure(p.api.call(updateScan, { scanCode: code, status: 2 as 1 }));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(await rowOf(code)).toMatchObject({ status: 0 });
  });
});

describe('scan login expiry (clock moved)', () => {
  const start = new Date('2026-11-23T08:00:00Z');

  it('turns 0 and 1 into -1 after 300 s and refuses every transition', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const b = browser();
    const p = await phone();
    const waiting = (await b.api.call(scanCode, {})).scanCode;
    const scanned = (await b.api.call(scanCode, {})).scanCode;
    await p.api.call(updateScan, { scanCode: scanned, status: 1 });

    vi.setSystemTime(start.getTime() + 299_000);
    expect((await b.api.call(scanStatus, { scanCode: waiting })).status).toBe(0);
    expect((await p.api.call(scanInfo, { scanCode: waiting })).expireIn).toBe(1);

    vi.setSystemTime(start.getTime() + 300_000);
    expect(await b.api.call(scanStatus, { scanCode: waiting })).toEqual({ status: -1, userInfo: null });
    expect(await b.api.call(scanStatus, { scanCode: scanned })).toEqual({ status: -1, userInfo: null });
    expect(await p.api.call(scanInfo, { scanCode: waiting })).toMatchObject({ status: -1, expireIn: 0 });
    await expectFailure(p.api.call(updateScan, { scanCode: waiting, status: 1 }), 'SCAN_CODE_EXPIRED');
    await expectFailure(p.api.call(confirmScan, { scanCode: waiting }), 'SCAN_CODE_EXPIRED');
    await expectFailure(p.api.call(confirmScan, { scanCode: scanned }), 'SCAN_CODE_EXPIRED');
    await expectFailure(p.api.call(declineScan, { scanCode: scanned }), 'SCAN_CODE_EXPIRED');
    expect(await rowOf(scanned)).toMatchObject({ status: 1, deliveredAt: null });
  });

  it('still delivers a code confirmed in time to a poll just after expiry, not long after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const b = browser();
    const p = await phone();
    const late = (await b.api.call(scanCode, {})).scanCode;
    const abandoned = (await b.api.call(scanCode, {})).scanCode;
    vi.setSystemTime(start.getTime() + 299_000);
    await p.api.call(confirmScan, { scanCode: late });
    await p.api.call(confirmScan, { scanCode: abandoned });

    vi.setSystemTime(start.getTime() + 301_000);
    expect((await b.api.call(scanStatus, { scanCode: late })).userInfo?.uid).toBe(p.user.id);

    vi.setSystemTime(start.getTime() + 300_000 + DELIVERY_GRACE_MS + 1000);
    expect(await b.api.call(scanStatus, { scanCode: abandoned })).toEqual({ status: -1, userInfo: null });
    expect(await rowOf(abandoned)).toMatchObject({ deliveredAt: null });
  });
});

describe('purgeExpiredScanLogins', () => {
  it('deletes codes expired longer than the retention, keeps the rest', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const old = await createScanLogin(
      t.app.db,
      { code: 'old'.padEnd(32, '0'), userAgent: '', ip: '' },
      new Date(now.getTime() - SCAN_LOGIN_RETENTION_MS - 300_001),
    );
    const recent = await createScanLogin(
      t.app.db,
      { code: 'recent'.padEnd(32, '0'), userAgent: '', ip: '' },
      new Date(now.getTime() - 300_001),
    );
    expect(await purgeExpiredScanLogins(t.app.db, now)).toContain(old.code);
    expect(await rowOf(old.code)).toBeUndefined();
    expect(await rowOf(recent.code)).toBeDefined();
  });
});
