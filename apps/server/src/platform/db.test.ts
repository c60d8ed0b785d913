import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { executeRows, MIGRATIONS_DIR, runMigrations } from './db.ts';

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

/** Removes every migration's SQL file, keeping the journal: drizzle cannot run any of them then. */
async function removeSqlFiles(folder: string): Promise<void> {
  for (const name of await readdir(folder)) if (name.endsWith('.sql')) await rm(path.join(folder, name));
}

/** Adds a migration after the committed ones, as drizzle-kit generate would. */
async function addMigration(folder: string, tag: string, statement: string): Promise<void> {
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(path.join(folder, `${tag}.sql`), statement);
}

// The app's database follows the environment: PGlite by default, PostgreSQL with DATABASE_URL.
describe('runMigrations on a migrated database', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'evcircle-migrations-'));
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('does nothing when the database records the newest migration already', async () => {
    // Drizzle itself would read (and fail on) every SQL file; the check reads the journal only.
    await removeSqlFiles(folder);
    await expect(runMigrations(t.app.database, folder)).resolves.toBeUndefined();
  });

  it('applies a migration added since, once', async () => {
    await addMigration(folder, '9999_probe', 'create table migration_probe (id integer primary key);');
    await runMigrations(t.app.database, folder);
    const tables = await executeRows<{ name: string | null }>(
      t.app.db,
      sql`select to_regclass('migration_probe')::text as name`,
    );
    expect(tables).toEqual([{ name: 'migration_probe' }]);

    // Now recorded: the next start skips it (without the SQL files drizzle would throw).
    await removeSqlFiles(folder);
    await expect(runMigrations(t.app.database, folder)).resolves.toBeUndefined();
  });

  it('creates an extension that went missing', async () => {
    await t.app.db.execute(sql`drop extension earthdistance cascade`);
    await runMigrations(t.app.database, folder);
    const found = await executeRows<{ extname: string }>(
      t.app.db,
      sql`select extname from pg_extension where extname = 'earthdistance'`,
    );
    expect(found).toEqual([{ extname: 'earthdistance' }]);
  });
});
