// Warm start: `node scripts/start.mjs` (what `npm start` runs) on a data folder that
// already holds a seeded database, timed until /healthz answers.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../apps/server/test/server-process.ts';
import { SEEDED_MARKER } from '../lib/seed-marker.mjs';
import { ensureServerBuild } from '../lib/server-build.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export type StartedServer = { ms: number; baseUrl: string; stop(): Promise<void> };

/**
 * Spawns the start script on `dataDir` (PGlite, seeded) and answers the milliseconds
 * until /healthz answered, with the running server (for Lighthouse) and how to stop it.
 */
export async function measureWarmStart(dataDir: string, timeoutMs = 60_000): Promise<StartedServer> {
  // A warm start is one where nothing changed: compile the server first if the sources
  // did (what the first start after a change does, once).
  await ensureServerBuild();
  // The folder was seeded by the bench itself: say so, as the seed script would.
  await writeFile(path.join(dataDir, SEEDED_MARKER), `${new Date().toISOString()}\n`);
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    while (Date.now() - started < timeoutMs) {
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return { ms: Date.now() - started, baseUrl, stop };
      if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before it was healthy`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not healthy after ${timeoutMs} ms`);
  } catch (error) {
    await stop();
    throw error;
  }
}
