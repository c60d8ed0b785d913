import { ApiError, AppError, defineEndpoint, endpoints, STATUS } from '@evcircle/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiFailure } from '../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories/users.ts';
import { loginAs } from '../../test/login-as.ts';
import { signedUrl } from '../../test/signed.ts';
import { assertAllEndpointsRegistered, envelopeSchema, registerEndpoint } from './endpoints.ts';
import { invalidateResponseCache } from './response-cache.ts';

const whoAmI = defineEndpoint({
  method: 'GET',
  path: '/api/v1/test/who-am-i',
  query: z.object({ verbose: z.coerce.number().default(0) }),
  data: z.object({ uid: z.number(), verbose: z.number() }),
  auth: 'user',
  summary: 'test',
});

const save = defineEndpoint({
  method: 'POST',
  path: '/api/v1/test/save',
  body: z.object({ title: z.string().min(1, { error: '不能为空' }), count: z.coerce.number() }),
  data: z.object({ title: z.string(), count: z.number() }),
  auth: 'none',
  summary: 'test',
});

const vipOnly = defineEndpoint({
  method: 'GET',
  path: '/api/v1/test/vip-only',
  query: z.object({}),
  data: z.object({ uid: z.number() }),
  auth: 'vip',
  summary: 'test',
});

const adminOnly = defineEndpoint({
  method: 'GET',
  path: '/api/v1/test/admin-only',
  query: z.object({}),
  data: z.object({ uid: z.number() }),
  auth: 'admin',
  summary: 'test',
});

const noViewer = defineEndpoint({
  method: 'GET',
  path: '/api/v1/test/no-viewer',
  query: z.object({}),
  data: z.object({ seen: z.boolean() }),
  auth: 'none',
  summary: 'test',
});

const limited = defineEndpoint({
  method: 'POST',
  path: '/api/v1/test/limited',
  body: z.object({}),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 2, windowSeconds: 60 }] },
  summary: 'test',
});

let t: TestApp;
let received: unknown;

beforeAll(async () => {
  t = await buildTestApp();
  registerEndpoint(t.app, whoAmI, (input, { viewer }) => ({ uid: viewer?.id ?? 0, verbose: input.verbose }));
  registerEndpoint(t.app, vipOnly, (_input, { viewer }) => ({ uid: viewer.id }));
  registerEndpoint(t.app, adminOnly, (_input, { viewer }) => ({ uid: viewer.id }));
  registerEndpoint(t.app, noViewer, (_input, { viewer }) => ({ seen: viewer !== null }));
  registerEndpoint(t.app, limited, () => ({ result: true }));
  registerEndpoint(t.app, save, (input) => {
    received = input;
    return { ...input, secret: 'must not leak' };
  });
});
afterAll(() => t.close());

describe('registerEndpoint', () => {
  it('answers NOT_LOGGED_IN (2011) when login is required and there is no viewer', async () => {
    const error = await t.api.call(whoAmI, {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: STATUS.NOT_LOGGED_IN, message: '用户未登录' });
  });

  it('passes the viewer and the parsed query to the handler', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    expect(await api.call(whoAmI, { verbose: 1 })).toEqual({ uid: user.id, verbose: 1 });
  });

  it('coerces an all-string JSON body, ignores unknown fields and serializes only the contract', async () => {
    const data = await t.api.call(save, { title: '标题', count: 3, isAdmin: 1 } as never);
    expect(received).toEqual({ title: '标题', count: 3 });
    expect(data).toEqual({ title: '标题', count: 3 });
  });

  it('answers VALIDATION_FAILED naming the body field', async () => {
    const error = await t.api.call(save, { title: '', count: 1 }).catch((err: unknown) => err);
    expect(error).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：title 不能为空' });
  });
});

describe('the policy an endpoint declares', () => {
  it("'vip' answers 2011 without login, VIP_REQUIRED for others, and serves a VIP", async () => {
    expect(await apiFailure(t.api.call(vipOnly, {}))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    const plain = await createUser(t.app.db);
    expect(await apiFailure((await loginAs(t, plain.id)).api.call(vipOnly, {}))).toMatchObject({
      status: STATUS.FORBIDDEN,
      message: '该功能仅限 VIP 会员使用，开通后即可使用',
    });
    const vip = await createUser(t.app.db, { vipUntil: new Date(Date.now() + 86_400_000) });
    expect(await (await loginAs(t, vip.id)).api.call(vipOnly, {})).toEqual({ uid: vip.id });
  });

  it("'admin' answers 2011 without login, ADMIN_REQUIRED for others, and serves an admin", async () => {
    expect(await apiFailure(t.api.call(adminOnly, {}))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    const plain = await createUser(t.app.db);
    expect(await apiFailure((await loginAs(t, plain.id)).api.call(adminOnly, {}))).toMatchObject({
      status: STATUS.FORBIDDEN,
      message: '需要管理员权限',
    });
    const admin = await createUser(t.app.db, { role: 'admin' });
    expect(await (await loginAs(t, admin.id)).api.call(adminOnly, {})).toEqual({ uid: admin.id });
  });

  it("'none' never hands the handler a viewer, even a logged-in caller's", async () => {
    const user = await createUser(t.app.db);
    expect(await (await loginAs(t, user.id)).api.call(noViewer, {})).toEqual({ seen: false });
  });

  it('a declared rate limit counts per user and names the seconds to wait', async () => {
    const [a, b] = [await createUser(t.app.db), await createUser(t.app.db)];
    const { api } = await loginAs(t, a.id);
    await api.call(limited, {});
    await api.call(limited, {});
    const error = await apiFailure(api.call(limited, {}));
    expect(error).toMatchObject({ status: STATUS.RATE_LIMITED });
    expect(error.message).toMatch(/^操作过于频繁，请 \d+ 秒后再试$/);
    // Someone else's budget is their own.
    expect(await (await loginAs(t, b.id)).api.call(limited, {})).toEqual({ result: true });
  });

  it('declares the moderation queue, the shop admin and the order desk admin-only in the contract itself', () => {
    const admin = endpoints.filter((endpoint) => endpoint.auth === 'admin').map((endpoint) => endpoint.path);
    expect(admin.sort()).toEqual([
      '/api/v1/admin/bookmark/block-domain',
      '/api/v1/admin/bookmark/blocked-domains',
      '/api/v1/admin/bookmark/unblock-domain',
      '/api/v1/admin/category/delete',
      '/api/v1/admin/category/save',
      '/api/v1/admin/order/info',
      '/api/v1/admin/order/list',
      '/api/v1/admin/order/refund',
      '/api/v1/admin/order/ship',
      '/api/v1/admin/prd/info',
      '/api/v1/admin/prd/list',
      '/api/v1/admin/prd/on-sale',
      '/api/v1/admin/prd/save',
      '/api/v1/admin/report/pager',
      '/api/v1/admin/report/resolve',
      '/api/v1/user/bookmark/set-hot',
    ]);
  });
});

describe('envelopeSchema', () => {
  // Null means JSON.stringify instead of fast-json-stringify, and no field filtering:
  // a data schema with no JSON-schema form (a transform, a Date) must not slip in.
  it('gives every contract endpoint a response schema', () => {
    const without = endpoints.filter((endpoint) => envelopeSchema(endpoint.data) === null);
    expect(without.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });
});

describe('registerEndpoint with anonymousCacheMs', () => {
  const listing = defineEndpoint({
    method: 'GET',
    path: '/api/v1/test/listing',
    query: z.object({ page: z.coerce.number().default(1) }),
    data: z.object({ page: z.number(), call: z.number(), uid: z.number() }),
    auth: 'optional',
    summary: 'test',
  });
  const shortLived = defineEndpoint({ ...listing, path: '/api/v1/test/short-lived' });
  const flaky = defineEndpoint({ ...listing, path: '/api/v1/test/flaky' });

  let c: TestApp;
  let calls = 0;
  let failNext = false;
  const answer = (page: number, uid = 0) => {
    calls += 1;
    if (failNext) {
      failNext = false;
      throw new AppError('SERVER_ERROR');
    }
    return { page, call: calls, uid, secret: 'must not leak' };
  };

  beforeAll(async () => {
    c = await buildTestApp();
    const options = { anonymousCacheMs: 60_000, cacheTag: 'test-listing' };
    registerEndpoint(c.app, listing, ({ page }, { viewer }) => answer(page, viewer?.id), options);
    registerEndpoint(c.app, shortLived, ({ page }) => answer(page), { anonymousCacheMs: 50 });
    registerEndpoint(c.app, flaky, ({ page }) => answer(page), { anonymousCacheMs: 60_000 });
  });
  afterAll(() => c.close());

  it('serves callers without a viewer the answer already made for the same input', async () => {
    const first = await c.api.call(listing, { page: 1 });
    expect(first).toEqual({ page: 1, call: calls, uid: 0 });
    expect(await c.api.call(listing, { page: 1 })).toEqual(first);
  });

  it('keeps one answer per parsed input, whatever the sign and timestamp', async () => {
    const one = await c.api.call(listing, { page: 7 });
    const two = await c.api.call(listing, { page: 8 });
    expect(two.call).toBe(one.call + 1);
    expect(await c.api.call(listing, { page: 7 })).toEqual(one);
    // The default page parses to the same input as page 1 given explicitly.
    const implicit = await c.api.call(listing, {});
    expect(await c.api.call(listing, { page: implicit.page })).toEqual(implicit);
  });

  it('never caches for a logged-in caller', async () => {
    const user = await createUser(c.app.db);
    const { api } = await loginAs(c, user.id);
    const anonymous = await c.api.call(listing, { page: 2 });
    const first = await api.call(listing, { page: 2 });
    const second = await api.call(listing, { page: 2 });
    expect(first).toMatchObject({ page: 2, uid: user.id });
    expect(second.call).toBe(first.call + 1);
    expect(first.call).toBeGreaterThan(anonymous.call);
    expect(await c.api.call(listing, { page: 2 })).toEqual(anonymous);
  });

  it('answers again from the handler once invalidateResponseCache(tag) is called', async () => {
    const before = await c.api.call(listing, { page: 3 });
    expect(await c.api.call(listing, { page: 3 })).toEqual(before);
    invalidateResponseCache('test-listing');
    const after = await c.api.call(listing, { page: 3 });
    expect(after.call).toBeGreaterThan(before.call);
  });

  it('answers again from the handler once anonymousCacheMs has passed', async () => {
    const before = await c.api.call(shortLived, { page: 1 });
    expect(await c.api.call(shortLived, { page: 1 })).toEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await c.api.call(shortLived, { page: 1 })).call).toBeGreaterThan(before.call);
  });

  it('does not remember a failure', async () => {
    failNext = true;
    const error = await c.api.call(flaky, { page: 1 }).catch((err: unknown) => err);
    expect(error).toMatchObject({ status: STATUS.SERVER_ERROR });
    expect(await c.api.call(flaky, { page: 1 })).toMatchObject({ page: 1 });
  });

  it('sends a cached answer exactly as an uncached one: contract fields, JSON type, security headers', async () => {
    const url = () => signedUrl(listing.path, c.config.API_SIGN_SECRET, { query: { page: '4' } });
    const [miss, hit] = [await c.app.inject({ url: url() }), await c.app.inject({ url: url() })];
    for (const res of [miss, hit]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    expect(hit.body).toBe(miss.body);
    expect(hit.json()).toEqual({
      status: STATUS.SUCCESS,
      data: { page: 4, call: expect.any(Number), uid: 0 },
      message: 'success',
    });
    expect(hit.body).not.toContain('must not leak');
  });

  it('still refuses a cached input with a wrong sign', async () => {
    await c.api.call(listing, { page: 5 });
    const res = await c.app.inject({ url: signedUrl(listing.path, 'not-the-secret', { query: { page: '5' } }) });
    expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '签名校验失败' });
  });

  it('still counts cached answers against the rate limit', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_MAX: 2 });
    try {
      registerEndpoint(limited.app, listing, ({ page }) => answer(page), { anonymousCacheMs: 60_000 });
      await limited.api.call(listing, { page: 1 });
      await limited.api.call(listing, { page: 1 });
      const error = await limited.api.call(listing, { page: 1 }).catch((err: unknown) => err);
      expect(error).toMatchObject({ status: STATUS.RATE_LIMITED });
    } finally {
      await limited.close();
    }
  });

  it('refuses anonymousCacheMs on an endpoint that requires login', () => {
    expect(() => registerEndpoint(c.app, whoAmI, () => ({ uid: 0, verbose: 0 }), { anonymousCacheMs: 1000 })).toThrow(
      /requires login/,
    );
  });
});

describe('assertAllEndpointsRegistered', () => {
  it('refuses to start when a contract endpoint has no route', async () => {
    const app = Fastify();
    assertAllEndpointsRegistered(app);
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/cms\/posts\/no-ads/);
    await app.close();
  });
});
