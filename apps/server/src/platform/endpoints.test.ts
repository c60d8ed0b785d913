import { ApiError, defineEndpoint, STATUS } from '@evcircle/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createUser } from '../../test/factories/users.ts';
import { loginAs } from '../../test/login-as.ts';
import { assertAllEndpointsRegistered, registerEndpoint } from './endpoints.ts';

const whoAmI = defineEndpoint({
  method: 'GET',
  path: '/api/v1/test/who-am-i',
  query: z.object({ verbose: z.coerce.number().default(0) }),
  data: z.object({ uid: z.number(), verbose: z.number() }),
  auth: 'required',
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

let t: TestApp;
let received: unknown;

beforeAll(async () => {
  t = await buildTestApp();
  registerEndpoint(t.app, whoAmI, (input, { viewer }) => ({ uid: viewer?.id ?? 0, verbose: input.verbose }));
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

describe('assertAllEndpointsRegistered', () => {
  it('refuses to start when a contract endpoint has no route', async () => {
    const app = Fastify();
    assertAllEndpointsRegistered(app);
    await expect(app.ready()).rejects.toThrow(/GET \/api\/v1\/cms\/posts\/no-ads/);
    await app.close();
  });
});
