import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { completeUpload, IMAGE_UPLOAD_MAX_BYTES, imageUploadToken, videoUploadToken } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3.ts';
import { loginAs } from '../../../test/login-as.ts';
import { jpegWithGps, testVideo } from '../../../test/test-media.ts';
import { uploads } from '../../modules/uploads/uploads.tables.ts';
import { createS3Storage } from './s3.ts';
import type { S3Storage } from './types.ts';

let fake: FakeS3;
let storage: S3Storage;
let workDir: string;
beforeAll(async () => {
  fake = await startFakeS3();
  storage = createS3Storage({
    endpoint: fake.endpoint,
    bucket: fake.bucket,
    region: fake.region,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    publicUrl: 'https://cdn.example.com/',
  });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-s3-'));
});
afterAll(async () => {
  await fake.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('S3 storage provider (against a local fake of the protocol)', () => {
  it('puts, reads, stats, streams and deletes objects with SigV4-signed calls', async () => {
    await storage.put('seed/a_b/hello.txt', Buffer.from('你好'), 'text/plain');
    expect((await storage.get('seed/a_b/hello.txt')).toString()).toBe('你好');
    expect(await storage.stat('seed/a_b/hello.txt')).toMatchObject({ size: 6 });
    expect(await storage.exists('seed/missing.txt')).toBe(false);
    await expect(storage.get('seed/missing.txt')).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });

    const file = path.join(workDir, 'big.bin');
    await writeFile(file, Buffer.alloc(300_000, 7));
    await storage.putFile('videos/big.mp4', file, 'video/mp4');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.open('videos/big.mp4')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.alloc(300_000, 7))).toBe(true);
    expect(fake.objects.get('videos/big.mp4')?.contentType).toBe('video/mp4');

    await storage.delete('videos/big.mp4');
    await storage.delete('videos/big.mp4');
    expect(await storage.exists('videos/big.mp4')).toBe(false);
    expect(storage.publicUrl('posts/x.jpg')).toBe('https://cdn.example.com/posts/x.jpg');
    // Only the two lookups of a missing key were refused: every signature was good.
    expect(fake.refusals.filter((r) => !r.startsWith('NoSuchKey'))).toEqual([]);
  });

  it('is refused by the store with a wrong secret (the fake really checks signatures)', async () => {
    const wrong = createS3Storage({
      endpoint: fake.endpoint,
      bucket: fake.bucket,
      region: fake.region,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: 'not-the-secret',
      publicUrl: 'https://cdn.example.com',
    });
    await expect(wrong.put('x/y.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/403/);
    expect(fake.refusals.at(-1)).toContain('signature mismatch');
    expect(fake.objects.has('x/y.txt')).toBe(false);
  });

  it('presigns a POST for exactly one key and size range', async () => {
    const post = storage.presignedPost('incoming/posts/2026/11/1-abc', { maxBytes: 100, expiresInS: 60 });
    const send = async (fields: Record<string, string>, bytes: number) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(bytes)]), 'f');
      return (await fetch(post.url, { method: 'POST', body: form })).status;
    };
    expect(await send(post.fields, 10)).toBe(204);
    expect(fake.objects.get('incoming/posts/2026/11/1-abc')?.body.length).toBe(10);
    expect(await send({ ...post.fields, key: 'incoming/posts/2026/11/1-other' }, 10)).toBe(403);
    expect(await send(post.fields, 101)).toBe(403);
    expect(await send({ ...post.fields, 'x-amz-signature': '0'.repeat(64) }, 10)).toBe(403);
    expect(fake.objects.has('incoming/posts/2026/11/1-other')).toBe(false);
  });
});

describe('direct upload with STORAGE=s3: presigned POST, then completeUpload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      STORAGE: 's3',
      S3_ENDPOINT: fake.endpoint,
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_PUBLIC_URL: 'https://cdn.example.com',
    });
  });
  afterAll(() => t.close());

  async function postForm(url: string, fields: Record<string, string>, data: Buffer, type: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(data)], { type }), 'upload');
    return (await fetch(url, { method: 'POST', body: form })).status;
  }

  it('processes the incoming object, stores it without EXIF, records it and removes the incoming copy', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const token = await api.call(imageUploadToken, {});
    expect(token.key).toMatch(new RegExp(`^incoming/posts/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{24}$`));
    expect(token.uploadUrl).toBe(`${fake.endpoint}/${fake.bucket}`);
    expect(token.domain).toBe('https://cdn.example.com');
    expect(token.fields.key).toBe(token.key);

    expect(await postForm(token.uploadUrl, token.fields, await jpegWithGps(48, 32), 'image/jpeg')).toBe(204);
    const done = await api.call(completeUpload, { uploadToken: token.uploadToken, key: token.key });
    const stem = token.key.replace(/^incoming\//, '');
    expect(done).toEqual({
      url: `https://cdn.example.com/${stem}.jpg`,
      path: `${stem}.jpg`,
      width: 48,
      height: 32,
    });
    const stored = fake.objects.get(`${stem}.jpg`);
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored?.body).metadata()).exif).toBeUndefined();
    expect(fake.objects.has(token.key)).toBe(false);
    const rows = await t.app.db.select().from(uploads).where(eq(uploads.userId, user.id));
    expect(rows).toMatchObject([{ key: `${stem}.jpg`, kind: 'image', width: 48 }]);

    // The token is spent: completing again finds nothing to process.
    const again = await api.call(completeUpload, { uploadToken: token.uploadToken, key: token.key }).catch((e) => e);
    expect(again.message).toBe('请选择要上传的文件');
  });

  it('stores a video and its cover through the bucket', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const token = await api.call(videoUploadToken, {});
    expect(await postForm(token.uploadUrl, token.fields, await testVideo('mp4'), 'video/mp4')).toBe(204);
    const done = await api.call(completeUpload, { uploadToken: token.uploadToken, key: token.key });
    expect(done).toMatchObject({ width: 64, height: 48 });
    expect('cover' in done && fake.objects.get(done.cover)?.contentType).toBe('image/jpeg');
    expect(fake.objects.get(done.path)?.contentType).toBe('video/mp4');
  });

  it('refuses a renamed non-image after the bucket took it, and cleans up', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const token = await api.call(imageUploadToken, {});
    expect(await postForm(token.uploadUrl, token.fields, Buffer.from('plain text'), 'image/jpeg')).toBe(204);
    const error = await api.call(completeUpload, { uploadToken: token.uploadToken, key: token.key }).catch((e) => e);
    expect(error.message).toContain('文件不是有效的图片');
    expect(fake.objects.has(token.key)).toBe(false);
    expect(await t.app.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
  });

  it('lets the bucket refuse a file over the policy limit', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const token = await api.call(imageUploadToken, {});
    const status = await postForm(
      token.uploadUrl,
      token.fields,
      Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1),
      'image/jpeg',
    );
    expect(status).toBe(403);
    expect(fake.objects.has(token.key)).toBe(false);
  });

  it("refuses another user's token", async () => {
    const owner = await createUser(t.app.db);
    const thief = await createUser(t.app.db);
    const token = await (await loginAs(t, owner.id)).api.call(imageUploadToken, {});
    await postForm(token.uploadUrl, token.fields, await jpegWithGps(8, 8), 'image/jpeg');
    const error = await (await loginAs(t, thief.id)).api
      .call(completeUpload, { uploadToken: token.uploadToken, key: token.key })
      .catch((e) => e);
    expect(error.message).toBe('上传凭证无效或已过期，请重试');
  });
});
