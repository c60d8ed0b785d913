import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('a cached answer is compressed once per encoding and sent as those bytes to every caller', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { query: { page: '1', size: '11' } });
    const ask = (encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const [first, second, gzip, plain] = [await ask('br'), await ask('gzip, br;q=0.5'), await ask('gzip'), await ask()];
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    // Sent as finished bytes (with their length), not compressed again as a stream.
    expect(first.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.rawPayload.equals(gzip.rawPayload)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const again = await ask('br');
    expect(again.rawPayload.equals(first.rawPayload), 'the same cached answer, the same compressed bytes').toBe(true);
    expect(brotliDecompressSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((plain.json() as { data: unknown[] }).data).toHaveLength(11);
  });

  it('are sent as they are to a client that accepts no encoding', async () => {
    const url = signedUrl(postsNoAds.path, t.config.API_SIGN_SECRET, { query: { page: '1', size: '12' } });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect((res.json() as { status: number }).status).toBe(STATUS.SUCCESS);
  });
});
