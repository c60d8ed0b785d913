import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiProviders } from '../platform/ai/index.ts';
import { loadConfig } from '../platform/config.ts';
import { webPlugin } from './web.plugin.ts';

/** A stand-in for the web build whose page prints the features its load context offers. */
const FAKE_SERVER_BUILD = `
function handleRequest(request, status, headers, entryContext, loadContext) {
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(loadContext.publicConfig.features), { status, headers });
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
`;

let buildDir: string;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-web-features-'));
  await writeFile(path.join(buildDir, 'package.json'), '{"type":"module"}');
  await mkdir(path.join(buildDir, 'server'));
  await writeFile(path.join(buildDir, 'server', 'index.js'), FAKE_SERVER_BUILD);
});
afterAll(async () => {
  await rm(buildDir, { recursive: true, force: true });
});

/** The features the pages get, from a web plugin under an app whose `ai` is `ai` (none: undecorated). */
async function featuresWith(ai: Pick<AiProviders, 'translate'> | undefined): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'memory://',
    DATA_DIR: buildDir,
    WEB_BUILD_DIR: buildDir,
  });
  const app = Fastify();
  if (ai) app.decorate('ai', ai as AiProviders);
  await app.register(webPlugin, { config });
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    return res.json();
  } finally {
    await app.close();
  }
}

describe('the features the browser offers', () => {
  it('offers 翻译 only when a translator is configured', async () => {
    const translator = {
      info: { configured: true, local: false, name: 'fake-mt' },
      translate: async () => ({ text: '', sourceLang: 'en' }),
    };
    expect(await featuresWith({ translate: translator })).toEqual({ translate: true });
    expect(await featuresWith({ translate: null })).toEqual({ translate: false });
    expect(await featuresWith(undefined)).toEqual({ translate: false });
  });
});
