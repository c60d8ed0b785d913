import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { ERRORS } from '@evcircle/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../platform/compression.ts';
import { loadConfig } from '../platform/config.ts';
import { registerErrorHandler, registerNotFoundHandler } from '../platform/error-handler.ts';
import { echoRequestId, genRequestId } from '../platform/request-id.ts';
import { registerSecurityHeaders } from '../platform/security-headers.ts';
import { ERROR_PAGE_CSP } from './error-page.ts';
import { webPlugin } from './web.plugin.ts';

/**
 * A stand-in for apps/web/build/server/index.js. `/` renders a page. `/crash` makes React
 * Router's request handler itself reject: it awaits the build's `unstable_getCriticalCss`
 * outside its own try/catch. `/render-fails` throws while rendering, twice (the page, then
 * the error boundary), so React Router gives up with its bare "Unexpected Server Error".
 */
const FAKE_SERVER_BUILD = `
const SECRET = 'render exploded: password=hunter2';
function handleRequest(request, status, headers) {
  const url = new URL(request.url);
  if (url.pathname === '/render-fails') throw new Error(SECRET);
  headers.set('content-type', 'text/html; charset=utf-8');
  const filler = url.searchParams.has('big') ? '<p>车友圈的帖子</p>'.repeat(400) : '';
  return new Response('<!DOCTYPE html><html lang="zh-CN"><body>fake page' + filler + '</body></html>', { status, headers });
}
export const assets = { version: 'fake-build', entry: { module: '/assets/entry.js', imports: [] }, routes: {}, url: '/assets/manifest.js' };
export const basename = '/';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = '/';
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const routes = { root: { id: 'root', path: '', module: { default: () => null } } };
export const entry = { module: { default: handleRequest, handleError() {} } };
export function unstable_getCriticalCss({ pathname }) {
  if (pathname === '/crash') throw new Error(SECRET);
  return undefined;
}
`;

const ASSET = `export const feed = ${JSON.stringify('车友圈'.repeat(2000))};\n`;

type LogLine = { level: number; msg: string; reqId?: string; err?: { message: string } };
const PINO_ERROR = 50;

let app: FastifyInstance;
let buildDir: string;
const logs: LogLine[] = [];

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-web-plugin-'));
  await writeFile(path.join(buildDir, 'package.json'), '{"type":"module"}');
  await mkdir(path.join(buildDir, 'server'));
  await writeFile(path.join(buildDir, 'server', 'index.js'), FAKE_SERVER_BUILD);
  await mkdir(path.join(buildDir, 'client'));
  await writeFile(path.join(buildDir, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A built script and the Brotli copy the build writes beside it.
  await mkdir(path.join(buildDir, 'client', 'assets'));
  await writeFile(path.join(buildDir, 'client', 'assets', 'entry-abc.js'), ASSET);
  await writeFile(path.join(buildDir, 'client', 'assets', 'entry-abc.js.br'), brotliCompressSync(ASSET));

  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    DATA_DIR: buildDir,
    WEB_BUILD_DIR: buildDir,
  });
  // The same layers buildApp puts around the web plugin, with a log we can read.
  app = Fastify({
    genReqId: genRequestId,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line) as LogLine) } },
  });
  echoRequestId(app);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerErrorHandler(app);
  registerNotFoundHandler(app, async () => {});
  app.get('/api/v1/test/boom', async () => {
    throw new Error('connection refused: password=hunter2');
  });
  await app.register(webPlugin, { config });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(buildDir, { recursive: true, force: true });
});

function expectErrorPage(res: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(res.statusCode).toBe(500);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toMatch(/^<!DOCTYPE html><html lang="zh-CN">/);
  expect(res.body).toContain('页面出错了');
  expect(res.body).toContain(`错误编号：${res.headers['x-request-id']}`);
  // No detail of the failure leaves the server.
  expect(res.body).not.toMatch(/hunter2|exploded|Unexpected Server Error|Error:|\bat /);
  // The security headers every answer carries, and the page's own strict CSP.
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['content-security-policy']).toBe(ERROR_PAGE_CSP);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('web pages that fail', () => {
  it('answer an HTML 500 page, not the JSON envelope, when React Router throws', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expectErrorPage(res);
    const logged = logs.find((l) => l.reqId === res.headers['x-request-id'] && l.level === PINO_ERROR);
    expect(logged?.msg).toBe('web page failed');
    expect(logged?.err?.message).toContain('render exploded');
  });

  it('answer the same page when React Router gives up with its bare text/plain 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/render-fails' });
    expectErrorPage(res);
    expect(logs.some((l) => l.reqId === res.headers['x-request-id'] && l.level === PINO_ERROR)).toBe(true);
  });

  it('keep the 4xx of a refused static file, as a page, without an error in the log', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { range: 'bytes=1000-2000' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('请求无法处理');
    expect(logs.some((l) => l.reqId === res.headers['x-request-id'] && l.level >= PINO_ERROR)).toBe(false);
  });

  it('leave working pages alone: their status, body and nonce CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('fake page');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  });

  it('leave the API on the envelope', async () => {
    for (const url of ['/api/v1/test/boom', '/api/v1/no-such-call']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const body = res.json() as { status: number };
      expect(body.status, url).toBe(url.endsWith('boom') ? ERRORS.SERVER_ERROR.status : ERRORS.API_NOT_FOUND.status);
    }
  });
});

describe('compression', () => {
  it('sends a built asset’s precompressed copy to a client that accepts it, cached for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/entry-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(ASSET))).toBe(true);
  });

  it('sends a hashed asset with lean headers: no document-only headers, no validators, no request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'etag',
      'last-modified',
      'x-request-id',
    ]) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    // A page keeps them all.
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the asset as it is to a client that accepts no encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/entry-abc.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(ASSET);
  });

  it('compresses a server-rendered page as the client accepts', async () => {
    const res = await app.inject({ method: 'GET', url: '/?big=1', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString('utf8');
    expect(html).toContain('fake page<p>车友圈的帖子</p>');
    expect(res.rawPayload.length).toBeLessThan(html.length / 5);
  });
});
