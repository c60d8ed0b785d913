import { brotliDecompressSync } from 'node:zlib';
import { postsNoAds, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createPost } from '../../test/factories/posts.ts';
import { createUser } from '../../test/factories/users.ts';
import { signedUrl } from '../../test/signed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const author = await createUser(t.app.db);
  for (let i = 0; i < 12; i++)
    await createPost(t.app.db, { userId: author.id, content: `第 ${i} 篇：电车冬季续航心得`.repeat(8) });
});
afterAll(() => t.close());

describe('API answers', () => {
  it('are compressed with Brotli for a client that accepts it, and still the envelope', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { query: { page: '1', size: '12' } });
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')) as {
      status: number;
      data: unknown[];
    };
    expect(body.status).toBe(STATUS.SUCCESS);
    expect(body.data).toHaveLength(12);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { query: { page: '1', size: '12' } });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.json() as { status: number }).status).toBe(STATUS.SUCCESS);
  });
});
