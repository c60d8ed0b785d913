import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const SLOW_MS = 1500;

/**
 * Starts the real entry point with a preload that adds one slow route, so a request
 * can be in flight when the signal arrives.
 */
function startServer(dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    nodeArgs: ['--import', './test/fixtures/slow-route.ts'],
    env: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SLOW_ROUTE_MS: String(SLOW_MS) },
  });
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
      await server.stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    };

    const inFlight = fetch(`http://127.0.0.1:${server.port}/slow`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = server.stop('SIGTERM');

    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');

    // The PGlite files were closed cleanly: a second start opens them without recovery errors.
    const again = await startServer(dataDir);
    const ready = await fetch(`http://127.0.0.1:${again.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await again.stop('SIGINT')).toBe(0);
  }, 120_000);
});
