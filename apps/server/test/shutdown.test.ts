import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SLOW_MS = 1500;

/**
 * Starts the real entry point with a preload that adds one slow route, so a request
 * can be in flight when the signal arrives.
 */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/fixtures/slow-route.ts', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'info',
        SLOW_ROUTE_MS: String(SLOW_MS),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const match = /serving http:\/\/localhost:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`server exited early (${code}):\n${out}`)));
  });
  return { child, port, output: () => out };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('graceful shutdown', () => {
  it('finishes the in-flight request on SIGTERM, closes the database and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-shutdown-'));
    const server = await startServer(dataDir);
    cleanup = async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    };
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));

    const inFlight = fetch(`http://127.0.0.1:${server.port}/slow`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');

    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');

    // The PGlite files were closed cleanly: a second start opens them without recovery errors.
    const again = await startServer(dataDir);
    const ready = await fetch(`http://127.0.0.1:${again.port}/readyz`);
    expect(ready.status).toBe(200);
    const exitedAgain = new Promise<number | null>((resolve) => again.child.once('exit', (code) => resolve(code)));
    again.child.kill('SIGINT');
    expect(await exitedAgain).toBe(0);
  }, 120_000);
});
