// Abuse limits (issue 22 part 5), checked in one place. Every limit is hit through the
// API as a client would hit it; the refusal is RATE_LIMITED (4029) in an HTTP 200
// envelope (ARCHITECTURE.md: business errors keep HTTP 200) with the documented zh-CN
// message, `data.retryAfter`, and the same whole seconds in an HTTP Retry-After header;
// and what the refused call would have written is not there. Size and decompression-bomb
// limits are refusals of the input, not of the rate: they answer their own status and no
// Retry-After. The last block runs two apps on one Redis, as two processes would.

import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import {
  AI_TOTAL_LIMIT,
  type ApiClient,
  aiTextToImage,
  bookmarkMeta,
  CAPTION_UPLOAD_MAX_BYTES,
  CHAT_SEND_RATE_LIMIT,
  chatSend,
  createApiClient,
  ERRORS,
  type ErrorCode,
  followAct,
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadToken,
  LOGIN_ATTEMPTS_PER_IP,
  mobileLogin,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_LIMITS,
  STATUS,
  searchRecord,
  sendTeamChat,
  smsChallenge,
  smsCode,
  UPLOADS_PER_HOUR,
  uploadCaption,
  uploadImage,
  uploadVideo,
  videoUploadToken,
} from '@evcircle/contract';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiJobs } from '../src/modules/ai/ai.tables.ts';
import { resetTimeOf } from '../src/modules/ai/ai-usage.ts';
import { sessions, smsChallenges, smsCodes } from '../src/modules/auth/auth.tables.ts';
import { CHALLENGE_LIMIT } from '../src/modules/auth/challenge.service.ts';
import { bookmarkPageMeta } from '../src/modules/bookmarks/bookmarks.tables.ts';
import { chatMessages } from '../src/modules/chat/chat.tables.ts';
import { searchHistory } from '../src/modules/search/search.tables.ts';
import { uploads } from '../src/modules/uploads/uploads.tables.ts';
import { createInjectFetch } from '../src/platform/inject-fetch.ts';
import { shanghaiDay } from '../src/platform/shanghai-day.ts';
import { type OutboxLine, smsOutboxFile } from '../src/platform/sms/console.ts';
import { apiFailure } from './api-failure.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { newPerson, type Person } from './login-as.ts';
import { deleteRedisKeys, uniqueName } from './scratch-backends.ts';
import { signedUrl } from './signed.ts';
import { blackPng, form } from './test-media.ts';

/** A contract client that keeps the last HTTP response, so a test can read its headers. */
type Caller = { api: ApiClient; last(): Response };

function callerOf(t: TestApp, options: { token?: string; remoteAddress?: string } = {}): Caller {
  const inject = createInjectFetch(t.app, {}, { remoteAddress: options.remoteAddress });
  let last: Response | null = null;
  const api = createApiClient({
    baseUrl: '',
    signSecret: t.config.API_SIGN_SECRET,
    fetch: async (input, init) => {
      last = await inject(input, init);
      return last.clone();
    },
    getToken: () => options.token,
  });
  return {
    api,
    last() {
      if (!last) throw new Error('no call made yet');
      return last;
    },
  };
}

/** The message of a rate-limit refusal `code` as the contract words it for `seconds`. */
function messageOf(code: ErrorCode, seconds: number): string {
  return ERRORS[code].message.replace('{seconds}', String(seconds));
}

/**
 * Asserts that `call` was refused as rate limited: HTTP 200, status 4029, `code`'s
 * message, `data.retryAfter` a whole number of seconds within (0, maxSeconds], and the
 * same number in the Retry-After header. Answers the seconds.
 */
async function expectLimited(
  caller: Caller,
  call: Promise<unknown>,
  maxSeconds: number,
  code: ErrorCode = 'RATE_LIMITED',
): Promise<number> {
  const error = await apiFailure(call);
  expect(error.httpStatus).toBe(200);
  expect(error.status).toBe(STATUS.RATE_LIMITED);
  const { retryAfter } = error.data as { retryAfter: number };
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(error.message).toBe(messageOf(code, retryAfter));
  expect(caller.last().headers.get('retry-after')).toBe(String(retryAfter));
  return retryAfter;
}

let ipCounter = 0;
/** A client address of its own (198.18.0.0/15 is for tests), so per-address counts never mix. */
function newAddress(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let mobileCounter = 0;
/** A mainland number block (all but the last 4 digits) no other test uses. */
function newPrefix(): string {
  mobileCounter += 1;
  return `139${process.pid % 10}${String(mobileCounter).padStart(3, '0')}`;
}
const numberIn = (prefix: string, n: number) => `${prefix}${String(n).padStart(4, '0')}`;

let t: TestApp;
/** The local site bookmark/meta fetches from (test-only loopback allowance), and what it was asked for. */
let site: http.Server;
let origin = '';
const siteHits = new Map<string, number>();

beforeAll(async () => {
  // The API-wide limit has its own app below: here it must not stop the other limits' loops.
  t = await buildTestApp({ RATE_LIMIT_MAX: 100_000, BOOKMARK_FETCH_ALLOW_LOOPBACK: true });
  const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  site = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    siteHits.set(path, (siteHits.get(path) ?? 0) + 1);
    if (path === '/bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<title>充电站 ${path}</title>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await t.close();
});

async function outbox(): Promise<OutboxLine[]> {
  const text = await readFile(smsOutboxFile(t.config.DATA_DIR), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}
const sentTo = async (mobile: string) => (await outbox()).filter((line) => line.mobile === mobile);
const storedCode = (mobile: string) =>
  t.app.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phone, `86-${mobile}`));

describe('SMS codes', () => {
  const challengeCount = async () => (await t.app.db.select({ id: smsChallenges.id }).from(smsChallenges)).length;
  const send = (caller: Caller, mobile: string) => caller.api.call(smsCode, { mobile, acode: '86' });

  it('per number: one code a minute, from any address', async () => {
    const mobile = numberIn(newPrefix(), 1);
    const first = callerOf(t, { remoteAddress: newAddress() });
    await send(first, mobile);
    const [code] = await storedCode(mobile);

    const seconds = await expectLimited(first, send(first, mobile), 60, 'SMS_TOO_FREQUENT');
    expect(seconds).toBeGreaterThanOrEqual(SMS_LIMITS.perNumber[0].windowSeconds - 1);
    const elsewhere = callerOf(t, { remoteAddress: newAddress() });
    await expectLimited(elsewhere, send(elsewhere, mobile), 60, 'SMS_TOO_FREQUENT');

    expect(await sentTo(mobile)).toHaveLength(1);
    expect(await storedCode(mobile)).toEqual([code]);
  });

  it('per address: SMS_LIMITS.perIp an hour, then nothing is sent from it', async () => {
    const address = newAddress();
    const caller = callerOf(t, { remoteAddress: address });
    const { limit, windowSeconds } = SMS_LIMITS.perIp[0];
    // Each number in a block of its own, so only the address's count grows.
    for (let i = 0; i < limit; i++) await send(caller, numberIn(newPrefix(), 1));
    const refused = numberIn(newPrefix(), 1);
    await expectLimited(caller, send(caller, refused), windowSeconds, 'SMS_TOO_FREQUENT');
    expect(await sentTo(refused)).toEqual([]);
    expect(await storedCode(refused)).toEqual([]);
    // Another address is not limited by it.
    const other = numberIn(newPrefix(), 1);
    await send(callerOf(t, { remoteAddress: newAddress() }), other);
    expect(await sentTo(other)).toHaveLength(1);
  });

  it('per number block: SMS_LIMITS.perPrefix an hour over all addresses', async () => {
    const prefix = newPrefix();
    const { limit, windowSeconds } = SMS_LIMITS.perPrefix[0];
    const perAddress = SMS_LIMITS.perIp[0].limit;
    let caller = callerOf(t, { remoteAddress: newAddress() });
    for (let n = 0; n < limit; n++) {
      if (n % perAddress === 0) caller = callerOf(t, { remoteAddress: newAddress() });
      await send(caller, numberIn(prefix, n));
    }
    const fresh = callerOf(t, { remoteAddress: newAddress() });
    const refused = numberIn(prefix, limit);
    await expectLimited(fresh, send(fresh, refused), windowSeconds, 'SMS_TOO_FREQUENT');
    expect(await sentTo(refused)).toEqual([]);
    expect(await storedCode(refused)).toEqual([]);
    // Another block is untouched.
    await send(fresh, numberIn(newPrefix(), 1));
  });

  it('foreign-number challenges: CHALLENGE_LIMIT per address, then no new challenge row', async () => {
    const caller = callerOf(t, { remoteAddress: newAddress() });
    for (let i = 0; i < CHALLENGE_LIMIT.limit; i++) await caller.api.call(smsChallenge, { acode: '852' });
    const before = await challengeCount();
    await expectLimited(caller, caller.api.call(smsChallenge, { acode: '852' }), CHALLENGE_LIMIT.windowSeconds);
    expect(await challengeCount()).toBe(before);
  });
});

describe('login attempts', () => {
  const login = (caller: Caller, mobile: string, smscode: string) =>
    caller.api.call(mobileLogin, { mobile, smscode, acode: '86' });
  const sessionCount = async () => (await t.app.db.select({ id: sessions.id }).from(sessions)).length;

  async function codeFor(mobile: string): Promise<string> {
    await callerOf(t, { remoteAddress: newAddress() }).api.call(smsCode, { mobile, acode: '86' });
    const line = (await sentTo(mobile)).at(-1);
    if (!line) throw new Error(`no code sent to ${mobile}`);
    return line.code;
  }
  const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it(`a code dies after ${SMS_CODE_MAX_ATTEMPTS} wrong tries: even the right one then fails`, async () => {
    const mobile = numberIn(newPrefix(), 1);
    const code = await codeFor(mobile);
    const caller = callerOf(t, { remoteAddress: newAddress() });
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++) {
      expect((await apiFailure(login(caller, mobile, wrongOf(code)))).message).toBe(ERRORS.SMS_CODE_WRONG.message);
    }
    const before = await sessionCount();
    const late = await apiFailure(login(caller, mobile, code));
    expect(late).toMatchObject({ status: STATUS.WRONG_CODE, message: ERRORS.SMS_CODE_WRONG.message });
    expect(await sessionCount()).toBe(before);
    expect(await storedCode(mobile)).toEqual([]);
  });

  it('per address: LOGIN_ATTEMPTS_PER_IP, then even a right code is refused and stays usable', async () => {
    const caller = callerOf(t, { remoteAddress: newAddress() });
    const { limit, windowSeconds } = LOGIN_ATTEMPTS_PER_IP;
    // Wrong guesses spread over numbers, as a script walking many accounts would.
    for (let i = 0; i < limit; i++) {
      const error = await apiFailure(login(caller, numberIn(newPrefix(), 1), '0000'));
      expect(error.status).toBe(STATUS.WRONG_CODE);
    }
    const mobile = numberIn(newPrefix(), 1);
    const code = await codeFor(mobile);
    const before = await sessionCount();
    await expectLimited(caller, login(caller, mobile, code), windowSeconds);
    expect(await sessionCount()).toBe(before);
    expect(await storedCode(mobile)).toHaveLength(1);
    // The refusal spent nothing of the number's: from another address the code logs in.
    const account = await login(callerOf(t, { remoteAddress: newAddress() }), mobile, code);
    expect(account.token).toBeTruthy();
  });
});

describe('uploads', () => {
  let person: Person;
  let caller: Caller;
  beforeAll(async () => {
    person = await newPerson(t);
    caller = callerOf(t, { token: person.token });
  });
  const uploadsOf = (userId: number) => t.app.db.select().from(uploads).where(eq(uploads.userId, userId));

  it('size: a file over IMAGE_UPLOAD_MAX_BYTES or CAPTION_UPLOAD_MAX_BYTES is refused and not stored', async () => {
    const big = Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 0xff);
    big.set([0xff, 0xd8, 0xff], 0);
    const image = await apiFailure(caller.api.call(uploadImage, form(big, 'big.jpg', 'image/jpeg')));
    expect(image).toMatchObject({
      status: STATUS.PAYLOAD_TOO_LARGE,
      message: ERRORS.FILE_TOO_LARGE.message.replace('{limit}', String(IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024)),
    });
    expect(caller.last().headers.get('retry-after')).toBeNull();

    const caption = Buffer.from(`WEBVTT\n\n${'00:00:01.000 --> 00:00:02.000\n字幕\n\n'.repeat(20_000)}`);
    expect(caption.length).toBeGreaterThan(CAPTION_UPLOAD_MAX_BYTES);
    const refused = await apiFailure(caller.api.call(uploadCaption, form(caption, 'big.vtt', 'text/vtt')));
    expect(refused.status).toBe(STATUS.PAYLOAD_TOO_LARGE);
    expect(refused.message).toBe(
      ERRORS.CAPTION_TOO_LARGE.message.replace('{limit}', String(CAPTION_UPLOAD_MAX_BYTES / 1024)),
    );
    expect(await uploadsOf(person.id)).toEqual([]);
  });

  it('decompression bomb: a small PNG of more than IMAGE_MAX_MEGAPIXELS is refused before decoding', async () => {
    const bomb = blackPng(10_000, 5_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const error = await apiFailure(caller.api.call(uploadImage, form(bomb, 'bomb.png', 'image/png')));
    expect(error).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: ERRORS.IMAGE_TOO_LARGE.message.replace('{limit}', String(IMAGE_MAX_MEGAPIXELS * 100)),
    });
    expect(caller.last().headers.get('retry-after')).toBeNull();
    expect(await uploadsOf(person.id)).toEqual([]);
  });

  it('decompression bomb: a gzip-encoded request body is not inflated', async () => {
    // No endpoint takes compressed input, so the body is read as it came: a few KB of gzip
    // that would inflate to 64 MB of valid JSON are malformed JSON, and nothing is recorded.
    const json = Buffer.concat([Buffer.from('{"word":"压缩的词"}'), Buffer.alloc(64 * 1024 * 1024, 0x20)]);
    const payload = zlib.gzipSync(json, { level: 9 });
    expect(payload.length).toBeLessThan(t.config.BODY_LIMIT_BYTES);
    const response = await t.app.inject({
      method: 'POST',
      url: signedUrl(searchRecord.path, t.config.API_SIGN_SECRET, { body: { word: '压缩的词' } }),
      headers: {
        authorization: `Bearer ${person.token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: ERRORS.MALFORMED_JSON.message });
    expect(await t.app.db.select().from(searchHistory).where(eq(searchHistory.userId, person.id))).toEqual([]);
  });

  it('decompression bomb: a gzip page of 64 MB behind bookmark/meta is cut off at the cap', async () => {
    const me = callerOf(t, { token: (await newPerson(t)).token });
    const error = await apiFailure(me.api.call(bookmarkMeta, { url: `${origin}/bomb` }));
    expect(error).toMatchObject({
      httpStatus: 200,
      status: STATUS.PAYLOAD_TOO_LARGE,
      message: ERRORS.BOOKMARK_PAGE_TOO_LARGE.message,
    });
    expect(
      await t.app.db
        .select()
        .from(bookmarkPageMeta)
        .where(eq(bookmarkPageMeta.url, `${origin}/bomb`)),
    ).toEqual([]);
  });

  it('images an hour: UPLOADS_PER_HOUR.image, tokens and uploads through the server counted together', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    for (let i = 0; i < UPLOADS_PER_HOUR.image - 1; i++) await mine.api.call(imageUploadToken, {});
    const photo = await tinyJpeg();
    await mine.api.call(uploadImage, form(photo, 'a.jpg', 'image/jpeg'));
    expect(await uploadsOf(me.id)).toHaveLength(1);

    await expectLimited(mine, mine.api.call(uploadImage, form(photo, 'b.jpg', 'image/jpeg')), 3600);
    await expectLimited(mine, mine.api.call(imageUploadToken, {}), 3600);
    expect(await uploadsOf(me.id)).toHaveLength(1);
    // Videos count on their own, and so does everyone else.
    await mine.api.call(videoUploadToken, {});
    await person.api.call(imageUploadToken, {});
  });

  it('videos an hour: UPLOADS_PER_HOUR.video, tokens and uploads through the server counted together', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    for (let i = 0; i < UPLOADS_PER_HOUR.video; i++) await mine.api.call(videoUploadToken, {});
    // Refused before a byte of the file is read.
    const clip = Buffer.alloc(1024, 1);
    await expectLimited(mine, mine.api.call(uploadVideo, form(clip, 'a.mp4', 'video/mp4')), 3600);
    await expectLimited(mine, mine.api.call(videoUploadToken, {}), 3600);
    expect(await uploadsOf(me.id)).toEqual([]);
  });

  it('captions an hour: UPLOADS_PER_HOUR.caption', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    const vtt = (i: number) => Buffer.from(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n第 ${i} 句\n`);
    for (let i = 0; i < UPLOADS_PER_HOUR.caption; i++) {
      await mine.api.call(uploadCaption, form(vtt(i), `${i}.vtt`, 'text/vtt'));
    }
    const before = await uploadsOf(me.id);
    await expectLimited(mine, mine.api.call(uploadCaption, form(vtt(99), 'late.vtt', 'text/vtt')), 3600);
    expect(await uploadsOf(me.id)).toHaveLength(before.length);
  });
});

describe('AI generations', () => {
  const jobsOf = (userId: number) => t.app.db.select().from(aiJobs).where(eq(aiJobs.userId, userId));

  it('a burst: the generation limit per minute, then no job is started', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    const { limit, windowSeconds } = aiTextToImage.rateLimit?.windows[0] ?? { limit: 0, windowSeconds: 0 };
    expect(limit).toBeGreaterThan(0);
    // Refused calls count too (the limit is checked before the input): a script cannot
    // probe for free. An unknown style is refused without starting anything.
    for (let i = 0; i < limit; i++) {
      const error = await apiFailure(mine.api.call(aiTextToImage, { prompt: '车', style: 'nope' } as never));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    await expectLimited(mine, mine.api.call(aiTextToImage, { prompt: '海边的电动车' }), windowSeconds);
    expect(await jobsOf(me.id)).toEqual([]);
  });

  it('a day: AI_TOTAL_LIMIT, then AI_DAILY_LIMIT until midnight in Beijing', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    const now = new Date();
    await t.app.db.insert(aiJobs).values(
      Array.from({ length: AI_TOTAL_LIMIT }, () => ({
        userId: me.id,
        kind: 'image' as const,
        state: 'succeeded' as const,
        prompt: 'earlier',
        style: 'auto',
        aspect: '1:1',
        width: 1024,
        height: 1024,
        charge: 'free' as const,
        vip: false,
        day: shanghaiDay(now),
        providerName: 'earlier',
        providerLocal: true,
      })),
    );
    const untilMidnight = Math.ceil((Date.parse(resetTimeOf(now)) - now.getTime()) / 1000);
    const seconds = await expectLimited(
      mine,
      mine.api.call(aiTextToImage, { prompt: '第二十一张' }),
      untilMidnight,
      'AI_DAILY_LIMIT',
    );
    expect(seconds).toBeGreaterThanOrEqual(untilMidnight - 5);
    expect(await jobsOf(me.id)).toHaveLength(AI_TOTAL_LIMIT);
  });
});

describe('chat sends', () => {
  it('CHAT_SEND_RATE_LIMIT: a burst of 20 in 10 s, private and team chats counted together', async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    const { limit, windowSeconds } = CHAT_SEND_RATE_LIMIT.windows[0];
    const mine = callerOf(t, { token: a.token });
    // Friends, so the stranger limit (a different rule) does not answer first.
    await a.api.call(followAct, { uid: b.id });
    await b.api.call(followAct, { uid: a.id });
    for (let i = 0; i < limit; i++) await mine.api.call(chatSend, { receiver_id: b.id, content: `第 ${i} 条` });

    await expectLimited(mine, mine.api.call(chatSend, { receiver_id: b.id, content: '多一条' }), windowSeconds);
    await expectLimited(mine, mine.api.call(sendTeamChat, { team_id: 1, content: '队里说一声' }), windowSeconds);
    const stored = await t.app.db.select().from(chatMessages).where(eq(chatMessages.senderId, a.id));
    expect(stored).toHaveLength(limit);
    // The other person is not limited by it.
    await b.api.call(chatSend, { receiver_id: a.id, content: '收到' });
  });
});

describe('bookmark page fetches', () => {
  it('bookmark/meta: 20 a minute per person, then the page is not fetched', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    const { limit, windowSeconds } = bookmarkMeta.rateLimit?.windows[0] ?? { limit: 0, windowSeconds: 0 };
    expect(limit).toBeGreaterThan(0);
    const tag = uniqueName();
    for (let i = 0; i < limit; i++) await mine.api.call(bookmarkMeta, { url: `${origin}/${tag}/${i}` });
    const late = `/${tag}/late`;
    await expectLimited(mine, mine.api.call(bookmarkMeta, { url: `${origin}${late}` }), windowSeconds);
    expect(siteHits.get(late)).toBeUndefined();
    expect(
      await t.app.db
        .select()
        .from(bookmarkPageMeta)
        .where(eq(bookmarkPageMeta.url, `${origin}${late}`)),
    ).toEqual([]);
  });
});

describe('search recording', () => {
  it('search/info/record: 60 a minute per person, then the history is not written', async () => {
    const me = await newPerson(t);
    const mine = callerOf(t, { token: me.token });
    const { limit, windowSeconds } = searchRecord.rateLimit?.windows[0] ?? { limit: 0, windowSeconds: 0 };
    expect(limit).toBeGreaterThan(0);
    for (let i = 0; i < limit; i++) await mine.api.call(searchRecord, { word: `充电桩${i}` });
    await expectLimited(mine, mine.api.call(searchRecord, { word: '超限的词' }), windowSeconds);
    const late = await t.app.db
      .select()
      .from(searchHistory)
      .where(and(eq(searchHistory.userId, me.id), inArray(searchHistory.word, ['超限的词'])));
    expect(late).toEqual([]);
  });
});

describe('the API-wide limit per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ RATE_LIMIT_MAX: 3 });
  });
  afterAll(() => limited.close());

  it('RATE_LIMIT_MAX calls a minute from one address, whatever the endpoint', async () => {
    const me = await newPerson(limited);
    const address = newAddress();
    const mine = callerOf(limited, { token: me.token, remoteAddress: address });
    for (let i = 0; i < 3; i++) await mine.api.call(searchRecord, { word: `词${i}` });
    await expectLimited(mine, mine.api.call(searchRecord, { word: '第四个' }), 60);
    const words = await limited.app.db
      .select({ word: searchHistory.word })
      .from(searchHistory)
      .where(eq(searchHistory.userId, me.id));
    expect(words.map((w) => w.word).sort()).toEqual(['词0', '词1', '词2']);
    // Another address is not limited by it.
    await callerOf(limited, { token: me.token, remoteAddress: newAddress() }).api.call(searchRecord, { word: '别处' });
  });
});

// Two apps sharing one Redis (the same key prefix) are two processes of one deployment:
// a count made in one holds in the other.
describe.skipIf(!process.env.REDIS_URL)('limits across processes (REDIS_URL)', () => {
  const prefix = `evcircle-test:${uniqueName()}:`;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await buildTestApp({ REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: 3 });
    two = await buildTestApp({ REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: 3 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await deleteRedisKeys(process.env.REDIS_URL as string, prefix);
  });

  it('a number refused in one process is refused in the other', async () => {
    const mobile = numberIn(newPrefix(), 1);
    await callerOf(one, { remoteAddress: newAddress() }).api.call(smsCode, { mobile, acode: '86' });
    const other = callerOf(two, { remoteAddress: newAddress() });
    await expectLimited(other, other.api.call(smsCode, { mobile, acode: '86' }), 60, 'SMS_TOO_FREQUENT');
  });

  it('the API-wide count is one over both processes', async () => {
    const address = newAddress();
    const probe = (app: TestApp) => callerOf(app, { remoteAddress: address });
    await probe(one).api.call(smsChallenge, { acode: '852' });
    await probe(two).api.call(smsChallenge, { acode: '852' });
    await probe(one).api.call(smsChallenge, { acode: '852' });
    const fourth = probe(two);
    await expectLimited(fourth, fourth.api.call(smsChallenge, { acode: '852' }), 60);
  });
});

/** A small JPEG to upload. */
async function tinyJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a8f6a' } })
    .jpeg()
    .toBuffer();
}
