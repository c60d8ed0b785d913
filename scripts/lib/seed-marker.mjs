// A warm `npm start` skips the seed check (a separate process that opens the database,
// migrates and counts users: about 2 s) when the seed has already run on this PGlite
// folder. The seed writes the marker; the database folder must still be there.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Written into DATA_DIR by `scripts/seed/main.ts` once the PGlite database there holds the demo data. */
export const SEEDED_MARKER = '.seeded';

/**
 * True when `npm start` can skip the seed check: an embedded PGlite database (no
 * DATABASE_URL) whose folder exists and was seeded. PostgreSQL is always checked.
 */
export function isSeededPglite(env = process.env) {
  if (env.DATABASE_URL) return false;
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  return existsSync(join(dataDir, SEEDED_MARKER)) && existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
