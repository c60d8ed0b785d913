import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { STATUS } from '@evcircle/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { testVideo } from '../../../test/test-media.ts';
import { localStorageOf } from './index.ts';
import { variantDir } from './variant-cache.ts';

let t: TestApp;
let baseUrl: URL;

/** A GET with the path exactly as given (no `..` resolution), over a real connection. */
function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: baseUrl.hostname, port: baseUrl.port, path: rawPath }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .toBuffer();
}

async function variantFiles(key: string): Promise<string[]> {
  const dir = variantDir(localStorageOf(t.app.storage).cacheDir, key);
  return existsSync(dir) ? readdir(dir) : [];
}

beforeAll(async () => {
  t = await buildTestApp();
  const { storage } = t.app;
  await storage.put('test/wide.jpg', await jpeg(1200, 800), 'image/jpeg');
  await storage.put('test/small.jpg', await jpeg(300, 200), 'image/jpeg');
  await storage.put(
    'test/alpha.png',
    await sharp({ create: { width: 960, height: 960, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer(),
    'image/png',
  );
  await storage.put('test/broken.jpg', Buffer.from('definitely not a jpeg'), 'image/jpeg');
  await storage.put('test/notes.txt', Buffer.from('你好'), 'text/plain');
  // A real 1 s H.264 clip.
  await storage.put('test/clip.mp4', await testVideo('mp4', { width: 320, height: 240, seconds: 1 }), 'video/mp4');
  baseUrl = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /files/*', () => {
  it('serves the original with type, validators and a year of immutable caching', async () => {
    const res = await t.app.inject({ url: '/files/test/wide.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 800]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/files/test/wide.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 304 to a matching If-None-Match and If-Modified-Since', async () => {
    const first = await t.app.inject({ url: '/files/test/wide.jpg' });
    const etag = String(first.headers.etag);
    const byEtag = await t.app.inject({ url: '/files/test/wide.jpg', headers: { 'if-none-match': etag } });
    expect(byEtag.statusCode).toBe(304);
    expect(byEtag.rawPayload.length).toBe(0);
    const byDate = await t.app.inject({
      url: '/files/test/wide.jpg',
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(byDate.statusCode).toBe(304);
  });

  it('serves byte ranges so video players can seek', async () => {
    const res = await t.app.inject({ url: '/files/test/clip.mp4', headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(res.rawPayload.length).toBe(100);
  });

  it('answers a missing file with the FILE_NOT_FOUND envelope', async () => {
    const res = await t.app.inject({ url: '/files/test/nothing-here.jpg' });
    expect(res.json()).toEqual({ status: STATUS.NOT_FOUND, data: null, message: '文件不存在' });
    const resized = await t.app.inject({ url: '/files/test/nothing-here.jpg?imageView2/2/w/480' });
    expect(resized.json().status).toBe(STATUS.NOT_FOUND);
  });

  // Sent over a real socket: inject() and browsers resolve `..` before sending, an
  // attacker's client does not.
  it.each([
    '/files/../../etc/passwd',
    '/files/test/../../../etc/passwd',
    '/files/%2e%2e/%2e%2e/etc/passwd',
    '/files/..%2f..%2fetc%2fpasswd',
    '/files/%2e%2e%5c%2e%2e%5cetc%5cpasswd',
    '/files//etc/passwd',
    '/files/test/.hidden',
    '/files/test/wide.jpg%00.png',
  ])('refuses the traversal or unsafe key %s', async (rawPath) => {
    const { status, body } = await rawGet(rawPath);
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: '文件路径不合法' });
  });
});

describe('imageView2 (sharp)', () => {
  it('fits the image inside the width keeping the ratio, in the same format', async () => {
    const res = await t.app.inject({ url: '/files/test/wide.jpg?imageView2/2/w/480' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([480, 320]);
  });

  it('fits inside a w × h box and keeps PNG as PNG', async () => {
    const res = await t.app.inject({ url: '/files/test/alpha.png?imageView2/2/w/480/h/240/q/80' });
    expect(res.headers['content-type']).toBe('image/png');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 240, 240]);
  });

  it('converts when a format is asked for', async () => {
    const res = await t.app.inject({ url: '/files/test/alpha.png?imageView2/2/w/100/format/webp' });
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
  });

  it('never enlarges a smaller image', async () => {
    const res = await t.app.inject({ url: '/files/test/small.jpg?imageView2/2/w/480' });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('renders once: the variant is on disk after the first call and served from it after', async () => {
    const key = 'test/cache-me.jpg';
    await t.app.storage.put(key, await jpeg(1000, 1000), 'image/jpeg');
    expect(await variantFiles(key)).toEqual([]);
    const first = await t.app.inject({ url: `/files/${key}?imageView2/2/w/200` });
    expect(first.statusCode).toBe(200);
    expect(await variantFiles(key)).toEqual(['imageView2-2-w200-h0-q0.jpg']);
    const second = await t.app.inject({ url: `/files/${key}?imageView2/2/w/200` });
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['last-modified']).toBe(first.headers['last-modified']);
    const revalidated = await t.app.inject({
      url: `/files/${key}?imageView2/2/w/200`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('does the work once when the first requests for a variant arrive together', async () => {
    const key = 'test/together.jpg';
    await t.app.storage.put(key, await jpeg(1600, 900), 'image/jpeg');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ url: `/files/${key}?imageView2/2/w/320` })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    // One render leaves exactly one file and no temp files behind.
    expect(await variantFiles(key)).toEqual(['imageView2-2-w320-h0-q0.jpg']);
  });

  it('drops cached variants when the original is replaced', async () => {
    const key = 'test/replaced.jpg';
    await t.app.storage.put(key, await jpeg(800, 800), 'image/jpeg');
    await t.app.inject({ url: `/files/${key}?imageView2/2/w/100` });
    await t.app.storage.put(key, await jpeg(800, 400), 'image/jpeg');
    const res = await t.app.inject({ url: `/files/${key}?imageView2/2/w/100` });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 50]);
  });

  it('refuses an image above 40 megapixels', async () => {
    const key = 'test/huge.png';
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await t.app.storage.put(key, huge, 'image/png');
    const res = await t.app.inject({ url: `/files/${key}?imageView2/2/w/480` });
    expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, data: null });
    expect(res.json().message).toContain('4000 万像素');
  });

  it('answers a corrupt image with FILE_PROCESSING_FAILED, not a server error', async () => {
    const res = await t.app.inject({ url: '/files/test/broken.jpg?imageView2/2/w/480' });
    expect(res.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '文件处理失败，文件可能已损坏' });
  });

  it.each([
    ['?imageView2/1/w/480', 'imageView2 仅支持模式 2'],
    ['?imageView2/2', 'imageView2 需要 w 或 h'],
    ['?imageView2/2/w/0', 'w 需要'],
    ['?imageView2/2/w/99999', 'w 需要'],
    ['?imageView2/2/w/480/blur/3', '不支持参数 blur'],
    ['?imageView2/2/w/480/format/gif', '不支持输出格式 gif'],
    ['?imageMogr2/thumbnail/480x', '未知指令 imageMogr2'],
    ['?vframe/jpg/offset/0', 'vframe 只能用于视频'],
  ])('refuses the unsupported operation %s with a clear message', async (query, message) => {
    const res = await t.app.inject({ url: `/files/test/wide.jpg${query}` });
    const body = res.json();
    expect(body.status).toBe(STATUS.VALIDATION_FAILED);
    expect(body.message).toContain(message);
  });

  it('ignores key=value parameters such as cache busters', async () => {
    const res = await t.app.inject({ url: '/files/test/wide.jpg?imageView2/2/w/240&v=3' });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(240);
    const plain = await t.app.inject({ url: '/files/test/wide.jpg?v=3' });
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(1200);
  });
});

describe('vframe (ffmpeg)', () => {
  it('answers the first frame of a video as a JPEG of the video size, cached', async () => {
    const res = await t.app.inject({ url: '/files/test/clip.mp4?vframe/jpg/offset/0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
    expect(await variantFiles('test/clip.mp4')).toEqual(['vframe-jpg-offset-0.jpg']);
  });

  it('refuses vframe on something that is not a video, and offsets past the end', async () => {
    const notVideo = await t.app.inject({ url: '/files/test/notes.txt?vframe/jpg/offset/0' });
    expect(notVideo.json().status).toBe(STATUS.VALIDATION_FAILED);
    const pastEnd = await t.app.inject({ url: '/files/test/clip.mp4?vframe/jpg/offset/30' });
    expect(pastEnd.json()).toMatchObject({ status: STATUS.VALIDATION_FAILED, data: null });
  });
});
