import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  ERRORS,
  postDetail,
  postRelease,
  STATUS,
  uploadVideo,
  uploadVideoTranscode,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { startFakeS3 } from '../../../test/fake-s3.ts';
import { loginAs } from '../../../test/login-as.ts';
import { form } from '../../../test/test-media.ts';
import { runMediaTool } from '../../platform/media-tools.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { createS3Storage } from '../../platform/storage/s3.ts';
import { hlsDirOf, hlsLadder, storeHlsLadder } from '../../platform/storage/video-hls.ts';
import { posts } from '../posts/posts.tables.ts';
import { recordUpload } from './uploads.service.ts';
import { uploads } from './uploads.tables.ts';
import { runTranscode } from './video-transcode.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ VIDEO_HLS: true });
});
afterAll(() => t.close());

/** A 2 s test-pattern clip made by ffmpeg, with a sine tone when `audio`. */
async function clip(width: number, height: number, audio: boolean): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-hls-'));
  const out = path.join(dir, 'clip.mp4');
  try {
    const sound = audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=2'] : [];
    const { code, stderr } = await runMediaTool(
      'ffmpeg',
      [
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${width}x${height}:rate=25:duration=2`,
        ...sound,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
        '-y',
        out,
      ],
      60_000,
    );
    if (code !== 0) throw new Error(stderr);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function author() {
  const user = await createUser(t.app.db);
  return { user, ...(await loginAs(t, user.id)) };
}

async function uploadOf(key: string) {
  const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
  if (!row) throw new Error(`no upload ${key}`);
  return row;
}

/** Waits until the job has settled the upload's ladder (ready or failed). */
async function settled(key: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await uploadOf(key);
    if (row.transcodeState === 'ready' || row.transcodeState === 'failed') return row;
    if (Date.now() > deadline) throw new Error(`the ladder of ${key} is still ${row.transcodeState}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function release(api: ApiClient, viosrc: string) {
  type Body = z.input<NonNullable<(typeof postRelease)['body']>>;
  return api.call(postRelease, {
    content: '试驾视频',
    type: 'tesla',
    viosrc,
    imgpack: '',
    latitude: '',
    longitude: '',
    checkin: '',
  } as Body);
}

async function detailOf(pid: number) {
  const [post] = await t.api.call(postDetail, { pid });
  if (!post) throw new Error(`no post ${pid}`);
  return post;
}

/** The stream-info lines of a master playlist: attributes by name, and the URI after each. */
function streamsOf(master: string) {
  const lines = master.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const attributes = Object.fromEntries(
      [...line.slice('#EXT-X-STREAM-INF:'.length).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [
        m[1],
        (m[2] ?? '').replace(/"/g, ''),
      ]),
    );
    return [{ ...attributes, uri: lines[i + 1] ?? '' }];
  });
}

/** The segments a VOD playlist lists (its #EXTINF entries), after checking its VOD markers. */
function segmentsOf(playlist: string): string[] {
  expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  const lines = playlist.split('\n');
  return lines.flatMap((line, i) => (line.startsWith('#EXTINF:') ? [lines[i + 1] ?? ''] : []));
}

/** Whether ffmpeg decodes the stored file with these streams mapped (it fails on a missing one). */
async function decodes(key: string, streams: string[]): Promise<boolean> {
  if (t.app.storage.kind !== 'local') throw new Error('local storage expected');
  const maps = streams.flatMap((stream) => ['-map', stream]);
  const { code } = await runMediaTool(
    'ffmpeg',
    ['-i', t.app.storage.localPath(key), ...maps, '-f', 'null', '-'],
    20_000,
  );
  return code === 0;
}

async function storedKeysUnder(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  if (t.app.storage.kind !== 'local') throw new Error('local storage expected');
  const root = path.join(t.app.storage.filesDir, dir);
  return readdir(root).catch(() => [] as string[]);
}

describe('the HLS ladder rule', () => {
  it('takes the rungs not above the short side (a portrait video counts its width), at least one', () => {
    expect(hlsLadder(1920, 1080).map((r) => [r.rung, r.width, r.height])).toEqual([
      [1080, 1920, 1080],
      [720, 1280, 720],
      [480, 852, 480],
      [360, 640, 360],
    ]);
    expect(hlsLadder(540, 960).map((r) => [r.rung, r.width, r.height])).toEqual([
      [480, 480, 852],
      [360, 360, 640],
    ]);
    expect(hlsLadder(854, 480).map((r) => r.rung)).toEqual([480, 360]);
    expect(hlsLadder(320, 240).map((r) => [r.rung, r.width, r.height])).toEqual([[240, 320, 240]]);
    expect(hlsLadder(1080, 1080).map((r) => r.rung)).toEqual([1080, 720, 480, 360]);
  });

  it('names a ladder folder after the video stem', () => {
    expect(hlsDirOf('posts/2026/11/7-ab.mp4')).toBe('posts/2026/11/7-ab-hls');
    expect(hlsDirOf('seed/videos/s1-1.mp4')).toBe('seed/videos/s1-1-hls');
  });
});

describe('video-transcode job', () => {
  it('encodes an 854×480 clip with sound into 480p and 360p with a poster; the post published meanwhile takes it', async () => {
    const { api } = await author();
    const uploaded = await api.call(uploadVideo, form(await clip(854, 480, true), 'clip.mp4', 'video/mp4'));
    // Published before the ladder is ready: the original plays.
    const { pid } = await release(api, uploaded.path);
    const early = await detailOf(pid);
    expect(early.viosrc).toBe(uploaded.path);

    const row = await settled(uploaded.path);
    expect(row).toMatchObject({ transcodeState: 'ready', renditions: [480, 360], transcodeAttempts: 1 });
    const dir = hlsDirOf(uploaded.path);
    expect(row.hlsKey).toBe(`${dir}/master.m3u8`);
    expect(row.coverKey).toBe(`${dir}/poster.jpg`);

    const streams = streamsOf((await t.app.storage.get(row.hlsKey)).toString('utf8'));
    expect(streams.map((s) => [s.RESOLUTION, s.NAME, s.uri])).toEqual([
      ['854x480', '480p', '480p.m3u8'],
      ['640x360', '360p', '360p.m3u8'],
    ]);
    for (const stream of streams) {
      expect(Number(stream.BANDWIDTH)).toBeGreaterThan(0);
      const segments = segmentsOf((await t.app.storage.get(`${dir}/${stream.uri}`)).toString('utf8'));
      expect(segments.length).toBeGreaterThan(0);
      for (const segment of segments) expect(await t.app.storage.exists(`${dir}/${segment}`)).toBe(true);
    }
    // Video and sound in the segments (ffmpeg refuses to map a stream that is not there).
    expect(await decodes(`${dir}/480p_000.ts`, ['0:v:0', '0:a:0'])).toBe(true);
    expect((await t.app.storage.get(`${dir}/poster.jpg`)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Served with HLS types, ranges and long caching.
    const master = await t.app.inject({ method: 'GET', url: `/files/${row.hlsKey}` });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toContain('max-age');
    const part = await t.app.inject({
      method: 'GET',
      url: `/files/${dir}/480p_000.ts`,
      headers: { range: 'bytes=0-187' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp2t');
    expect(part.rawPayload.length).toBe(188);
    expect(part.rawPayload[0]).toBe(0x47);

    const post = await detailOf(pid);
    expect(post).toMatchObject({ viosrc: uploaded.path, viohls: row.hlsKey, imgsrc: `${dir}/poster.jpg` });
    // A post published after the ladder is ready takes it at once.
    const later = await release(api, uploaded.path);
    expect((await detailOf(later.pid)).viohls).toBe(row.hlsKey);
    // Ready answers its state without work.
    expect(await api.call(uploadVideoTranscode, { path: uploaded.path })).toEqual({
      state: 'ready',
      renditions: [480, 360],
    });
    expect((await uploadOf(uploaded.path)).transcodeAttempts).toBe(1);
  });

  it('gives a silent 320×240 clip one rung at its own size', async () => {
    const { api } = await author();
    const uploaded = await api.call(uploadVideo, form(await clip(320, 240, false), 'small.mp4', 'video/mp4'));
    const row = await settled(uploaded.path);
    expect(row).toMatchObject({ transcodeState: 'ready', renditions: [240] });
    const streams = streamsOf((await t.app.storage.get(row.hlsKey)).toString('utf8'));
    expect(streams.map((s) => [s.RESOLUTION, s.NAME])).toEqual([['320x240', '240p']]);
    const dir = hlsDirOf(uploaded.path);
    expect(await decodes(`${dir}/240p_000.ts`, ['0:v:0'])).toBe(true);
    expect(await decodes(`${dir}/240p_000.ts`, ['0:a:0'])).toBe(false);
  });

  it('marks a video ffmpeg cannot encode failed, stores nothing of it, and its post plays the original', async () => {
    const { user, api } = await author();
    const key = `posts/2026/11/${user.id}-${'b'.repeat(24)}.mp4`;
    await t.app.storage.put(key, Buffer.from('not really a video'), 'video/mp4');
    const record = await recordUpload(t.app.db, { key, userId: user.id, kind: 'video', width: 640, height: 360 });
    await t.app.db
      .update(uploads)
      .set({ transcodeState: 'pending', transcodeAttempts: 1 })
      .where(eq(uploads.id, record.id));
    const deps = { db: t.app.db, storage: t.app.storage, log: t.app.log, config: t.config, jobs: null };
    await runTranscode(deps, { uploadId: record.id, attempt: 1 });
    expect(await uploadOf(key)).toMatchObject({ transcodeState: 'failed', hlsKey: '', renditions: [] });
    expect(await storedKeysUnder(hlsDirOf(key))).toEqual([]);

    const { pid } = await release(api, key);
    expect(await detailOf(pid)).toMatchObject({ viosrc: key, viohls: '', isvio: 1 });
    const [stored] = await t.app.db.select().from(posts).where(eq(posts.id, pid));
    expect(stored?.videoHls).toBe('');
  });

  it('removes what it stored when storing the ladder fails half-way', async () => {
    const { api } = await author();
    const uploaded = await api.call(uploadVideo, form(await clip(320, 240, false), 'c.mp4', 'video/mp4'));
    await settled(uploaded.path);
    const real = t.app.storage;
    let puts = 0;
    // Fails on the third file: segments went in, the playlists and master did not.
    const failing = new Proxy(real, {
      get(target, name, receiver) {
        if (name === 'putFile') {
          return async (key: string, file: string, type: string) => {
            if (++puts === 3) throw new Error('disk full');
            return real.putFile(key, file, type);
          };
        }
        return Reflect.get(target, name, receiver);
      },
    }) as StorageProvider;
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-hls-'));
    const copy = `${uploaded.path.replace(/\.mp4$/, '')}-copy.mp4`;
    await real.putFile(copy, real.kind === 'local' ? real.localPath(uploaded.path) : '', 'video/mp4');
    try {
      await expect(storeHlsLadder(failing, copy, workDir, t.app.log)).rejects.toThrow('disk full');
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    expect(puts).toBe(3);
    expect(await storedKeysUnder(hlsDirOf(copy))).toEqual([]);
  });
});

describe('HLS ladders on an S3 bucket', () => {
  it('reads the video from the bucket and stores the ladder beside it with HLS types', async () => {
    const fake = await startFakeS3();
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-hls-s3-'));
    try {
      const bucket = createS3Storage({
        endpoint: fake.endpoint,
        bucket: fake.bucket,
        region: fake.region,
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
        publicUrl: 'https://cdn.example.com',
      });
      await bucket.put('posts/2026/11/1-abc.mp4', await clip(320, 240, true), 'video/mp4');
      const ladder = await storeHlsLadder(bucket, 'posts/2026/11/1-abc.mp4', workDir, t.app.log);
      expect(ladder).toMatchObject({
        masterKey: 'posts/2026/11/1-abc-hls/master.m3u8',
        posterKey: 'posts/2026/11/1-abc-hls/poster.jpg',
        renditions: [240],
      });
      expect(ladder.keys.at(-1)).toBe(ladder.masterKey);
      const types = Object.fromEntries(
        [...fake.objects].map(([key, object]) => [key.slice(key.lastIndexOf('.')), object.contentType]),
      );
      expect(types).toMatchObject({
        '.m3u8': 'application/vnd.apple.mpegurl',
        '.ts': 'video/mp2t',
        '.jpg': 'image/jpeg',
      });
      expect(bucket.publicUrl(ladder.masterKey)).toBe('https://cdn.example.com/posts/2026/11/1-abc-hls/master.m3u8');
    } finally {
      await fake.close();
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/v1/user/upload/video/transcode', () => {
  async function failedVideo(userId: number) {
    const key = `posts/2026/11/${userId}-${'c'.repeat(24)}.mp4`;
    await t.app.storage.put(key, Buffer.from('broken'), 'video/mp4');
    const record = await recordUpload(t.app.db, { key, userId, kind: 'video', width: 640, height: 360 });
    await t.app.db
      .update(uploads)
      .set({ transcodeState: 'failed', transcodeAttempts: 1 })
      .where(eq(uploads.id, record.id));
    return key;
  }

  it("queues the owner's failed video again; another user's path is UPLOAD_NOT_FOUND and queues nothing", async () => {
    const owner = await author();
    const key = await failedVideo(owner.user.id);

    const stranger = await author();
    const refused = await apiFailure(stranger.api.call(uploadVideoTranscode, { path: key }));
    expect(refused.message).toBe(ERRORS.UPLOAD_NOT_FOUND.message);
    expect(await uploadOf(key)).toMatchObject({ transcodeState: 'failed', transcodeAttempts: 1 });

    const answer = await owner.api.call(uploadVideoTranscode, { path: key });
    expect(answer.renditions).toEqual([]);
    expect(['pending', 'failed']).toContain(answer.state);
    // The second try ran (and failed again: the file is still broken).
    const row = await settled(key);
    expect(row).toMatchObject({ transcodeState: 'failed', transcodeAttempts: 2 });
  });

  it('refuses what is not a video upload, logged-out callers and an empty path', async () => {
    const { api } = await author();
    expect((await apiFailure(api.call(uploadVideoTranscode, { path: 'posts/nope.mp4' }))).message).toBe(
      ERRORS.UPLOAD_NOT_FOUND.message,
    );
    expect((await apiFailure(api.call(uploadVideoTranscode, { path: '' }))).status).toBe(STATUS.VALIDATION_FAILED);
    expect((await apiFailure(t.api.call(uploadVideoTranscode, { path: 'x.mp4' }))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});
