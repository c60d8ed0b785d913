import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadToken,
  STATUS,
  uploadImage,
  uploadVideo,
  videoUploadToken,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import {
  containerTags,
  form,
  jpegWithGps,
  PDF_BYTES,
  pngHeaderClaiming,
  pngWithAlpha,
  testVideo,
} from '../../../test/test-media.ts';
import { localStorageOf } from '../../platform/storage/index.ts';
import { findOwnUploads } from './uploads.service.ts';
import { uploads } from './uploads.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function uploadsOf(userId: number) {
  return t.app.db.select().from(uploads).where(eq(uploads.userId, userId));
}

/** Every stored file under posts/ (the upload tests' only output). */
async function storedPostFiles(): Promise<string[]> {
  const root = path.join(localStorageOf(t.app.storage).filesDir, 'posts');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => /\.[a-z0-9]+$/.test(entry));
}

async function loggedInUser() {
  const user = await createUser(t.app.db);
  return { user, ...(await loginAs(t, user.id)) };
}

describe('POST /api/v1/ai/user/upload/qiniu (images)', () => {
  it('answers 2011 without login and stores nothing', async () => {
    const before = await storedPostFiles();
    const error = await apiFailure(t.api.call(uploadImage, form(await jpegWithGps(40, 30), 'a.jpg', 'image/jpeg')));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
    expect(await storedPostFiles()).toEqual(before);
  });

  it('re-encodes a JPEG without its EXIF and GPS, upright, and records its size for the owner', async () => {
    const { user, api } = await loggedInUser();
    // Orientation 6: stored 120 × 80, displayed 80 × 120.
    const photo = await jpegWithGps(120, 80, 6);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('EvCircleCam');

    const answer = await api.call(uploadImage, form(photo, 'IMG_0001.jpg', 'image/jpeg'));
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(answer.path).toMatch(new RegExp(`^posts/${month}/${user.id}-[0-9a-f]{24}\\.jpg$`));
    expect(answer.url).toBe(`/files/${answer.path}`);
    expect(answer).toMatchObject({ width: 80, height: 120 });

    const stored = await t.app.storage.get(answer.path);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 80, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('EvCircleCam');

    const [row] = await uploadsOf(user.id);
    expect(row).toMatchObject({ key: answer.path, kind: 'image', width: 80, height: 120, sizeBytes: stored.length });
    // Posts may use it only as its owner.
    expect((await findOwnUploads(t.app.db, user.id, [answer.path])).has(answer.path)).toBe(true);
    const other = await createUser(t.app.db);
    expect((await findOwnUploads(t.app.db, other.id, [answer.path])).size).toBe(0);

    const served = await t.app.inject({ url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps transparency as WebP', async () => {
    const { api } = await loggedInUser();
    const answer = await api.call(uploadImage, form(await pngWithAlpha(30, 20), 'logo.png', 'image/png'));
    expect(answer.path).toMatch(/\.webp$/);
    const meta = await sharp(await t.app.storage.get(answer.path)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 30, height: 20, hasAlpha: true });
  });

  it('checks the type by content: a renamed text or PDF file is refused', async () => {
    const { user, api } = await loggedInUser();
    const text = Buffer.from('just some text, not a picture at all\n'.repeat(20));
    for (const [data, name] of [
      [text, 'photo.jpg'],
      [PDF_BYTES, 'scan.png'],
    ] as const) {
      const error = await apiFailure(api.call(uploadImage, form(data, name, 'image/jpeg')));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toContain('文件不是有效的图片');
    }
    expect(await uploadsOf(user.id)).toEqual([]);
  });

  it('refuses more than 10 MB with FILE_TOO_LARGE and keeps nothing', async () => {
    const { user, api } = await loggedInUser();
    const before = await storedPostFiles();
    const big = Buffer.concat([await jpegWithGps(20, 20), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const error = await apiFailure(api.call(uploadImage, form(big, 'big.jpg', 'image/jpeg')));
    expect(error.status).toBe(STATUS.PAYLOAD_TOO_LARGE);
    expect(error.message).toBe('文件过大，不能超过 10 MB');
    expect(await uploadsOf(user.id)).toEqual([]);
    expect(await storedPostFiles()).toEqual(before);
  });

  it('refuses an image above 40 megapixels before decoding it', async () => {
    const { user, api } = await loggedInUser();
    const error = await apiFailure(api.call(uploadImage, form(pngHeaderClaiming(8000, 5001), 'huge.png', 'image/png')));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(error.message).toContain('4000 万像素');
    expect(await uploadsOf(user.id)).toEqual([]);
  });

  it('answers FILE_REQUIRED without a file', async () => {
    const { api } = await loggedInUser();
    const body = new FormData();
    body.append('type', 'post');
    const error = await apiFailure(api.call(uploadImage, body));
    expect(error.message).toBe('请选择要上传的文件');
  });
});

describe('POST /api/v1/ai/user/upload/video', () => {
  it('answers 2011 without login', async () => {
    const error = await apiFailure(t.api.call(uploadVideo, form(await testVideo('mp4'), 'a.mp4', 'video/mp4')));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('stores an MP4 without its metadata, records duration and size, and extracts the first frame as cover', async () => {
    const { user, api } = await loggedInUser();
    const clip = await testVideo('mp4', { width: 64, height: 48, seconds: 1 });
    const answer = await api.call(uploadVideo, form(clip, 'VID_0001.mp4', 'video/mp4'));
    expect(answer.path).toMatch(new RegExp(`^posts/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{24}\\.mp4$`));
    expect(answer.cover).toBe(answer.path.replace(/\.mp4$/, '-cover.jpg'));
    expect(answer.coverUrl).toBe(`/files/${answer.cover}`);
    expect(answer).toMatchObject({ width: 64, height: 48 });
    expect(answer.duration).toBeCloseTo(1, 1);

    const cover = await sharp(await t.app.storage.get(answer.cover)).metadata();
    expect(cover).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    const tags = await containerTags(localStorageOf(t.app.storage).localPath(answer.path));
    expect(JSON.stringify(tags)).not.toContain('39.9042');
    expect(JSON.stringify(tags)).not.toContain('secret-trip');

    const [row] = await uploadsOf(user.id);
    expect(row).toMatchObject({ key: answer.path, kind: 'video', width: 64, height: 48, coverKey: answer.cover });
    expect(row?.durationMs).toBeGreaterThan(900);
    expect(row?.durationMs).toBeLessThan(1100);
    const served = await t.app.inject({ url: answer.url });
    expect(served.headers['content-type']).toBe('video/mp4');
  });

  it('accepts WebM and MOV by their content', async () => {
    const { api } = await loggedInUser();
    const webm = await api.call(uploadVideo, form(await testVideo('webm'), 'clip.webm', 'video/webm'));
    expect(webm.path).toMatch(/\.webm$/);
    // A QuickTime file sent under an .mp4 name is still stored as what it is.
    const mov = await api.call(uploadVideo, form(await testVideo('mov'), 'clip.mp4', 'video/mp4'));
    expect(mov.path).toMatch(/\.mov$/);
    expect(mov.duration).toBeGreaterThan(0.5);
  });

  it('checks the container by content: a renamed text file or image is refused', async () => {
    const { user, api } = await loggedInUser();
    const before = await storedPostFiles();
    for (const [data, name] of [
      [Buffer.from('not a video\n'.repeat(100)), 'clip.mp4'],
      [await jpegWithGps(40, 30), 'clip.mov'],
      [PDF_BYTES, 'clip.webm'],
    ] as const) {
      const error = await apiFailure(api.call(uploadVideo, form(data, name, 'video/mp4')));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toContain('文件不是有效的视频');
    }
    expect(await uploadsOf(user.id)).toEqual([]);
    expect(await storedPostFiles()).toEqual(before);
  });
});

describe('GET /api/v1/ai/user/upload/{image,video}/token', () => {
  it('answers 2011 without login', async () => {
    expect((await apiFailure(t.api.call(imageUploadToken, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect((await apiFailure(t.api.call(videoUploadToken, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('answers a single-key token for the default region host', async () => {
    const { user, api } = await loggedInUser();
    const token = await api.call(imageUploadToken, { type: 'post' });
    expect(token.key).toMatch(new RegExp(`^posts/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{24}$`));
    expect(token).toMatchObject({ domain: '/files', uploadUrl: '/upload/z0', fields: {} });
    expect(token.uploadToken).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    const second = await api.call(imageUploadToken, {});
    expect(second.key).not.toBe(token.key);
  });
});
