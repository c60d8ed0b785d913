import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('/healthz answers while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz checks the database (and Redis when configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const expected: Record<string, string> = { database: 'ok' };
    if (t.config.REDIS_URL) expected.redis = 'ok';
    expect(res.json()).toEqual({ status: 'ok', checks: expected });
  });

  it('/readyz answers 503 when the database is down', async () => {
    const real = t.app.database.ping;
    t.app.database.ping = () => Promise.reject(new Error('gone'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'down' } });
    } finally {
      t.app.database.ping = real;
    }
  });
});

describe('readiness with an unreachable Redis', () => {
  it('/readyz answers 503', async () => {
    // Port 1 refuses connections: Redis is configured but down.
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', redis: 'down' } });
    } finally {
      await t.close();
    }
  });
});
