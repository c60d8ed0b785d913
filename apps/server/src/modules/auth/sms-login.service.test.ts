import { randomInt } from 'node:crypto';
import { SMS_CODE_MAX_ATTEMPTS, SMS_LIMITS } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMemoryRateLimiter } from '../../platform/rate-limit.ts';
import type { SmsMessage, SmsProvider } from '../../platform/sms/index.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { users } from '../accounts/accounts.tables.ts';
import { smsCodes } from './auth.tables.ts';
import { type AuthDeps, loginWithSmsCode, SMS_RESEND_S, sendLoginCode } from './sms-login.service.ts';

/**
 * The code rules and SMS limits, driven through the service with a clock the test
 * moves, a fresh in-memory limiter on that clock, and a provider that records what it
 * was asked to send (the code a person would read on their phone).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const silentLog = { info() {}, warn() {}, error() {} };

type Harness = {
  deps: AuthDeps;
  sent: SmsMessage[];
  /** Moves the clock forward. */
  advance(seconds: number): void;
  /** The last code sent to `mobile`. */
  codeOf(mobile: string): string;
};

function harness(provider?: (message: SmsMessage) => Promise<void>, storage?: StorageProvider): Harness {
  let clock = Date.now();
  const sent: SmsMessage[] = [];
  const sms: SmsProvider = {
    kind: 'test',
    async send(message) {
      sent.push(message);
      if (provider) await provider(message);
    },
  };
  const deps: AuthDeps = {
    db: t.app.db,
    sms,
    limiter: createMemoryRateLimiter(() => clock),
    storage: storage ?? t.app.storage,
    log: silentLog,
    now: () => new Date(clock),
  };
  return {
    deps,
    sent,
    advance(seconds) {
      clock += seconds * 1000;
    },
    codeOf(mobile) {
      const message = sent.filter((m) => m.mobile === mobile).at(-1);
      if (!message) throw new Error(`no code was sent to ${mobile}`);
      return message.code;
    },
  };
}

/** A mainland number in a random block, so tests never share limits by accident. */
function newMobile(block?: string): string {
  const head = block ?? `13${randomInt(3, 10)}${String(randomInt(10_000)).padStart(4, '0')}`;
  return `${head}${String(randomInt(10_000)).padStart(4, '0')}`;
}

let ipCounter = 0;
function newIp(): string {
  ipCounter += 1;
  return `10.20.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

const send = (h: Harness, mobile: string, ip = newIp()) => sendLoginCode(h.deps, { mobile, acode: '86' }, ip);
const login = (h: Harness, mobile: string, smscode: string) =>
  loginWithSmsCode(h.deps, { mobile, acode: '86', smscode }, 'vitest');

describe('sms code: limits per number', () => {
  it('sends one code per 60 s, and says how many seconds are left', async () => {
    const h = harness();
    const mobile = newMobile();
    expect(await send(h, mobile)).toEqual({ expireIn: 300, resendIn: SMS_RESEND_S });
    expect(SMS_RESEND_S).toBe(60);
    h.advance(10);
    const error = await appFailure(send(h, mobile));
    expect(error.code).toBe('SMS_TOO_FREQUENT');
    expect(error.data).toEqual({ retryAfter: 50 });
    expect(error.message).toBe('验证码发送过于频繁，请 50 秒后再试');
    h.advance(49);
    expect(await appFailure(send(h, mobile))).toMatchObject({ data: { retryAfter: 1 } });
    h.advance(1);
    await send(h, mobile);
    expect(h.sent.filter((m) => m.mobile === mobile)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to a number', async () => {
    const h = harness();
    const mobile = newMobile();
    for (let i = 0; i < 5; i++) {
      await send(h, mobile);
      h.advance(61);
    }
    // 305 s into the hour: 3295 s until it resets.
    const error = await appFailure(send(h, mobile));
    expect(error).toMatchObject({ code: 'SMS_TOO_FREQUENT', data: { retryAfter: 3600 - 305 } });
    h.advance(3600 - 305);
    await send(h, mobile);
    expect(h.sent.filter((m) => m.mobile === mobile)).toHaveLength(6);
  });

  it('sends at most 10 codes a day to a number', async () => {
    const h = harness();
    const mobile = newMobile();
    let elapsed = 0;
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        await send(h, mobile);
        h.advance(61);
        elapsed += 61;
      }
      h.advance(3600 - 5 * 61);
      elapsed += 3600 - 5 * 61;
    }
    const error = await appFailure(send(h, mobile));
    expect(error).toMatchObject({ code: 'SMS_TOO_FREQUENT', data: { retryAfter: 86_400 - elapsed } });
    h.advance(86_400 - elapsed);
    await send(h, mobile);
    expect(h.sent.filter((m) => m.mobile === mobile)).toHaveLength(11);
  });
});

describe('sms code: limits per address and per number block', () => {
  it('sends at most SMS_LIMITS.perIp codes an hour from one address, whatever the numbers', async () => {
    const h = harness();
    const ip = newIp();
    const [hourly] = SMS_LIMITS.perIp;
    for (let i = 0; i < hourly.limit; i++) await send(h, newMobile(), ip);
    const error = await appFailure(send(h, newMobile(), ip));
    expect(error).toMatchObject({ code: 'SMS_TOO_FREQUENT', data: { retryAfter: hourly.windowSeconds } });
    // Another address is not affected.
    await send(h, newMobile(), newIp());
  });

  it('does not count resend spam stopped by the 60 s window against the address', async () => {
    const h = harness();
    const ip = newIp();
    const mobile = newMobile();
    await send(h, mobile, ip);
    for (let i = 0; i < 20; i++) {
      expect(await appFailure(send(h, mobile, ip))).toMatchObject({ code: 'SMS_TOO_FREQUENT' });
    }
    // The address still has its whole hourly budget but the one code it sent.
    for (let i = 1; i < SMS_LIMITS.perIp[0].limit; i++) await send(h, newMobile(), ip);
    expect(await appFailure(send(h, newMobile(), ip))).toMatchObject({ code: 'SMS_TOO_FREQUENT' });
  });

  it('does not spend a number’s hourly budget on requests refused by the address limit', async () => {
    const h = harness();
    const ip = newIp();
    for (let i = 0; i < SMS_LIMITS.perIp[0].limit; i++) await send(h, newMobile(), ip);
    const victim = newMobile();
    // Refused by the address limit, once a minute for five minutes…
    for (let i = 0; i < 5; i++) {
      expect(await appFailure(send(h, victim, ip))).toMatchObject({ code: 'SMS_TOO_FREQUENT' });
      h.advance(61);
    }
    // …and the number can still get its 5 codes this hour from its owner's phone.
    for (let i = 0; i < 5; i++) {
      await send(h, victim, newIp());
      h.advance(61);
    }
    expect(h.sent.filter((m) => m.mobile === victim)).toHaveLength(5);
  });

  it('sends at most SMS_LIMITS.perPrefix codes an hour into one number block', async () => {
    const h = harness();
    const block = `1370${String(randomInt(1000)).padStart(3, '0')}`;
    const [hourly] = SMS_LIMITS.perPrefix;
    const numbers = Array.from({ length: hourly.limit + 1 }, (_, i) => `${block}${String(i).padStart(4, '0')}`);
    for (const mobile of numbers.slice(0, hourly.limit)) await send(h, mobile);
    const error = await appFailure(send(h, numbers[hourly.limit] as string));
    expect(error).toMatchObject({ code: 'SMS_TOO_FREQUENT', data: { retryAfter: hourly.windowSeconds } });
    // Another block is not affected.
    await send(h, newMobile());
  });
});

describe('sms code: use', () => {
  it('logs in with the code within 5 minutes, and not at 5 minutes', async () => {
    const h = harness();
    const early = newMobile();
    const late = newMobile();
    await send(h, early);
    await send(h, late);
    h.advance(299);
    expect((await login(h, early, h.codeOf(early))).isnew).toBe(true);
    h.advance(1);
    expect(await appFailure(login(h, late, h.codeOf(late)))).toMatchObject({ code: 'SMS_CODE_WRONG', status: 4001 });
  });

  it('is single use', async () => {
    const h = harness();
    const mobile = newMobile();
    await send(h, mobile);
    const code = h.codeOf(mobile);
    await login(h, mobile, code);
    expect(await appFailure(login(h, mobile, code))).toMatchObject({ code: 'SMS_CODE_WRONG' });
  });

  it('is bound to its number: the code of A does not log in B, nor cost A a try', async () => {
    const h = harness();
    const a = newMobile();
    const b = newMobile();
    await send(h, a);
    await send(h, b);
    const codeA = h.codeOf(a);
    const codeB = h.codeOf(b);
    if (codeA !== codeB) {
      expect(await appFailure(login(h, b, codeA))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    }
    // A number with no code at all is not logged in by someone else's code either.
    expect(await appFailure(login(h, newMobile(), codeA))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    const [rowA] = await t.app.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, `86-${a}`));
    expect(rowA?.attempts).toBe(0);
    expect((await login(h, a, codeA)).isnew).toBe(true);
    expect((await login(h, b, codeB)).isnew).toBe(true);
  });

  it('survives 4 wrong tries but dies on the 5th, even for the right code afterwards', async () => {
    const h = harness();
    const four = newMobile();
    const five = newMobile();
    await send(h, four);
    await send(h, five);
    const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS - 1; i++) {
      expect(await appFailure(login(h, four, wrong(h.codeOf(four))))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    }
    expect((await login(h, four, h.codeOf(four))).isnew).toBe(true);

    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      expect(await appFailure(login(h, five, wrong(h.codeOf(five))))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    }
    expect(await appFailure(login(h, five, h.codeOf(five)))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    const rows = await t.app.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, `86-${five}`));
    expect(rows).toEqual([]);
  });

  it('replaces the previous code when a new one is sent', async () => {
    const h = harness();
    const mobile = newMobile();
    await send(h, mobile);
    const first = h.codeOf(mobile);
    h.advance(60);
    await send(h, mobile);
    const second = h.codeOf(mobile);
    if (first !== second) {
      expect(await appFailure(login(h, mobile, first))).toMatchObject({ code: 'SMS_CODE_WRONG' });
    }
    expect((await login(h, mobile, second)).isnew).toBe(true);
  });

  it('draws codes of 4 random digits', async () => {
    const h = harness();
    const codes = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const mobile = newMobile();
      await send(h, mobile);
      codes.add(h.codeOf(mobile));
    }
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    expect(codes.size).toBeGreaterThan(6);
  });

  it('stores only a hash of the code', async () => {
    const h = harness();
    const mobile = newMobile();
    await send(h, mobile);
    const [row] = await t.app.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, `86-${mobile}`));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(h.codeOf(mobile));
  });
});

describe('sms code: provider failure', () => {
  it('answers SMS_SEND_FAILED and leaves no usable code behind', async () => {
    const h = harness(async () => {
      throw new Error('gateway down');
    });
    const mobile = newMobile();
    expect(await appFailure(send(h, mobile))).toMatchObject({ code: 'SMS_SEND_FAILED', status: 5000 });
    const rows = await t.app.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, `86-${mobile}`));
    expect(rows).toEqual([]);
    // The provider saw the code; it must not log anyone in.
    expect(await appFailure(login(h, mobile, h.codeOf(mobile)))).toMatchObject({ code: 'SMS_CODE_WRONG' });
  });
});

describe('sign-up failure', () => {
  it('leaves no account, no avatar file and a still-usable code when the sign-up fails half way', async () => {
    const written: string[] = [];
    // The file lands, then the write reports failure: the worst case for clean-up.
    const brokenStorage: StorageProvider = {
      ...t.app.storage,
      async put(key, data, contentType) {
        await t.app.storage.put(key, data, contentType);
        written.push(key);
        throw new Error('disk full');
      },
    };
    const broken = harness(undefined, brokenStorage);
    const mobile = newMobile();
    await send(broken, mobile);
    const code = broken.codeOf(mobile);
    const error = await login(broken, mobile, code).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(written).toHaveLength(1);
    expect(await t.app.storage.exists(written[0] as string)).toBe(false);
    expect(await t.app.db.select().from(users).where(eq(users.mobile, mobile))).toEqual([]);

    // Nothing was half done: the same code now signs up for real.
    const working = { ...broken, deps: { ...broken.deps, storage: t.app.storage } };
    const result = await login(working, mobile, code);
    expect(result.isnew).toBe(true);
    expect(await t.app.storage.exists(result.avatar)).toBe(true);
  });
});
