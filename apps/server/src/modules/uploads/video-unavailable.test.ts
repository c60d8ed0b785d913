import { STATUS, uploadImage, uploadVideo, videoUploadToken } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { form, jpegWithGps, testVideo } from '../../../test/test-media.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { uploads } from './uploads.tables.ts';

// A server on a machine with no ffmpeg and no ffprobe (FFMPEG_PATH/FFPROBE_PATH name
// nothing, so no other build is tried): video processing is off, everything else works.
let t: TestApp;
let clip: Buffer;
beforeAll(async () => {
  // Made before the app turns the tools off for this process.
  clip = await testVideo('mp4');
  t = await buildTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' });
  await t.app.storage.put('seed/videos/demo.mp4', clip, 'video/mp4');
});
afterAll(() => t.close());

async function loggedInUser() {
  const user = await createUser(t.app.db);
  return { user, ...(await loginAs(t, user.id)) };
}

describe('without ffmpeg and ffprobe', () => {
  it('refuses a video upload with a clear message and keeps nothing', async () => {
    const { user, api } = await loggedInUser();
    const error = await apiFailure(api.call(uploadVideo, form(clip, 'clip.mp4', 'video/mp4')));
    expect(error.status).toBe(STATUS.UNAVAILABLE);
    expect(error.message).toBe('服务器暂时无法处理视频，请改用图片发布');
    expect(await t.app.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
  });

  it('refuses a video sent to the storage host the same way, with HTTP 422', async () => {
    const { user, api } = await loggedInUser();
    const token = await api.call(videoUploadToken, {});
    const response = await createInjectFetch(t.app)(token.uploadUrl, {
      method: 'POST',
      body: form(clip, 'v.mp4', 'video/mp4', { token: token.uploadToken, key: token.key }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toBe('服务器暂时无法处理视频，请改用图片发布');
    expect(await t.app.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
  });

  it('still takes photos', async () => {
    const { api } = await loggedInUser();
    const answer = await api.call(uploadImage, form(await jpegWithGps(40, 30), 'a.jpg', 'image/jpeg'));
    expect(answer).toMatchObject({ width: 40, height: 30 });
  });

  it('serves a stored video, and answers its cover frame with UNAVAILABLE rather than an error page', async () => {
    const video = await t.app.inject({ url: '/files/seed/videos/demo.mp4' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');

    const cover = await t.app.inject({ url: '/files/seed/videos/demo.mp4?vframe/jpg/offset/0' });
    expect(cover.statusCode).toBe(200);
    expect(cover.json()).toMatchObject({ status: STATUS.UNAVAILABLE, data: null });
    expect(cover.headers['content-type']).toContain('application/json');
  });
});
