import {
  completeUpload,
  imageUploadToken,
  STATUS,
  UPLOAD_TOKEN_LIFETIME_S,
  videoUploadToken,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { form, jpegWithGps, testVideo } from '../../../test/test-media.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { newUploadStem } from './upload-keys.ts';
import { signUploadToken, UploadTokenError, verifyUploadToken } from './upload-token.ts';
import { uploads } from './uploads.tables.ts';

let t: TestApp;
/** The same server with its bucket in another region (z1) than the one tokens name. */
let elsewhere: TestApp;
beforeAll(async () => {
  [t, elsewhere] = await Promise.all([buildTestApp(), buildTestApp({ UPLOAD_REGION: 'z1' })]);
});
afterAll(() => Promise.all([t.close(), elsewhere.close()]));

/** A POST to the storage host, as the browser makes it (no sign, no session). */
type HostJson = { error?: string; path: string; url: string; cover?: string; duration?: number };

async function postToHost(app: TestApp, url: string, body: FormData): Promise<{ status: number; json: HostJson }> {
  const response = await createInjectFetch(app.app)(url, { method: 'POST', body });
  return { status: response.status, json: (await response.json()) as HostJson };
}

async function uploadsOf(app: TestApp, userId: number) {
  return app.app.db.select().from(uploads).where(eq(uploads.userId, userId));
}

async function loggedInUser(app: TestApp) {
  const user = await createUser(app.app.db);
  return { user, ...(await loginAs(app, user.id)) };
}

describe('upload tokens', () => {
  const secret = 'test-secret';
  const grant = { key: 'posts/2026/11/5-abc', userId: 5, kind: 'image' as const, expiresAt: 2_000_000_000 };

  function problemOf(run: () => unknown): string | null {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof UploadTokenError ? error.problem : 'other';
    }
  }

  it('round-trips a grant and refuses forged, expired and other-key tokens', () => {
    const token = signUploadToken(secret, grant);
    expect(verifyUploadToken(secret, token, grant.key, 1_000_000_000_000)).toEqual(grant);
    expect(problemOf(() => verifyUploadToken('another-secret', token, grant.key, 0))).toBe('forged');
    const [v, payload, sig] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ k: grant.key, u: 6, t: 'image', e: grant.expiresAt })).toString(
      'base64url',
    );
    expect(problemOf(() => verifyUploadToken(secret, `${v}.${widened}.${sig}`, grant.key, 0))).toBe('forged');
    expect(problemOf(() => verifyUploadToken(secret, `${v}.${payload}`, grant.key, 0))).toBe('malformed');
    expect(problemOf(() => verifyUploadToken(secret, token, grant.key, grant.expiresAt * 1000))).toBe('expired');
    expect(problemOf(() => verifyUploadToken(secret, token, 'posts/2026/11/5-other', 0))).toBe('wrong-key');
  });
});

describe('POST /upload/<region> (the local storage host)', () => {
  it('stores, processes and records an image for the token owner, and answers Qiniu-style JSON', async () => {
    const { user, api } = await loggedInUser(t);
    const token = await api.call(imageUploadToken, { type: 'post' });
    const photo = await jpegWithGps(64, 48);
    const answer = await postToHost(
      t,
      token.uploadUrl,
      form(photo, 'p.jpg', 'image/jpeg', { token: token.uploadToken, key: token.key }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ url: `/files/${token.key}.jpg`, path: `${token.key}.jpg`, width: 64, height: 48 });
    const stored = await sharp(await t.app.storage.get(answer.json.path)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(await uploadsOf(t, user.id)).toMatchObject([{ key: answer.json.path, kind: 'image', width: 64 }]);

    // A token is good for one file: a second use neither overwrites nor records anything.
    const again = await postToHost(
      t,
      token.uploadUrl,
      form(await jpegWithGps(10, 10), 'q.jpg', 'image/jpeg', { token: token.uploadToken, key: token.key }),
    );
    expect(again.status).toBe(403);
    expect(again.json.error).toContain('上传凭证');
    expect((await sharp(await t.app.storage.get(answer.json.path)).metadata()).width).toBe(64);
    expect(await uploadsOf(t, user.id)).toHaveLength(1);
  });

  it('processes a video through a video token: duration and cover', async () => {
    const { user, api } = await loggedInUser(t);
    const token = await api.call(videoUploadToken, {});
    const answer = await postToHost(
      t,
      token.uploadUrl,
      form(await testVideo('mp4'), 'v.mp4', 'video/mp4', { token: token.uploadToken, key: token.key }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ path: `${token.key}.mp4`, cover: `${token.key}-cover.jpg`, width: 64 });
    expect(answer.json.duration).toBeCloseTo(1, 1);
    expect(await t.app.storage.exists(answer.json.cover ?? '')).toBe(true);
    expect(await uploadsOf(t, user.id)).toMatchObject([{ kind: 'video', coverKey: answer.json.cover }]);
  });

  it('refuses forged, expired and other-key tokens and stores nothing', async () => {
    const { user, api } = await loggedInUser(t);
    const token = await api.call(imageUploadToken, {});
    const photo = await jpegWithGps(20, 20);
    const now = Math.floor(Date.now() / 1000);
    const expired = signUploadToken(t.config.UPLOAD_TOKEN_SECRET, {
      key: token.key,
      userId: user.id,
      kind: 'image',
      expiresAt: now - 1,
    });
    const forged = signUploadToken('guessed-secret', {
      key: token.key,
      userId: user.id,
      kind: 'image',
      expiresAt: now + UPLOAD_TOKEN_LIFETIME_S,
    });
    const otherKey = newUploadStem(user.id);
    const cases: { fields: Record<string, string>; status: number; text: string }[] = [
      { fields: { token: forged, key: token.key }, status: 401, text: '上传凭证无效' },
      { fields: { token: expired, key: token.key }, status: 401, text: '上传凭证已过期' },
      { fields: { token: token.uploadToken, key: otherKey }, status: 403, text: '上传凭证与文件路径不符' },
      { fields: { key: token.key }, status: 401, text: '上传凭证格式错误' },
    ];
    for (const { fields, status, text } of cases) {
      const answer = await postToHost(t, token.uploadUrl, form(photo, 'p.jpg', 'image/jpeg', fields));
      expect(answer.status).toBe(status);
      expect(answer.json.error).toContain(text);
    }
    expect(await uploadsOf(t, user.id)).toEqual([]);
    expect(await t.app.storage.exists(`${otherKey}.jpg`)).toBe(false);
    expect(await t.app.storage.exists(`${token.key}.jpg`)).toBe(false);
  });

  it('refuses a non-image on an image token with 415 and the content message', async () => {
    const { user, api } = await loggedInUser(t);
    const token = await api.call(imageUploadToken, {});
    const answer = await postToHost(
      t,
      token.uploadUrl,
      form(Buffer.from('hello'.repeat(50)), 'p.jpg', 'image/jpeg', { token: token.uploadToken, key: token.key }),
    );
    expect(answer.status).toBe(415);
    expect(answer.json.error).toContain('文件不是有效的图片');
    expect(await uploadsOf(t, user.id)).toEqual([]);
  });

  it("answers 'incorrect region' naming the bucket's host, where the retry succeeds", async () => {
    const { user, api } = await loggedInUser(elsewhere);
    const token = await api.call(imageUploadToken, {});
    expect(token.uploadUrl).toBe('/upload/z0');
    const photo = await jpegWithGps(32, 32);
    const fields = { token: token.uploadToken, key: token.key };
    const wrong = await postToHost(elsewhere, token.uploadUrl, form(photo, 'p.jpg', 'image/jpeg', fields));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error ?? '').toMatch(/^incorrect region, please use http:\/\/localhost(:\d+)?\/upload\/z1$/);
    expect(await uploadsOf(elsewhere, user.id)).toEqual([]);

    const right = (wrong.json.error ?? '').replace('incorrect region, please use ', '');
    const retried = await postToHost(elsewhere, right, form(photo, 'p.jpg', 'image/jpeg', fields));
    expect(retried.status).toBe(200);
    expect(retried.json.path).toBe(`${token.key}.jpg`);
    expect(await uploadsOf(elsewhere, user.id)).toHaveLength(1);
  });
});

describe('POST /api/v1/ai/user/upload/complete', () => {
  it('refuses a key that is not an incoming one, and another user’s token', async () => {
    const { api } = await loggedInUser(t);
    const token = await api.call(imageUploadToken, {});
    const error = await api.call(completeUpload, { uploadToken: token.uploadToken, key: token.key }).catch((e) => e);
    expect(error.status).toBe(STATUS.FORBIDDEN);
    const other = await loggedInUser(t);
    const stolen = await other.api
      .call(completeUpload, { uploadToken: token.uploadToken, key: token.key })
      .catch((e) => e);
    expect(stolen.status).toBe(STATUS.FORBIDDEN);
  });
});
