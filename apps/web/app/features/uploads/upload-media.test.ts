import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadMedia } from './upload-media.ts';

/** What the fake network saw: method, URL without the signed query, and the form's field names. */
type Seen = { method: string; path: string; fields: string[] };
type Answer = { status: number; body?: unknown };
type Handler = (method: string, path: string, body: FormData | string | null) => Answer | Promise<Answer>;

let handler: Handler;
let seen: Seen[];

/** XMLHttpRequest backed by `handler`, reporting one progress event per request. */
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return 'application/json';
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData | string | null) {
    const path = this.url.split('?')[0] ?? '';
    seen.push({ method: this.method, path, fields: body instanceof FormData ? [...body.keys()] : [] });
    void Promise.resolve(handler(this.method, path, body)).then((answer) => {
      if (this.aborted) return;
      if (answer.status === 0) return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = answer.status;
      this.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

const IMAGE = { url: '/files/posts/2026/11/1-a.jpg', path: 'posts/2026/11/1-a.jpg', width: 4, height: 3 };
const TOKEN = {
  uploadToken: 'v1.x.y',
  key: 'posts/2026/11/1-a',
  domain: '/files',
  uploadUrl: '/upload/z0',
  fields: {},
};
const ok = (data: unknown): Answer => ({ status: 200, body: { status: 200, data, message: '' } });
const photo = () => new File([new Uint8Array(10)], 'p.jpg', { type: 'image/jpeg' });
const options = { signSecret: 'test-secret' };

beforeEach(() => {
  seen = [];
  const storage = new Map<string, string>();
  Object.assign(globalThis, {
    XMLHttpRequest: FakeXhr,
    window: { location: { href: 'http://localhost/publish', origin: 'http://localhost' } },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'XMLHttpRequest');
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('uploadMedia', () => {
  it('posts token, key and file to the token host, retrying once at the host an incorrect-region answer names', async () => {
    handler = (_method, path) => {
      if (path === '/api/v1/ai/user/upload/image/token') return ok(TOKEN);
      if (path === '/upload/z0')
        return { status: 400, body: { error: 'incorrect region, please use http://localhost/upload/z1' } };
      if (path === 'http://localhost/upload/z1') return { status: 200, body: IMAGE };
      return { status: 404 };
    };
    const progress: number[] = [];
    const result = await uploadMedia(photo(), 'image', { ...options, onProgress: (f) => progress.push(f) });
    expect(result).toEqual(IMAGE);
    expect(seen.map((s) => s.path)).toEqual([
      '/api/v1/ai/user/upload/image/token',
      '/upload/z0',
      'http://localhost/upload/z1',
    ]);
    expect(seen[1]?.fields).toEqual(['token', 'key', 'file']);
    expect(progress).toContain(0.5);
    expect(progress.at(-1)).toBe(1);
  });

  it('retries the region only once', async () => {
    handler = (_method, path) => {
      if (path.endsWith('/token')) return ok(TOKEN);
      if (path.startsWith('/api/')) return ok(IMAGE);
      return { status: 400, body: { error: 'incorrect region, please use http://localhost/upload/z9' } };
    };
    await uploadMedia(photo(), 'image', options);
    expect(seen.filter((s) => s.path.includes('/upload/z')).length).toBe(2);
    // …then the upload through our server.
    expect(seen.at(-1)?.path).toBe('/api/v1/ai/user/upload/qiniu');
  });

  it('falls back to the upload through our server when the direct upload fails for another reason', async () => {
    for (const direct of [
      { status: 401, body: { error: '上传凭证已过期，请重新上传' } },
      { status: 0 },
      { status: 502 },
    ]) {
      seen = [];
      handler = (_method, path) => {
        if (path.endsWith('/token')) return ok(TOKEN);
        if (path === '/upload/z0') return direct;
        if (path === '/api/v1/ai/user/upload/video')
          return ok({ ...IMAGE, cover: 'c.jpg', coverUrl: '/files/c.jpg', duration: 1 });
        return { status: 404 };
      };
      const video = new File([new Uint8Array(10)], 'v.mp4', { type: 'video/mp4' });
      const result = await uploadMedia(video, 'video', options);
      expect(result).toMatchObject({ cover: 'c.jpg', duration: 1 });
      expect(seen.map((s) => s.path)).toEqual([
        '/api/v1/ai/user/upload/video/token',
        '/upload/z0',
        '/api/v1/ai/user/upload/video',
      ]);
      expect(seen[2]?.fields).toEqual(['file']);
    }
  });

  it('shows the host refusal of the file itself without falling back', async () => {
    handler = (_method, path) =>
      path.endsWith('/token')
        ? ok(TOKEN)
        : { status: 415, body: { error: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片' } };
    await expect(uploadMedia(photo(), 'image', options)).rejects.toThrow('文件不是有效的图片');
    expect(seen).toHaveLength(2);
  });

  it('sends the presigned fields to a bucket, then completes the upload', async () => {
    const s3Token = {
      ...TOKEN,
      key: 'incoming/posts/2026/11/1-a',
      uploadUrl: 'https://bucket.example.com/media',
      fields: { key: 'incoming/posts/2026/11/1-a', policy: 'p', 'x-amz-signature': 's' },
    };
    handler = (_method, path) => {
      if (path.endsWith('/token')) return ok(s3Token);
      if (path === 'https://bucket.example.com/media') return { status: 204 };
      if (path === '/api/v1/ai/user/upload/complete') return ok(IMAGE);
      return { status: 404 };
    };
    expect(await uploadMedia(photo(), 'image', options)).toEqual(IMAGE);
    expect(seen[1]?.fields).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect(seen[2]?.path).toBe('/api/v1/ai/user/upload/complete');
  });

  it('says so when the token cannot be had, and when a file is too large', async () => {
    handler = () => ({ status: 503 });
    await expect(uploadMedia(photo(), 'image', options)).rejects.toThrow('获取上传凭证失败');
    const huge = { size: 11 * 1024 * 1024, name: 'big.jpg', type: 'image/jpeg' } as File;
    await expect(uploadMedia(huge, 'image', options)).rejects.toThrow('文件过大，不能超过 10 MB');
  });

  it('rejects with 上传已取消 when aborted', async () => {
    const controller = new AbortController();
    handler = (_method, path) => {
      if (path.endsWith('/token')) return ok(TOKEN);
      controller.abort();
      return new Promise(() => {});
    };
    await expect(uploadMedia(photo(), 'image', { ...options, signal: controller.signal })).rejects.toThrow(
      '上传已取消',
    );
  });
});
