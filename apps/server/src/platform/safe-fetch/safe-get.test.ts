// The SSRF battery of the guarded fetch (issue 20), against a local node:http server on
// 127.0.0.1. Loopback is allowed only where a test must reach that server; elsewhere the
// server's port is listed as allowed, so a refusal can only come from the address check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  FETCH_TIMEOUT_MS,
  type FetchPolicy,
  type FetchWant,
  fetchPolicyFromConfig,
  type ResolvedAddress,
  SafeFetchError,
  type SafeFetchErrorCode,
  safeGet,
} from './index.ts';

const MB = 1024 * 1024;
const HTML: FetchWant = {
  maxBytes: MB,
  accept: (type) => type === 'text/html',
  acceptHeader: 'text/html',
};
const SECRET = 'INTERNAL-SECRET-BODY';
/** The bytes a 20 MB response managed to put on the wire before the client hung up. */
const written: Record<string, number> = {};
const seen: { path: string; host: string; local: string }[] = [];
const sockets = new Set<import('node:net').Socket>();
let server: http.Server;
let port = 0;
let base = '';

/** Writes `total` bytes in 64 KB chunks, respecting back-pressure, and records how many went out. */
function stream(res: http.ServerResponse, name: string, total: number) {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  written[name] = 0;
  const pump = () => {
    while ((written[name] ?? 0) < total) {
      if (res.destroyed) return;
      written[name] = (written[name] ?? 0) + chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

const GZIP_PAGE = zlib.gzipSync(Buffer.from('<title>gzipped</title>'));
const BROTLI_PAGE = zlib.brotliCompressSync(Buffer.from('<title>brotli</title>'));
let gzipBomb: Buffer;

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.pathname, host: req.headers.host ?? '', local: req.socket.localAddress ?? '' });
  const html = (body: string, status = 200) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const left = Number(hops[1]);
    if (left === 0) return html('<title>arrived</title>');
    res.writeHead(left % 2 ? 302 : 301, { location: `/hops/${left - 1}` });
    return res.end();
  }
  switch (url.pathname) {
    case '/ok':
      return html(`<title>ok</title><p>${req.headers['user-agent']}</p>`);
    case '/to':
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('url') ?? '/' });
      return res.end();
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ secret: SECRET }));
    case '/png':
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(SECRET);
    case '/404':
      return html(`<title>${SECRET}</title>`, 404);
    case '/500':
      return html(`<title>${SECRET}</title>`, 500);
    case '/slow-headers':
      return; // never answers
    case '/trickle': {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('a'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case '/big-with-length':
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(20 * MB) });
      return stream(res, 'big-with-length', 20 * MB);
    case '/big-without-length':
      res.writeHead(200, { 'content-type': 'text/html' });
      return stream(res, 'big-without-length', 20 * MB);
    case '/just-over':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(Buffer.alloc(MB + 1, 'a'));
    case '/just-right':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(Buffer.alloc(MB, 'a'));
    case '/gzip':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end(GZIP_PAGE);
    case '/br':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
      return res.end(BROTLI_PAGE);
    case '/gzip-bomb':
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end(gzipBomb);
    default:
      return html('not here', 404);
  }
}

beforeAll(async () => {
  gzipBomb = zlib.gzipSync(Buffer.alloc(50 * MB), { level: 9 });
  server = http.createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

/** A resolver that plays DNS from a table, counting what it was asked. */
function fakeDns(table: Record<string, string[] | (() => string[])>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const entry = table[host];
    if (entry === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, resolve };
}

function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    allowedPorts: [80, 443],
    allowLoopback: false,
    maxRedirects: 5,
    timeoutMs: FETCH_TIMEOUT_MS,
    userAgent: 'Mozilla/5.0 (compatible; evcircle-bot/1.0; +http://127.0.0.1:3000)',
    ...overrides,
  };
}

/** Loopback refused, but the test server's port allowed: only the address check can refuse. */
const strict = (overrides: Partial<FetchPolicy> = {}) => policy({ allowedPorts: [80, 443, port], ...overrides });
const loopback = (overrides: Partial<FetchPolicy> = {}) => policy({ allowLoopback: true, ...overrides });

async function failureOf(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SafeFetchError) return err;
    throw err;
  }
  throw new Error('expected a SafeFetchError');
}

async function expectRefused(promise: Promise<unknown>, code: SafeFetchErrorCode) {
  const error = await failureOf(promise);
  expect(error.code).toBe(code);
  expect(error.message).not.toContain(SECRET);
  return error;
}

describe('safeGet refuses internal addresses', () => {
  it('refuses loopback in every spelling and never reaches the server', async () => {
    for (const url of [
      `${base}/ok`,
      `http://localhost:${port}/ok`,
      `http://[::1]:${port}/ok`,
      'http://[::1]/ok',
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      `http://2130706433:${port}/ok`,
      `http://0x7f.1:${port}/ok`,
      `http://017700000001:${port}/ok`,
      `http://127.1:${port}/ok`,
      `http://localhost.:${port}/ok`,
    ]) {
      const error = await expectRefused(safeGet(url, strict(), HTML), 'ADDRESS_REFUSED');
      expect(error.message, url).toMatch(/address/);
    }
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to loopback, or to one public and one private address', async () => {
    const dns = fakeDns({ 'evil.test': ['127.0.0.1'], 'mixed.test': ['93.184.215.14', '10.0.0.5'] });
    await expectRefused(
      safeGet(`http://evil.test:${port}/ok`, strict({ resolve: dns.resolve }), HTML),
      'ADDRESS_REFUSED',
    );
    await expectRefused(
      safeGet(`http://mixed.test:${port}/ok`, { ...strict(), resolve: dns.resolve }, HTML),
      'ADDRESS_REFUSED',
    );
    const mapped = fakeDns({ 'mapped.test': ['::ffff:127.0.0.1'] });
    await expectRefused(
      safeGet(`http://mapped.test:${port}/ok`, { ...strict(), resolve: mapped.resolve }, HTML),
      'ADDRESS_REFUSED',
    );
    expect(dns.asked).toEqual(['evil.test', 'mixed.test']);
    expect(seen).toEqual([]);
  });

  it('refuses a port that is not allowed, even with loopback allowed, on anything but loopback', async () => {
    const dns = fakeDns({ 'public.test': ['93.184.215.14'] });
    const error = await expectRefused(safeGet('http://93.184.215.14:8080/', policy(), HTML), 'ADDRESS_REFUSED');
    expect(error.message).toContain('port 8080');
    await expectRefused(
      safeGet('http://public.test:8080/', loopback({ resolve: dns.resolve }), HTML),
      'ADDRESS_REFUSED',
    );
    await expectRefused(safeGet('https://93.184.215.14:8443/', loopback(), HTML), 'ADDRESS_REFUSED');
    // Without the allowance the port alone refuses, before any lookup.
    await expectRefused(safeGet('http://public.test:8080/', policy({ resolve: dns.resolve }), HTML), 'ADDRESS_REFUSED');
    expect(dns.asked).toEqual(['public.test']);
  });

  it('refuses schemes other than http and https', async () => {
    for (const url of [
      'ftp://93.184.215.14/file',
      'file:///etc/passwd',
      'gopher://93.184.215.14/',
      'data:text/html,<title>x</title>',
    ]) {
      await expectRefused(safeGet(url, loopback(), HTML), 'ADDRESS_REFUSED');
    }
  });

  it('never connects to what a second lookup answers (DNS rebinding)', async () => {
    // The checked answer is public; any later lookup — ours or the system's, which knows
    // localhost as 127.0.0.1 — would lead here. The socket must go to the checked address only.
    let calls = 0;
    const rebinding = fakeDns({ localhost: () => (++calls === 1 ? ['198.41.0.4'] : ['127.0.0.1']) });
    await expectRefused(
      safeGet(`http://localhost:${port}/ok`, strict({ resolve: rebinding.resolve, timeoutMs: 400 }), HTML),
      'UNREACHABLE',
    );
    expect(rebinding.asked).toEqual(['localhost']);
    expect(seen).toEqual([]);
  });

  it('connects to the checked address, resolving once per hop', async () => {
    let calls = 0;
    const rebinding = fakeDns({
      'pinned.test': () => (++calls === 1 ? ['127.0.0.1'] : ['10.0.0.1']),
      'first.test': ['127.0.0.1'],
      'second.test': ['127.0.0.1'],
    });
    const answer = await safeGet(`http://pinned.test:${port}/ok`, loopback({ resolve: rebinding.resolve }), HTML);
    expect(answer.remoteAddress).toBe('127.0.0.1');
    expect(answer.body.toString()).toContain('<title>ok</title>');
    expect(seen).toEqual([{ path: '/ok', host: `pinned.test:${port}`, local: '127.0.0.1' }]);
    const hop = encodeURIComponent(`http://second.test:${port}/ok`);
    const redirected = await safeGet(
      `http://first.test:${port}/to?url=${hop}`,
      loopback({ resolve: rebinding.resolve }),
      HTML,
    );
    expect(redirected.finalUrl).toBe(`http://second.test:${port}/ok`);
    expect(rebinding.asked).toEqual(['pinned.test', 'first.test', 'second.test']);
    // A mapped literal is judged and compared by the IPv4 address it carries.
    const mapped = await safeGet(`http://[::ffff:127.0.0.1]:${port}/ok`, loopback(), HTML);
    expect(mapped.body.toString()).toContain('<title>ok</title>');
  });
});

describe('safeGet with loopback allowed (to reach the test server)', () => {
  it('answers the page, with the product User-Agent', async () => {
    const { userAgent } = fetchPolicyFromConfig(loadConfig({ PUBLIC_URL: 'https://evcircle.cn' }));
    const answer = await safeGet(`${base}/ok`, loopback({ userAgent }), HTML);
    expect(answer).toMatchObject({
      finalUrl: `${base}/ok`,
      status: 200,
      mediaType: 'text/html',
      remoteAddress: '127.0.0.1',
    });
    expect(answer.contentType).toBe('text/html; charset=utf-8');
    expect(answer.body.toString()).toContain('Mozilla/5.0 (compatible; evcircle-bot/1.0; +https://evcircle.cn)');
  });

  it('refuses a redirect into a private address or the cloud metadata address', async () => {
    for (const target of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:a9fe:a9fe]/',
      'http://0.0.0.0/',
    ]) {
      for (const status of [301, 302, 303, 307, 308]) {
        const url = `${base}/to?status=${status}&url=${encodeURIComponent(target)}`;
        await expectRefused(safeGet(url, loopback(), HTML), 'ADDRESS_REFUSED');
      }
    }
    const dns = fakeDns({ 'internal.test': ['192.168.0.10'] });
    await expectRefused(
      safeGet(
        `${base}/to?url=${encodeURIComponent('http://internal.test/')}`,
        loopback({ resolve: dns.resolve }),
        HTML,
      ),
      'ADDRESS_REFUSED',
    );
    await expectRefused(
      safeGet(`${base}/to?url=${encodeURIComponent('file:///etc/passwd')}`, loopback(), HTML),
      'ADDRESS_REFUSED',
    );
  });

  it('follows five redirects and refuses the sixth', async () => {
    const five = await safeGet(`${base}/hops/5`, loopback(), HTML);
    expect(five.finalUrl).toBe(`${base}/hops/0`);
    expect(five.body.toString()).toContain('arrived');
    seen.length = 0;
    await expectRefused(safeGet(`${base}/hops/6`, loopback(), HTML), 'TOO_MANY_REDIRECTS');
    expect(seen.map((s) => s.path)).toEqual(['/hops/6', '/hops/5', '/hops/4', '/hops/3', '/hops/2', '/hops/1']);
  });

  it('asks refuseHost on every hop and never resolves a refused host', async () => {
    const dns = fakeDns({ 'blocked.test': ['127.0.0.1'], 'sub.blocked.test': ['127.0.0.1'] });
    const refused: string[] = [];
    const refuseHost = (host: string) => {
      refused.push(host);
      return host === 'blocked.test' || host.endsWith('.blocked.test');
    };
    for (const target of [`http://blocked.test:${port}/ok`, `http://SUB.Blocked.Test.:${port}/ok`]) {
      await expectRefused(
        safeGet(`${base}/to?url=${encodeURIComponent(target)}`, loopback({ resolve: dns.resolve, refuseHost }), HTML),
        'HOST_REFUSED',
      );
    }
    expect(refused).toEqual(['127.0.0.1', 'blocked.test', '127.0.0.1', 'sub.blocked.test']);
    expect(dns.asked).toEqual([]);
    expect(seen.map((s) => s.path)).toEqual(['/to', '/to']);
  });

  it('gives up a server that never answers, or trickles, at the 5 s deadline', async () => {
    const started = Date.now();
    const [silent, trickle] = await Promise.all([
      failureOf(safeGet(`${base}/slow-headers`, loopback(), HTML)),
      failureOf(safeGet(`${base}/trickle`, loopback(), HTML)),
    ]);
    const took = Date.now() - started;
    expect(silent.code).toBe('UNREACHABLE');
    expect(trickle.code).toBe('UNREACHABLE');
    expect(took).toBeGreaterThanOrEqual(FETCH_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(FETCH_TIMEOUT_MS + 500);
  }, 10_000);

  it('refuses a body over the cap without reading it all, with or without Content-Length', async () => {
    await expectRefused(safeGet(`${base}/big-with-length`, loopback(), HTML), 'TOO_LARGE');
    await expectRefused(safeGet(`${base}/big-without-length`, loopback(), HTML), 'TOO_LARGE');
    await expectRefused(safeGet(`${base}/just-over`, loopback(), HTML), 'TOO_LARGE');
    expect((await safeGet(`${base}/just-right`, loopback(), HTML)).body.length).toBe(MB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written['big-with-length']).toBeLessThan(10 * MB);
    expect(written['big-without-length']).toBeLessThan(10 * MB);
  });

  it('decompresses gzip and brotli, and refuses a gzip bomb by its decompressed size', async () => {
    expect((await safeGet(`${base}/gzip`, loopback(), HTML)).body.toString()).toBe('<title>gzipped</title>');
    expect((await safeGet(`${base}/br`, loopback(), HTML)).body.toString()).toBe('<title>brotli</title>');
    expect(gzipBomb.length).toBeLessThan(MB);
    const started = Date.now();
    await expectRefused(safeGet(`${base}/gzip-bomb`, loopback(), HTML), 'TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a type the caller does not take, and an error status, without their body', async () => {
    await expectRefused(safeGet(`${base}/json`, loopback(), HTML), 'WRONG_TYPE');
    await expectRefused(safeGet(`${base}/png`, loopback(), HTML), 'WRONG_TYPE');
    await expectRefused(safeGet(`${base}/404`, loopback(), HTML), 'UNREACHABLE');
    await expectRefused(safeGet(`${base}/500`, loopback(), HTML), 'UNREACHABLE');
    const png = await safeGet(`${base}/png`, loopback(), { maxBytes: 1000, accept: (t) => t.startsWith('image/') });
    expect(png.mediaType).toBe('image/png');
  });

  it('answers UNREACHABLE for a name that does not resolve and a port nobody listens on', async () => {
    const dns = fakeDns({});
    await expectRefused(safeGet('http://nowhere.test/', loopback({ resolve: dns.resolve }), HTML), 'UNREACHABLE');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expectRefused(safeGet(`http://127.0.0.1:${closedPort}/`, loopback(), HTML), 'UNREACHABLE');
  });
});

describe('fetchPolicyFromConfig', () => {
  it('takes the ports and the loopback allowance from the configuration', () => {
    expect(fetchPolicyFromConfig(loadConfig({}))).toEqual({
      allowedPorts: [80, 443],
      allowLoopback: false,
      maxRedirects: 5,
      timeoutMs: 5000,
      userAgent: 'Mozilla/5.0 (compatible; evcircle-bot/1.0; +http://localhost:3000)',
    });
    const local = loadConfig({
      BOOKMARK_FETCH_PORTS: '80,443,8080',
      BOOKMARK_FETCH_ALLOW_LOOPBACK: 'true',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3100',
    });
    expect(fetchPolicyFromConfig(local)).toMatchObject({ allowedPorts: [80, 443, 8080], allowLoopback: true });
  });
});
