import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * An upload's work folder older than this belongs to a process that died mid-upload
 * (a live upload removes its own when it ends). Six hours leaves room for a 200 MB
 * video over a slow mobile link, and for other processes sharing the data disk.
 */
export const STALE_UPLOAD_DIR_MS = 6 * 60 * 60 * 1000;
/** How often a running server looks for them. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes the work folders under `root` last changed more than `olderThanMs` ago;
 * answers how many went. A missing root is nothing to sweep.
 */
export async function sweepStaleUploadDirs(root: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => null);
    if (!info || now - info.mtimeMs <= olderThanMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** Sweeps at start and then every hour until `stop`; failures are logged, never thrown. */
export function startUploadSweeper(root: string, log: FastifyBaseLogger): { stop(): void } {
  const sweep = () => {
    sweepStaleUploadDirs(root, STALE_UPLOAD_DIR_MS).then(
      (removed) => {
        if (removed > 0) log.info({ removed, root }, 'removed stale upload work folders');
      },
      (error: unknown) => log.warn({ err: error, root }, 'sweeping upload work folders failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
