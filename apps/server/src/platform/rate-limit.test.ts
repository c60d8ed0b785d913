import { ApiError, postsNoAds, STATUS } from '@evcircle/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit.ts';

describe('API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: 3 });
  });
  afterAll(() => t.close());

  it('answers RATE_LIMITED in the envelope with the seconds to wait', async () => {
    for (let i = 0; i < 3; i++) await t.api.call(postsNoAds, {});
    const error = await t.api.call(postsNoAds, {}).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.httpStatus).toBe(200);
    expect(apiError.status).toBe(STATUS.RATE_LIMITED);
    const { retryAfter } = apiError.data as { retryAfter: number };
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(apiError.message).toBe(`操作过于频繁，请 ${retryAfter} 秒后再试`);
  });

  it('counts per client address, unknown API paths included', async () => {
    const probe = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/unknown', remoteAddress }).then((r) => r.json());
    for (let i = 0; i < 3; i++) expect(await probe('10.0.0.9')).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await probe('10.0.0.9')).toMatchObject({ status: STATUS.RATE_LIMITED });
    expect(await probe('10.0.0.10')).toMatchObject({ status: STATUS.NOT_FOUND });
  });

  it('does not limit health checks', async () => {
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('API rate limit behind a proxy', () => {
  it('uses X-Forwarded-For only when TRUST_PROXY is set', async () => {
    for (const trusted of [true, false]) {
      const t = await buildTestApp({ RATE_LIMIT_MAX: 1, TRUST_PROXY: trusted });
      try {
        const call = (ip: string) =>
          t.app.inject({ method: 'GET', url: '/api/v1/x', headers: { 'x-forwarded-for': ip } }).then((r) => r.json());
        expect(await call('1.1.1.1')).toMatchObject({ status: STATUS.NOT_FOUND });
        const second = await call('2.2.2.2');
        // Trusted: a different client. Untrusted: the same socket address, limited.
        expect(second.status).toBe(trusted ? STATUS.NOT_FOUND : STATUS.RATE_LIMITED);
      } finally {
        await t.close();
      }
    }
  });
});

function limiterContract(name: string, make: () => { limiter: RateLimiter; close?: () => Promise<void> }) {
  describe(name, () => {
    let limiter: RateLimiter;
    let close: (() => Promise<void>) | undefined;
    beforeAll(() => {
      ({ limiter, close } = make());
    });
    afterAll(async () => {
      await close?.();
    });

    it('allows up to the limit, then says how long to wait', async () => {
      const key = `sms:${Math.random()}`;
      expect(await limiter.hit(key, 2, 60)).toEqual({ allowed: true, retryAfter: 0 });
      expect(await limiter.hit(key, 2, 60)).toEqual({ allowed: true, retryAfter: 0 });
      const third = await limiter.hit(key, 2, 60);
      expect(third.allowed).toBe(false);
      expect(third.retryAfter).toBeGreaterThanOrEqual(59);
      expect(third.retryAfter).toBeLessThanOrEqual(60);
    });

    it('keeps keys apart', async () => {
      const a = `a:${Math.random()}`;
      await limiter.hit(a, 1, 60);
      expect((await limiter.hit(a, 1, 60)).allowed).toBe(false);
      expect((await limiter.hit(`b:${Math.random()}`, 1, 60)).allowed).toBe(true);
    });
  });
}

limiterContract('memory RateLimiter', () => ({ limiter: createMemoryRateLimiter() }));

describe('memory RateLimiter window', () => {
  it('opens a new window when the old one ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.hit('k', 1, 10);
    expect(await limiter.hit('k', 1, 10)).toEqual({ allowed: false, retryAfter: 10 });
    now += 4_000;
    expect(await limiter.hit('k', 1, 10)).toEqual({ allowed: false, retryAfter: 6 });
    now += 6_000;
    expect(await limiter.hit('k', 1, 10)).toEqual({ allowed: true, retryAfter: 0 });
  });
});

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  limiterContract('redis RateLimiter', () => {
    const redis = new Redis(redisUrl);
    const prefix = `evcircle-test:${Date.now()}:${Math.random()}:`;
    return {
      limiter: createRedisRateLimiter(redis, prefix),
      close: async () => {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      },
    };
  });
} else {
  describe.skip('redis RateLimiter (set REDIS_URL to run)', () => {
    it('runs against Redis', () => {});
  });
}
