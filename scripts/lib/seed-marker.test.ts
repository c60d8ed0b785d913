import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSeededPglite, SEEDED_MARKER } from './seed-marker.mjs';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('isSeededPglite', () => {
  it('lets a warm start skip the seed check only for a seeded PGlite folder that is still there', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-seed-marker-'));
    expect(isSeededPglite({ DATA_DIR: dir })).toBe(false);
    await writeFile(path.join(dir, SEEDED_MARKER), 'x');
    // The marker without the database (someone removed pglite/): seed again.
    expect(isSeededPglite({ DATA_DIR: dir })).toBe(false);
    await mkdir(path.join(dir, 'pglite'));
    await writeFile(path.join(dir, 'pglite', 'PG_VERSION'), '17');
    expect(isSeededPglite({ DATA_DIR: dir })).toBe(true);
    // PostgreSQL is always checked.
    expect(isSeededPglite({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toBe(false);
  });
});
