import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadImage, downloadVideo, failureOf, sniffImageType, startDeadline } from './remote-media.ts';
import { AiProviderError } from './types.ts';

/** What each path of the little file host answers. */
type Route = (res: ServerResponse) => void;

let server: Server;
let base = '';
const routes = new Map<string, Route>();
let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;
/** Enough of an MP4 to be one: a box of type ftyp first. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]);
let workDir: string;

function serve(type: string, body: Buffer | string, status = 200, headers: Record<string, string> = {}): Route {
  return (res) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };
}

/** Sends the body in pieces with no Content-Length, as a chunked answer. */
function chunked(type: string, pieces: Buffer[]): Route {
  return (res) => {
    res.writeHead(200, { 'content-type': type });
    for (const piece of pieces) res.write(piece);
    res.end();
  };
}

async function kindOf(promise: Promise<unknown>): Promise<{ kind: string; detail: string }> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return { kind: (error as AiProviderError).kind, detail: (error as AiProviderError).detail };
}

const live = () => new AbortController().signal;

beforeAll(async () => {
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  jpeg = await sharp(png).jpeg().toBuffer();
  webp = await sharp(png).webp().toBuffer();
  server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (route) return route(res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  routes.clear();
  workDir = await mkdtemp(path.join(os.tmpdir(), 'remote-media-'));
  return () => rm(workDir, { recursive: true, force: true });
});

describe('sniffImageType', () => {
  it('knows PNG, JPEG and WebP by their bytes and nothing else', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<html></html>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('downloadImage', () => {
  it('returns the bytes and the type the bytes show, whatever the label says', async () => {
    routes.set('/a.png', serve('image/png', png, 200, { 'content-length': String(png.length) }));
    routes.set('/b.jpg', serve('image/jpg; charset=binary', jpeg));
    routes.set('/c', serve('image/png', webp));
    const a = await downloadImage(`${base}/a.png`, { signal: live() });
    expect(a.contentType).toBe('image/png');
    expect(a.data.equals(png)).toBe(true);
    expect((await downloadImage(`${base}/b.jpg`, { signal: live() })).contentType).toBe('image/jpeg');
    expect((await downloadImage(`${base}/c`, { signal: live() })).contentType).toBe('image/webp');
  });

  it('refuses an answer that is not labelled a picture, or is not one', async () => {
    routes.set('/page', serve('text/html', '<html>expired</html>'));
    routes.set('/liar', serve('image/png', 'not a picture'));
    expect(await kindOf(downloadImage(`${base}/page`, { signal: live() }))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('text/html'),
    });
    expect(await kindOf(downloadImage(`${base}/liar`, { signal: live() }))).toMatchObject({ kind: 'invalid' });
  });

  it('counts a missing result as invalid and a busy store as unavailable', async () => {
    routes.set('/busy', serve('text/plain', 'slow down', 503));
    expect(await kindOf(downloadImage(`${base}/gone.png`, { signal: live() }))).toEqual({
      kind: 'invalid',
      detail: 'image download: HTTP 404',
    });
    expect(await kindOf(downloadImage(`${base}/busy`, { signal: live() }))).toMatchObject({ kind: 'unavailable' });
  });

  it('stops at the byte limit, whether the size is declared or not', async () => {
    routes.set('/declared', serve('image/png', png, 200, { 'content-length': String(png.length) }));
    routes.set('/chunked', chunked('image/png', [png, Buffer.alloc(4096), Buffer.alloc(4096)]));
    const declared = await kindOf(downloadImage(`${base}/declared`, { signal: live(), maxBytes: png.length - 1 }));
    expect(declared).toMatchObject({ kind: 'invalid', detail: expect.stringContaining('larger than') });
    const streamed = await kindOf(downloadImage(`${base}/chunked`, { signal: live(), maxBytes: 6000 }));
    expect(streamed).toMatchObject({ kind: 'invalid', detail: expect.stringContaining('larger than') });
    // Within the limit the same answer goes through.
    const whole = await downloadImage(`${base}/chunked`, { signal: live(), maxBytes: 20_000 });
    expect(whole.data.length).toBe(png.length + 8192);
  });

  it('gives up at its time limit, on the caller’s abort, and when nobody answers', async () => {
    routes.set('/hang', () => {});
    const slow = await kindOf(downloadImage(`${base}/hang`, { signal: live(), timeoutMs: 150 }));
    expect(slow).toEqual({ kind: 'unavailable', detail: 'image download: no result within 150 ms' });

    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    const aborted = await kindOf(downloadImage(`${base}/hang`, { signal: controller.signal }));
    expect(aborted).toMatchObject({ kind: 'unavailable', detail: expect.stringContaining('aborted') });
    expect(aborted.detail).toContain('job cancelled');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await kindOf(downloadImage(`http://127.0.0.1:${port}/x.png`, { signal: live() }))).toMatchObject({
      kind: 'unavailable',
    });
  });
});

describe('downloadVideo', () => {
  it('streams an MP4 into the work directory', async () => {
    routes.set('/v.mp4', chunked('video/mp4', [MP4.subarray(0, 5), MP4.subarray(5)]));
    const video = await downloadVideo(`${base}/v.mp4`, { signal: live(), workDir });
    expect(path.dirname(video.path)).toBe(workDir);
    expect((await readFile(video.path)).equals(MP4)).toBe(true);
  });

  it('refuses a wrong label, bytes that are no MP4 and a video past the limit, leaving no file', async () => {
    routes.set('/page', serve('text/html', '<html></html>'));
    routes.set('/fake.mp4', serve('video/mp4', Buffer.alloc(3000, 1)));
    routes.set('/big.mp4', chunked('video/mp4', [MP4, MP4, MP4]));
    expect(await kindOf(downloadVideo(`${base}/page`, { signal: live(), workDir }))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('not video/mp4'),
    });
    expect(await kindOf(downloadVideo(`${base}/fake.mp4`, { signal: live(), workDir }))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('not an MP4'),
    });
    expect(
      await kindOf(downloadVideo(`${base}/big.mp4`, { signal: live(), workDir, maxBytes: MP4.length * 2 })),
    ).toMatchObject({ kind: 'invalid', detail: expect.stringContaining('larger than') });
    expect(await readdir(workDir)).toEqual([]);
  });

  it('gives up on a body that stops coming, and removes what it wrote', async () => {
    routes.set('/stall.mp4', (res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(MP4.subarray(0, 100));
    });
    expect(await kindOf(downloadVideo(`${base}/stall.mp4`, { signal: live(), workDir, timeoutMs: 200 }))).toEqual({
      kind: 'unavailable',
      detail: 'video download: no result within 200 ms',
    });
    expect(await readdir(workDir)).toEqual([]);
  });
});

describe('startDeadline', () => {
  it('ends at its time limit even when the garbage collector runs meanwhile', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const deadline = startDeadline(live(), 200);
    const started = Date.now();
    while (!deadline.signal.aborted && Date.now() - started < 3000) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as Error).name).toBe('TimeoutError');
  });

  it('ends with the caller, and at once when the caller has already given up', () => {
    const caller = new AbortController();
    const deadline = startDeadline(caller.signal, 60_000);
    expect(deadline.signal.aborted).toBe(false);
    caller.abort(new Error('stop'));
    expect(deadline.signal.reason).toEqual(new Error('stop'));
    expect(startDeadline(caller.signal, 60_000).signal.aborted).toBe(true);
  });
});

describe('failureOf', () => {
  it('keeps an AiProviderError and tells the caller’s abort from the time limit', () => {
    const own = new AiProviderError('refused', 'x');
    expect(failureOf(own, startDeadline(live(), 1000), 'call')).toBe(own);
    const caller = new AbortController();
    caller.abort(new Error('stop'));
    expect(failureOf(new Error('aborted'), startDeadline(caller.signal, 1000), 'call').detail).toBe(
      'call: aborted (Error: stop)',
    );
    expect(failureOf(new TypeError('fetch failed'), startDeadline(live(), 1000), 'call')).toMatchObject({
      kind: 'unavailable',
      detail: 'call: TypeError: fetch failed',
    });
  });
});
