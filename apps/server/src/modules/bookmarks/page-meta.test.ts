// Page meta (issue 20): title from og:title or <title> in the page's charset, the icon
// chosen, fetched under the same guarded policy and made safe to serve. One local
// node:http server on 127.0.0.1 serves every page; the test-only loopback allowance lets
// the fetcher reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, BOOKMARK_TITLE_MAX_LENGTH } from '@evcircle/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blackPng } from '../../../test/test-media.ts';
import type { FetchPolicy } from '../../platform/safe-fetch/index.ts';
import { pickIconLink, readIcoEntries, sniffImage, toSafeIcon } from './icon.ts';
import { cleanTitle, decodeHtml, fetchPageMeta } from './page-meta.ts';

const SECRET = 'PAGE-SECRET-TEXT';
/** 中文标题：电动车之家 — 充电地图 in GBK. */
const GBK_TITLE = Buffer.from('d6d0cec4b1eacce2a3bab5e7b6afb3b5d6aebcd220a1aa20b3e4b5e7b5d8cdbc', 'hex');
/** 電動車之家｜充電地圖 in Big5. */
const BIG5_TITLE = Buffer.from('b971b0caa8aea4a7ae61a155a552b971a661b9cf', 'hex');
/** 電気自動車 in Shift_JIS. */
const SJIS_TITLE = Buffer.from('93648b438ea993ae8ed4', 'hex');

type Route = { type: string; body: Buffer | string; status?: number; headers?: Record<string, string> };
const routes = new Map<string, Route>();
const requested: string[] = [];
let server: http.Server;
let base = '';

const page = (body: Buffer | string, type = 'text/html'): Route => ({ type, body });
const bytes = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

let png128x96: Buffer;
let pngIco: Buffer;
let bmpIco: Buffer;

/** An ICO holding one 32×32 PNG. */
function icoOf(image: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = width;
  header[7] = height;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

/** A 1×1 32-bit bitmap as an ICO keeps it: BITMAPINFOHEADER, one pixel, a padded AND mask. */
function bitmap1x1(): Buffer {
  const dib = Buffer.alloc(48);
  dib.writeUInt32LE(40, 0);
  dib.writeInt32LE(1, 4);
  dib.writeInt32LE(2, 8);
  dib.writeUInt16LE(1, 12);
  dib.writeUInt16LE(32, 14);
  dib.writeUInt32LE(0xff0000ff, 40);
  return dib;
}

beforeAll(async () => {
  png128x96 = await sharp({ create: { width: 128, height: 96, channels: 4, background: '#2e7d32' } })
    .png()
    .toBuffer();
  const png32 = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#1565c0' } })
    .png()
    .toBuffer();
  pngIco = icoOf(png32, 32, 32);
  bmpIco = icoOf(bitmap1x1(), 1, 1);
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<title>missing</title>');
    }
    res.writeHead(route.status ?? 200, { 'content-type': route.type, ...route.headers });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes.clear();
  requested.length = 0;
});

function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    allowedPorts: [80, 443],
    allowLoopback: true,
    maxRedirects: 5,
    timeoutMs: 5000,
    userAgent: 'Mozilla/5.0 (compatible; evcircle-bot/1.0; +http://127.0.0.1:3000)',
    ...overrides,
  };
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('page title', () => {
  it('takes og:title over <title>, entities decoded and white space collapsed', async () => {
    routes.set(
      '/og',
      page(
        '<html><head><title>Plain title</title><meta property="og:title" content="  Og &amp; &quot;Title&quot;\n  here "></head></html>',
      ),
    );
    routes.set(
      '/plain',
      page('<title>\n  A &amp; B&nbsp;&lt;C&gt;\t&#20013;&#x6587;  </title><svg><title>not this</title></svg>'),
    );
    routes.set('/svg-first', page('<svg><title>icon label</title></svg><title>Real</title>'));
    routes.set('/none', page('<p>no title here</p>'));
    expect((await fetchPageMeta(`${base}/og`, policy())).title).toBe('Og & "Title" here');
    expect((await fetchPageMeta(`${base}/plain`, policy())).title).toBe('A & B <C> 中文');
    expect((await fetchPageMeta(`${base}/svg-first`, policy())).title).toBe('Real');
    expect(await fetchPageMeta(`${base}/none`, policy())).toMatchObject({ url: `${base}/none`, title: '' });
  });

  it('cuts a long title to the bookmark title length, never inside a character', () => {
    expect(cleanTitle('x'.repeat(500))).toHaveLength(BOOKMARK_TITLE_MAX_LENGTH);
    const emoji = cleanTitle(`${'a'.repeat(BOOKMARK_TITLE_MAX_LENGTH - 1)}😀😀`);
    expect(emoji).toBe('a'.repeat(BOOKMARK_TITLE_MAX_LENGTH - 1));
    expect(cleanTitle('a\u0000b\u2028c  \r\n d')).toBe('a b c d');
  });

  it('decodes GBK, GB2312, Big5 and Shift_JIS pages by header or <meta>', async () => {
    routes.set('/gbk-header', page(bytes('<title>', GBK_TITLE, '</title>'), 'text/html; charset=GBK'));
    routes.set('/gbk-meta', page(bytes('<html><head><meta charset=gbk><title>', GBK_TITLE, '</title>')));
    routes.set(
      '/gb2312-equiv',
      page(bytes('<meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>', GBK_TITLE, '</title>')),
    );
    routes.set('/big5', page(bytes('<title>', BIG5_TITLE, '</title>'), 'text/html;charset="big5"'));
    routes.set('/big5-meta', page(bytes('<meta charset="Big5"><title>', BIG5_TITLE, '</title>')));
    routes.set('/sjis', page(bytes('<meta charset="shift_jis"><title>', SJIS_TITLE, '</title>')));
    const gbk = '中文标题：电动车之家 — 充电地图';
    expect((await fetchPageMeta(`${base}/gbk-header`, policy())).title).toBe(gbk);
    expect((await fetchPageMeta(`${base}/gbk-meta`, policy())).title).toBe(gbk);
    expect((await fetchPageMeta(`${base}/gb2312-equiv`, policy())).title).toBe(gbk);
    expect((await fetchPageMeta(`${base}/big5`, policy())).title).toBe('電動車之家｜充電地圖');
    expect((await fetchPageMeta(`${base}/big5-meta`, policy())).title).toBe('電動車之家｜充電地圖');
    expect((await fetchPageMeta(`${base}/sjis`, policy())).title).toBe('電気自動車');
  });

  it('honours a UTF-8 byte-order mark over a <meta> and reads GB18030 four-byte characters', () => {
    const bom = bytes(Buffer.from([0xef, 0xbb, 0xbf]), '<meta charset="gbk"><title>充电桩 ⚡</title>');
    expect(decodeHtml(bom, 'text/html')).toContain('<title>充电桩 ⚡</title>');
    expect(decodeHtml(Buffer.from('<title>充电</title>'), 'text/html')).toContain('充电');
    // U+3401 is four bytes in GB18030; a GBK-only decoder would lose it.
    expect(decodeHtml(Buffer.from('8139ef30', 'hex'), 'text/html; charset=gbk')).toBe('\u3401');
    // An unknown label falls back to the next source.
    expect(decodeHtml(bytes('<meta charset="gbk">', GBK_TITLE), 'text/html; charset=nonsense')).toContain('电动车之家');
  });
});

describe('page icon', () => {
  it('resolves the icon link against <base> and turns a PNG into a 64×64-fit PNG', async () => {
    routes.set('/dir/page', page('<base href="/assets/"><title>t</title><link rel="icon" href="icon.png">'));
    routes.set('/assets/icon.png', page(png128x96, 'image/png'));
    const meta = await fetchPageMeta(`${base}/dir/page`, policy());
    expect(requested).toEqual(['/dir/page', '/assets/icon.png']);
    expect(meta.icon).toMatchObject({ contentType: 'image/png', ext: 'png' });
    const info = await sharp(meta.icon?.bytes).metadata();
    expect(info).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('falls back to /favicon.ico of the final origin; keeps a bitmap ICO, unpacks a PNG one', async () => {
    routes.set('/start', { type: 'text/html', body: '', status: 302, headers: { location: '/landing' } });
    routes.set('/landing', page('<title>landing</title>'));
    routes.set('/favicon.ico', page(bytes(bmpIco, '<script>alert(1)</script>'), 'image/x-icon'));
    const meta = await fetchPageMeta(`${base}/start`, policy());
    expect(meta.url).toBe(`${base}/landing`);
    expect(requested).toEqual(['/start', '/landing', '/favicon.ico']);
    expect(meta.icon).toMatchObject({ contentType: 'image/x-icon', ext: 'ico' });
    expect(meta.icon?.bytes.equals(bmpIco)).toBe(true);

    routes.set('/favicon.ico', page(pngIco, 'image/vnd.microsoft.icon'));
    const unpacked = await fetchPageMeta(`${base}/landing`, policy());
    expect(unpacked.icon?.ext).toBe('png');
    expect(await sharp(unpacked.icon?.bytes).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
  });

  it('answers no icon when there is none, and still the title', async () => {
    routes.set('/bare', page('<title>bare</title>'));
    expect(await fetchPageMeta(`${base}/bare`, policy())).toEqual({ url: `${base}/bare`, title: 'bare', icon: null });
  });

  it('refuses an icon on a private address like a page, and still answers the title', async () => {
    const resolve = async () => [{ address: '192.168.1.20', family: 4 as const }];
    for (const href of [
      'http://10.0.0.1/icon.png',
      'http://169.254.169.254/latest/meta-data',
      'http://router.test/i.png',
    ]) {
      routes.set('/private-icon', page(`<title>still here</title><link rel="shortcut icon" href="${href}">`));
      const meta = await fetchPageMeta(`${base}/private-icon`, policy({ resolve }));
      expect(meta).toEqual({ url: `${base}/private-icon`, title: 'still here', icon: null });
    }
    // The page's origin is not asked instead.
    expect(requested.filter((p) => p !== '/private-icon')).toEqual([]);
  });

  it('answers no icon for bytes that are not an image, whatever their type says', async () => {
    routes.set('/fake', page('<title>fake</title><link rel="icon" href="/fake.png">'));
    routes.set('/fake.png', page(`<html>${SECRET}</html>`, 'image/png'));
    routes.set('/html-icon', page('<title>h</title><link rel="icon" href="/page.html">'));
    routes.set('/page.html', page(png128x96, 'text/html'));
    expect((await fetchPageMeta(`${base}/fake`, policy())).icon).toBeNull();
    expect((await fetchPageMeta(`${base}/html-icon`, policy())).icon).toBeNull();
    expect(requested).toContain('/fake.png');
  });

  it('rasterises an SVG icon to PNG and never keeps SVG; refuses one that loads outside itself', async () => {
    routes.set('/svg', page('<title>s</title><link rel="icon" type="image/svg+xml" href="/i.svg">'));
    routes.set(
      '/i.svg',
      page(
        '<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="15" fill="red"/></svg>',
        'image/svg+xml',
      ),
    );
    const meta = await fetchPageMeta(`${base}/svg`, policy());
    expect(meta.icon).toMatchObject({ contentType: 'image/png', ext: 'png' });
    expect(await sharp(meta.icon?.bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });

    const external = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><image xlink:href="file:///etc/passwd" width="8" height="8"/></svg>',
    );
    expect(sniffImage(external)).toBe('svg');
    expect(await toSafeIcon(external)).toBeNull();
    const entity = Buffer.from('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="8" height="8">&a;</svg>');
    expect(await toSafeIcon(entity)).toBeNull();
  });

  it('takes a small data: URI icon, and prefers a 32–64 px PNG by its sizes', async () => {
    const dataUri = `data:image/png;base64,${png128x96.toString('base64')}`;
    routes.set('/data', page(`<title>d</title><link rel="icon" href="${dataUri}">`));
    const meta = await fetchPageMeta(`${base}/data`, policy());
    expect(meta.icon?.ext).toBe('png');
    expect(requested).toEqual(['/data']);

    routes.set(
      '/sizes',
      page(
        '<title>s</title><link rel="apple-touch-icon" href="/touch.png"><link rel="icon" type="image/png" sizes="16x16" href="/16.png"><link rel="icon" type="image/png" sizes="32x32" href="/32.png"><link rel="mask-icon" href="/mask.svg">',
      ),
    );
    routes.set('/32.png', page(png128x96, 'image/png'));
    expect((await fetchPageMeta(`${base}/sizes`, policy())).icon?.ext).toBe('png');
    expect(requested).toEqual(['/data', '/sizes', '/32.png']);
    expect(pickIconLink([{ href: '/a.svg', rel: 'icon', type: '', sizes: '' }])?.href).toBe('/a.svg');
    expect(pickIconLink([])).toBeNull();
  });
});

describe('icon bytes', () => {
  it('reads JPEG, GIF and WebP by their magic and re-encodes them as PNG', async () => {
    const source = sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff9800' } });
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      const input = await source.clone().toFormat(format).toBuffer();
      expect(sniffImage(input)).toBe(format);
      const icon = await toSafeIcon(input);
      expect(icon?.ext).toBe('png');
      expect(await sharp(icon?.bytes).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 });
    }
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(await toSafeIcon(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('refuses decompression bombs and broken images', async () => {
    const huge = blackPng(5000, 5000);
    expect(huge.length).toBeLessThan(100 * 1024);
    expect(await toSafeIcon(huge)).toBeNull();
    // The same file, small enough, is taken: the pixel limit refused the big one.
    expect((await toSafeIcon(blackPng(1000, 1000)))?.ext).toBe('png');
    expect(
      await toSafeIcon(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"></svg>')),
    ).toBeNull();
    expect(await toSafeIcon(png128x96.subarray(0, 40))).toBeNull();
  });

  it('keeps an ICO only when its directory is sound, and drops what trails it', async () => {
    expect(readIcoEntries(bmpIco)).toEqual([{ width: 1, height: 1, offset: 22, size: 48 }]);
    const outside = Buffer.from(bmpIco);
    outside.writeUInt32LE(4000, 14);
    expect(readIcoEntries(outside)).toBeNull();
    expect(await toSafeIcon(outside)).toBeNull();
    const notBitmap = Buffer.from(bmpIco);
    notBitmap.writeUInt32LE(12, 22);
    expect(await toSafeIcon(notBitmap)).toBeNull();
    const trailing = await toSafeIcon(bytes(bmpIco, `<html>${SECRET}</html>`));
    expect(trailing?.bytes.equals(bmpIco)).toBe(true);
  });
});

describe('page errors', () => {
  it('maps every refusal to the contract code, without the page in the answer', async () => {
    routes.set('/json', page(`{"a":"${SECRET}"}`, 'application/json'));
    routes.set('/png', page(png128x96, 'image/png'));
    routes.set('/gone', { type: 'text/html', body: `<title>${SECRET}</title>`, status: 500 });
    routes.set('/big', page(Buffer.alloc(1024 * 1024 + 1, 'a')));
    routes.set('/loop', { type: 'text/html', body: '', status: 302, headers: { location: '/loop' } });
    routes.set('/ok', page('<title>ok</title>'));
    const cases: [string, FetchPolicy, string][] = [
      [`${base}/json`, policy(), 'BOOKMARK_NOT_HTML'],
      [`${base}/png`, policy(), 'BOOKMARK_NOT_HTML'],
      [`${base}/gone`, policy(), 'BOOKMARK_PAGE_UNREACHABLE'],
      [`${base}/missing`, policy(), 'BOOKMARK_PAGE_UNREACHABLE'],
      [`${base}/big`, policy(), 'BOOKMARK_PAGE_TOO_LARGE'],
      [`${base}/loop`, policy(), 'BOOKMARK_TOO_MANY_REDIRECTS'],
      [`${base}/ok`, policy({ allowLoopback: false }), 'BOOKMARK_ADDRESS_REFUSED'],
      [`${base}/ok`, policy({ refuseHost: (host) => host === '127.0.0.1' }), 'BOOKMARK_DOMAIN_BLOCKED'],
    ];
    for (const [url, rules, code] of cases) {
      const error = await appErrorOf(fetchPageMeta(url, rules));
      expect(error.code, url).toBe(code);
      expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain(SECRET);
    }
  });
});
