import { createHash, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ApiClient,
  createApiClient,
  logout,
  logoutAll,
  mobileLogin,
  myAccount,
  NICKNAME_MAX_LENGTH,
  POINTS,
  SESSION_COOKIE,
  STATUS,
  smsChallenge,
  smsCode,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { clientWithToken, loginAs } from '../../../test/login-as.ts';
import { signedUrl } from '../../../test/signed.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts';
import type { OutboxLine } from '../../platform/sms/console.ts';
import { smsOutboxFile } from '../../platform/sms/console.ts';
import { users } from '../accounts/accounts.tables.ts';
import { inviteCodeFor } from '../accounts/invite-code.ts';
import { pointsBalance } from '../points/points.service.ts';
import { smsChallenges, smsCodes } from './auth.tables.ts';
import { type AuthDeps, loginWithSmsCode, sendLoginCode } from './sms-login.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** The signed contract client calling from its own address, so SMS limits per address never collide across tests. */
function client(token?: string): ApiClient {
  ipCounter += 1;
  return createApiClient({
    baseUrl: '',
    signSecret: t.config.API_SIGN_SECRET,
    fetch: createInjectFetch(t.app, {}, { remoteAddress: `10.30.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` }),
    getToken: () => token,
  });
}

function newMobile(): string {
  return `15${randomInt(0, 10)}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

async function outbox(): Promise<OutboxLine[]> {
  const text = await readFile(smsOutboxFile(t.config.DATA_DIR), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The code the console provider "sent" to `mobile` (as the e2e tests read it). */
async function codeFromOutbox(mobile: string): Promise<string> {
  const line = (await outbox()).filter((l) => l.mobile === mobile).at(-1);
  if (!line) throw new Error(`no outbox line for ${mobile}`);
  return line.code;
}

/** Logs a number in through the API: code by SMS (from the outbox), then the login call. */
async function smsLogin(mobile: string, extra: { invite?: string } = {}) {
  const api = client();
  await api.call(smsCode, { mobile, acode: '86' });
  return api.call(mobileLogin, { mobile, acode: '86', smscode: await codeFromOutbox(mobile), ...extra });
}

/** Reads a challenge the way a person reads its picture: here by trying the 1000 answers against the stored hash. */
async function solve(challengeId: string): Promise<string> {
  const [row] = await t.app.db.select().from(smsChallenges).where(eq(smsChallenges.id, challengeId));
  if (!row) throw new Error('no such challenge');
  for (let n = 0; n < 1000; n++) {
    const answer = String(n).padStart(3, '0');
    if (createHash('sha256').update(`${challengeId}:${answer}`).digest('hex') === row.answerHash) return answer;
  }
  throw new Error('unsolvable challenge');
}

describe('POST /api/v1/user/login/smscode', () => {
  it('sends a code to a mainland number: the answer holds no code, the outbox has it', async () => {
    const mobile = newMobile();
    const before = (await outbox()).length;
    const response = await t.app.inject({
      method: 'POST',
      url: signedUrl(smsCode.path, t.config.API_SIGN_SECRET, { body: { mobile, acode: '86' } }),
      payload: { mobile, acode: '86' },
      remoteAddress: '10.31.0.1',
    });
    const envelope = response.json() as { status: number; data: unknown };
    expect(envelope).toMatchObject({ status: 200, data: { expireIn: 300, resendIn: 60 } });
    expect(Object.keys(envelope.data as object).sort()).toEqual(['expireIn', 'resendIn']);

    const lines = await outbox();
    expect(lines).toHaveLength(before + 1);
    const line = lines.at(-1) as OutboxLine;
    expect(line).toMatchObject({ acode: '86', mobile });
    expect(line.code).toMatch(/^\d{4}$/);
    expect(line.text).toContain(line.code);
    expect(Number.isNaN(Date.parse(line.at))).toBe(false);
    expect(response.body).not.toContain(line.code);
  });

  it.each([
    ['12812345678', '86'],
    ['1581234567', '86'],
    ['1234', '852'],
    ['853-91234567', '852'],
  ])('refuses %s (area code %s) with MOBILE_INVALID and sends nothing', async (mobile, acode) => {
    const before = (await outbox()).length;
    const error = await apiFailure(client().call(smsCode, { mobile, acode }));
    expect(error).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '请输入正确的手机号' });
    expect(await outbox()).toHaveLength(before);
  });

  it('answers 4029 with the seconds to wait on a second request within 60 s', async () => {
    const mobile = newMobile();
    const api = client();
    await api.call(smsCode, { mobile, acode: '86' });
    const error = await apiFailure(api.call(smsCode, { mobile, acode: '86' }));
    expect(error.status).toBe(STATUS.RATE_LIMITED);
    const { retryAfter } = error.data as { retryAfter: number };
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.message).toBe(`验证码发送过于频繁，请 ${retryAfter} 秒后再试`);
  });

  it('limits codes per client address (the request’s own address)', async () => {
    const api = client();
    for (let i = 0; i < 10; i++) await api.call(smsCode, { mobile: newMobile(), acode: '86' });
    expect(await apiFailure(api.call(smsCode, { mobile: newMobile(), acode: '86' }))).toMatchObject({
      status: STATUS.RATE_LIMITED,
      data: { retryAfter: expect.any(Number) },
    });
    // Someone else, elsewhere, still gets a code.
    await client().call(smsCode, { mobile: newMobile(), acode: '86' });
  });
});

describe('foreign numbers: the 3-digit challenge', () => {
  it('answers CHALLENGE_REQUIRED with a challenge picture, and sends nothing', async () => {
    const before = (await outbox()).length;
    const error = await apiFailure(client().call(smsCode, { mobile: '852-91234567', acode: '852' }));
    expect(error).toMatchObject({ status: STATUS.WRONG_CODE, message: '请先完成验证' });
    const challenge = error.data as { challengeId: string; image: string };
    expect(challenge.challengeId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(challenge.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await outbox()).toHaveLength(before);

    // A real picture: it renders, and its source spells no digit out.
    const svg = Buffer.from(challenge.image.split(',')[1] as string, 'base64');
    expect(svg.toString()).not.toMatch(/<text|transform=/);
    const meta = await sharp(svg).metadata();
    expect(meta.width).toBeGreaterThan(100);
    const answer = await solve(challenge.challengeId);
    expect(svg.toString()).not.toContain(`>${answer}<`);
  });

  it('answers CHALLENGE_WRONG with a new challenge on a wrong answer, and the old one is used up', async () => {
    const api = client();
    const challenge = await api.call(smsChallenge, { acode: '852' });
    const right = await solve(challenge.challengeId);
    const wrong = String((Number(right) + 1) % 1000).padStart(3, '0');
    const error = await apiFailure(
      api.call(smsCode, { mobile: '91234567', acode: '852', challengeId: challenge.challengeId, challenge: wrong }),
    );
    expect(error).toMatchObject({ status: STATUS.WRONG_CODE, message: '验证码错误' });
    const next = error.data as { challengeId: string; image: string };
    expect(next.challengeId).not.toBe(challenge.challengeId);
    expect(next.image).toMatch(/^data:image\/svg\+xml;base64,/);
    // The first challenge is gone, even with its right answer now.
    expect(
      await apiFailure(
        api.call(smsCode, { mobile: '91234567', acode: '852', challengeId: challenge.challengeId, challenge: right }),
      ),
    ).toMatchObject({ status: STATUS.WRONG_CODE, message: '验证码错误' });
  });

  it('sends the code after a right answer, once per challenge', async () => {
    const api = client();
    const mobile = String(randomInt(60_000_000, 70_000_000));
    const required = await apiFailure(api.call(smsCode, { mobile: `852-${mobile}`, acode: '852' }));
    const { challengeId } = required.data as { challengeId: string };
    const answer = await solve(challengeId);
    expect(await api.call(smsCode, { mobile: `852-${mobile}`, acode: '852', challengeId, challenge: answer })).toEqual({
      expireIn: 300,
      resendIn: 60,
    });
    expect((await outbox()).at(-1)).toMatchObject({ acode: '852', mobile });
    // The same answer again does not pass (single use).
    const again = await apiFailure(
      client().call(smsCode, { mobile: `852-${mobile}`, acode: '852', challengeId, challenge: answer }),
    );
    expect(again.message).toBe('验证码错误');

    // And the code logs the foreign number in.
    const result = await client().call(mobileLogin, {
      mobile: `852-${mobile}`,
      acode: '852',
      smscode: await codeFromOutbox(mobile),
    });
    expect(result).toMatchObject({ isnew: true, acode: '852' });
  });
});

describe('POST /api/v1/user/login/mobile', () => {
  it('creates the account on first login: generated nickname and avatar, sign-up points', async () => {
    const mobile = newMobile();
    const result = await smsLogin(mobile);
    expect(result.isnew).toBe(true);
    expect(result.token.length).toBeGreaterThan(20);
    expect(result.nickname).toMatch(/^[\u4e00-\u9fa5]+_[2-9A-Z]{4}$/);
    expect([...result.nickname].length).toBeLessThanOrEqual(NICKNAME_MAX_LENGTH);
    expect(result.uname).toBe(result.nickname);
    expect(result.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(result).toMatchObject({ acode: '86', integral: POINTS.signup, ismine: 1, role: 'user' });
    expect(result.invite_code).toMatch(/^[0-9A-Z]{8}$/);
    expect(result.avatar).toMatch(/^avatars\/\d+-[0-9a-f]{16}\.webp$/);
    expect(await t.app.storage.exists(result.avatar)).toBe(true);
    const meta = await sharp(await t.app.storage.get(result.avatar)).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 256]);
  });

  it('logs the same person in again: same account, isnew false, no second sign-up bonus', async () => {
    const mobile = newMobile();
    const first = await smsLogin(mobile);
    const second = await secondLogin(mobile);
    expect(second).toMatchObject({ uid: first.uid, isnew: false, nickname: first.nickname, integral: POINTS.signup });
    expect(second.token).not.toBe(first.token);
  });

  it('answers 4001 on a wrong code', async () => {
    const mobile = newMobile();
    const api = client();
    await api.call(smsCode, { mobile, acode: '86' });
    const code = await codeFromOutbox(mobile);
    const wrong = String((Number(code) + 5) % 10_000).padStart(4, '0');
    const error = await apiFailure(api.call(mobileLogin, { mobile, acode: '86', smscode: wrong }));
    expect(error).toMatchObject({ status: STATUS.WRONG_CODE, message: '验证码错误，请重新输入' });
    expect(await apiFailure(api.call(mobileLogin, { mobile, acode: '86', smscode: '12' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
  });

  it('records the inviter and grants the sign-up, invitee and inviter points', async () => {
    const inviter = await createUser(t.app.db);
    const result = await smsLogin(newMobile(), { invite: inviteCodeFor(inviter.id).toLowerCase() });
    expect(result).toMatchObject({ isnew: true, integral: POINTS.signup + POINTS.invitee });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, result.uid));
    expect(row?.invitedBy).toBe(inviter.id);
    expect(await pointsBalance(t.app.db, inviter.id)).toBe(POINTS.inviter);
  });

  it.each([
    ['an unknown code', () => inviteCodeFor(9_999_999)],
    ['a malformed code', () => 'NOT-A-CODE!'],
  ])('ignores %s: the login works with sign-up points only', async (_what, code) => {
    const result = await smsLogin(newMobile(), { invite: code() });
    expect(result).toMatchObject({ isnew: true, integral: POINTS.signup });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, result.uid));
    expect(row?.invitedBy).toBeNull();
  });

  it('ignores the code of a deleted account, and an invite on a login that creates nothing', async () => {
    const gone = await createUser(t.app.db, { deletedAt: new Date() });
    const result = await smsLogin(newMobile(), { invite: inviteCodeFor(gone.id) });
    expect(result).toMatchObject({ isnew: true, integral: POINTS.signup });
    expect(await pointsBalance(t.app.db, gone.id)).toBe(0);

    const inviter = await createUser(t.app.db);
    const mobile = newMobile();
    await smsLogin(mobile);
    const again = await secondLogin(mobile, inviteCodeFor(inviter.id));
    expect(again).toMatchObject({ isnew: false, integral: POINTS.signup });
    expect(await pointsBalance(t.app.db, inviter.id)).toBe(0);
  });

  it('lets the number of a deleted account sign up again as a new account', async () => {
    const mobile = newMobile();
    const first = await smsLogin(mobile);
    // What account deletion does: the row stays, the number is released.
    await t.app.db
      .update(users)
      .set({ deletedAt: new Date(), acode: null, mobile: null })
      .where(eq(users.id, first.uid));
    const second = await secondLogin(mobile);
    expect(second.isnew).toBe(true);
    expect(second.uid).not.toBe(first.uid);

    // Even a deleted row that somehow kept the number does not block the new sign-up.
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, second.uid));
    const third = await secondLogin(mobile);
    expect(third.isnew).toBe(true);
    expect(third.uid).not.toBe(second.uid);
  });
});

describe('sessions: cookie, logout, logout-all, my account', () => {
  async function injectLogin(mobile: string) {
    const api = client();
    await api.call(smsCode, { mobile, acode: '86' });
    const body = { mobile, acode: '86', smscode: await codeFromOutbox(mobile) };
    return t.app.inject({
      method: 'POST',
      url: signedUrl(mobileLogin.path, t.config.API_SIGN_SECRET, { body }),
      payload: body,
      headers: { 'user-agent': 'vitest-browser' },
    });
  }

  it('sets the httpOnly, SameSite=Lax session cookie on login, and the cookie alone logs in', async () => {
    const response = await injectLogin(newMobile());
    const data = (response.json() as { data: { token: string; uid: number } }).data;
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=${data.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const me = await t.app.inject({
      method: 'GET',
      url: signedUrl(myAccount.path, t.config.API_SIGN_SECRET),
      cookies: { [SESSION_COOKIE]: data.token },
    });
    expect(me.json()).toMatchObject({ status: 200, data: { uid: data.uid, ismine: 1 } });
  });

  it('answers 2011 on my account, logout and logout-all without login', async () => {
    for (const call of [
      () => client().call(myAccount, {}),
      () => client().call(logout, {}),
      () => client().call(logoutAll, {}),
      () => client('not-a-real-token-but-long-enough').call(myAccount, {}),
    ]) {
      expect(await apiFailure(call())).toMatchObject({ status: STATUS.NOT_LOGGED_IN, message: '用户未登录' });
    }
  });

  it('logout ends this session only and clears the cookie', async () => {
    const result = await smsLogin(newMobile());
    const other = await loginAs(t, result.uid);
    expect(await clientWithToken(t, result.token).call(myAccount, {})).toMatchObject({ uid: result.uid });

    const response = await t.app.inject({
      method: 'POST',
      url: signedUrl(logout.path, t.config.API_SIGN_SECRET, { body: {} }),
      payload: {},
      headers: { authorization: `Bearer ${result.token}` },
    });
    expect(response.json()).toEqual({ status: 200, data: { result: true }, message: expect.any(String) });
    const cleared = String(response.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    expect(await apiFailure(clientWithToken(t, result.token).call(myAccount, {}))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
    });
    // The other device is still logged in.
    expect(await other.api.call(myAccount, {})).toMatchObject({ uid: result.uid });
  });

  it('logout-all ends every session of the viewer, and only theirs', async () => {
    const result = await smsLogin(newMobile());
    const phone = await loginAs(t, result.uid, 'phone');
    const tablet = await loginAs(t, result.uid, 'tablet');
    const someoneElse = await loginAs(t, (await createUser(t.app.db)).id);

    expect(await phone.api.call(logoutAll, {})).toEqual({ result: true, sessions: 3 });
    for (const api of [clientWithToken(t, result.token), phone.api, tablet.api]) {
      expect(await apiFailure(api.call(myAccount, {}))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    }
    expect(await someoneElse.api.call(myAccount, {})).toMatchObject({ ismine: 1 });
  });

  it('my account is the viewer’s own, with masked number, invite code and points', async () => {
    const mobile = newMobile();
    const result = await smsLogin(mobile);
    const account = await client(result.token).call(myAccount, {});
    const { token: _token, isnew: _isnew, ...expected } = result;
    expect(account).toEqual(expected);
  });
});

/**
 * A later login of a number that just logged in: the app's own limiter would make the
 * test wait out the 60 s window, so this one goes through the same services with a
 * limiter of its own (the limits have their own tests).
 */
async function secondLogin(mobile: string, invite?: string) {
  const deps: AuthDeps = {
    db: t.app.db,
    sms: t.app.sms,
    limiter: createMemoryRateLimiter(),
    storage: t.app.storage,
    log: t.app.log,
    now: () => new Date(),
  };
  await sendLoginCode(deps, { mobile, acode: '86' }, '10.99.0.1');
  return loginWithSmsCode(deps, { mobile, acode: '86', smscode: await codeFromOutbox(mobile), invite }, 'vitest');
}

describe('SMS provider failure through the API', () => {
  let fake: Server;
  let failing: TestApp;
  beforeAll(async () => {
    fake = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'x' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    failing = await buildTestApp({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '车友圈',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_SMS_ENDPOINT: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await failing?.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('answers SMS_SEND_FAILED and keeps no code for the number', async () => {
    const mobile = newMobile();
    expect(failing.app.sms.kind).toBe('aliyun');
    const error = await apiFailure(failing.api.call(smsCode, { mobile, acode: '86' }));
    expect(error).toMatchObject({ status: STATUS.SERVER_ERROR, message: '验证码发送失败，请稍后再试' });
    expect(
      await failing.app.db
        .select()
        .from(smsCodes)
        .where(eq(smsCodes.phone, `86-${mobile}`)),
    ).toEqual([]);
  });
});
