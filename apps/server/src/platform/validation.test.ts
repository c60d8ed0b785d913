import { commentSave, STATUS, userSearch } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createPost } from '../../test/factories/posts.ts';
import { createUser } from '../../test/factories/users.ts';
import { loginAs } from '../../test/login-as.ts';
import { signedUrl } from '../../test/signed.ts';
import { comments } from '../modules/comments/comments.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Envelope = { status: number; message: string; data: unknown };

async function post(path: string, payload: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: signedUrl(path, t.config.API_SIGN_SECRET),
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
  return { http: res.statusCode, body: res.json() as Envelope };
}

describe('input rules for every call', () => {
  it('refuses a NUL character in a text field with the validation status, storing nothing', async () => {
    const author = await createUser(t.app.db);
    const post1 = await createPost(t.app.db, { userId: author.id });
    const reader = await createUser(t.app.db);
    const { token } = await loginAs(t, reader.id);
    const body = { pid: String(post1.id), content: 'a\u0000b' };
    const res = await t.app.inject({
      method: 'POST',
      url: signedUrl(commentSave.path, t.config.API_SIGN_SECRET, { body }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：content 不能包含空字符' });
    expect(await t.app.db.select().from(comments).where(eq(comments.postId, post1.id))).toEqual([]);
  });

  it('refuses a NUL character in a query parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: signedUrl(userSearch.path, t.config.API_SIGN_SECRET, { query: { word: 'x\u0000y' } }),
    });
    expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：word 不能包含空字符' });
  });

  it('refuses a body nested 100,000 levels deep (200 KB) before the sign reads it', async () => {
    const depth = 100_000;
    const payload = `{"content":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const { http, body } = await post(commentSave.path, payload);
    expect(http).toBe(200);
    expect(body).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：请求内容嵌套层级过深' });
    // The server is still healthy.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses deeply nested objects too, whatever the field', async () => {
    const depth = 20_000;
    const payload = `{"x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const { body } = await post(commentSave.path, payload);
    expect(body).toMatchObject({ status: STATUS.VALIDATION_FAILED });
  });
});
