import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ensureServerBuild, SERVER_BUILD, serverBuildStaleReason } from './server-build.mjs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const PROC = pathToFileURL(path.join(import.meta.dirname, 'proc.mjs')).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-server-build-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A small project shaped like the server: TypeScript sources, a file found beside one, a package. */
async function makeProject(name: string) {
  const root = path.join(dir, name);
  await mkdir(path.join(root, 'src', 'lib'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  await writeFile(path.join(root, 'tsconfig.json'), '{}');
  await writeFile(
    path.join(root, 'src', 'main.ts'),
    `import { z } from 'zod';
import { greeting, fail } from './lib/greeting.ts';
if (process.argv.includes('fail')) fail();
console.log(z.string().parse(greeting()));
`,
  );
  await writeFile(path.join(root, 'src', 'lib', 'beside.txt'), 'found beside');
  await writeFile(
    path.join(root, 'src', 'lib', 'greeting.ts'),
    `import { readFileSync } from 'node:fs';
import path from 'node:path';
const beside = readFileSync(new URL('./beside.txt', import.meta.url), 'utf8');
const where = path.basename(import.meta.dirname) + '/' + path.basename(import.meta.filename);
export function greeting(): string {
  return \`v1 \${beside} \${where}\`;
}
export function fail(): never {
  throw new Error('failed here');
}
`,
  );
  const target = {
    root,
    entry: path.join(root, 'src', 'main.ts'),
    outfile: path.join(root, 'dist', 'main.mjs'),
    configFiles: ['tsconfig.json'],
  };
  // As `npm start` runs it.
  const start = `import { runServerInProcess } from ${JSON.stringify(PROC)};
await runServerInProcess({ compiled: ${JSON.stringify(target.outfile)} });`;
  const runBuilt = async (...args: string[]) =>
    (await run(process.execPath, ['--input-type=module', '-e', start, '--', ...args])).stdout.trim();
  return { root, target, runBuilt };
}

describe('the compiled server', () => {
  it('runs like the sources: files found beside a source, packages from node_modules', async () => {
    const { target, runBuilt } = await makeProject('runs');
    expect(serverBuildStaleReason(target)).toMatch(/no build yet/);
    expect(await buildServer(target)).toBeNull();
    expect(serverBuildStaleReason(target)).toBeNull();
    expect(await runBuilt()).toBe('v1 found beside lib/greeting.ts');
    // The bundle holds the sources, not the packages.
    expect(await readFile(target.outfile, 'utf8')).toMatch(/from "zod"/);
  });

  it('is compiled again when a source changes, and not when only its time does', async () => {
    const { root, target, runBuilt } = await makeProject('stale');
    await ensureServerBuild(target);
    const source = path.join(root, 'src', 'lib', 'greeting.ts');

    const later = new Date(Date.now() + 60_000);
    await utimes(source, later, later);
    expect(serverBuildStaleReason(target)).toBeNull();

    // An older file put back (its time older than the build) is a change all the same.
    await writeFile(source, (await readFile(source, 'utf8')).replace('v1', 'v2'));
    const earlier = new Date('2020-01-01');
    await utimes(source, earlier, earlier);
    expect(serverBuildStaleReason(target)).toBe('src/lib/greeting.ts changed since the last build / 源码已更新');
    expect(await ensureServerBuild(target)).toBe(target.outfile);
    expect(await runBuilt()).toBe('v2 found beside lib/greeting.ts');

    await writeFile(path.join(root, 'tsconfig.json'), '{ "compilerOptions": {} }');
    expect(serverBuildStaleReason(target)).toMatch(/^tsconfig.json changed/);
    await ensureServerBuild(target);
    await rm(source);
    expect(serverBuildStaleReason(target)).toMatch(/^src\/lib\/greeting.ts is gone/);
  });

  it('leaves the last build and answers null when compiling fails (start then runs the sources)', async () => {
    const { root, target, runBuilt } = await makeProject('broken');
    await ensureServerBuild(target);
    await writeFile(path.join(root, 'src', 'lib', 'greeting.ts'), 'export function greeting( {');
    expect(await ensureServerBuild(target)).toBeNull();
    expect(await runBuilt()).toBe('v1 found beside lib/greeting.ts');
    expect(serverBuildStaleReason(target)).toMatch(/changed since the last build/);
  });

  it('names the TypeScript file and line in stack traces', async () => {
    const { target, runBuilt } = await makeProject('traces');
    await ensureServerBuild(target);
    const failure = await runBuilt('fail').catch((error: { stderr: string }) => error.stderr);
    expect(failure).toMatch(
      /\nError: failed here\n {4}at fail \(\/.*\/src\/lib\/greeting\.ts:9:9\)\n {4}at .*\/src\/main\.ts:3:/,
    );
  });
});

describe('the compiled evcircle server', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('starts and serves the API and the web plugin', async () => {
    // Beside the real build (packages resolve from where they do for it), not over it.
    // apps/server/dist is not there on a fresh clone (the first `npm start` makes it).
    await mkdir(path.dirname(SERVER_BUILD.outfile), { recursive: true });
    const outDir = await mkdtemp(path.join(path.dirname(SERVER_BUILD.outfile), 'test-'));
    cleanups.push(() => rm(outDir, { recursive: true, force: true }));
    const target = { ...SERVER_BUILD, outfile: path.join(outDir, 'main.mjs') };
    expect(await buildServer(target)).toBeNull();
    // A stand-in web build: the plugin answers its descriptor.
    const webBuild = path.join(dir, 'web-build');
    await mkdir(path.join(webBuild, 'server'), { recursive: true });
    await writeFile(path.join(webBuild, 'package.json'), '{"type":"module"}');
    await writeFile(
      path.join(webBuild, 'server', 'index.js'),
      `export const assets = { version: 'compiled-test', entry: { module: '/e.js', imports: [] }, routes: {}, url: '/m.js' };
export const basename = '/'; export const future = {}; export const ssr = true; export const isSpaMode = false;
export const prerender = []; export const publicPath = '/'; export const routes = {};
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
export const entry = { module: { default: () => new Response('') } };`,
    );
    const start = `import { runServerInProcess } from ${JSON.stringify(PROC)};
await runServerInProcess({ compiled: ${JSON.stringify(target.outfile)} });`;
    child = spawn(process.execPath, ['--input-type=module', '-e', start], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: 'memory://',
        DATA_DIR: path.join(dir, 'data'),
        WEB_BUILD_DIR: webBuild,
        HOST: '127.0.0.1',
        PORT: '0',
      },
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const port = await new Promise<string>((resolve, reject) => {
      child?.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        const serving = /is serving http:\/\/localhost:(\d+)/.exec(output);
        if (serving?.[1]) resolve(serving[1]);
      });
      child?.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
    const build = await fetch(`http://127.0.0.1:${port}/build.json`);
    expect(await build.json()).toEqual({ buildId: 'compiled-test' });
  }, 60_000);
});
