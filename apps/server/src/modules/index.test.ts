import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestDatabase } from '../../test/build-test-app.ts';
import { type Database, executeRows } from '../platform/db.ts';
import { modules } from './index.ts';

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

let database: Database;
beforeAll(async () => {
  database = await buildTestDatabase();
});
afterAll(() => database.close());

function tablesOf(tables: Record<string, unknown> | undefined): string[] {
  return Object.values(tables ?? {})
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable));
}

describe('the module list', () => {
  it('names every module folder once, by its folder name', () => {
    const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it('gives every migrated table exactly one owning module', async () => {
    const owned = modules.flatMap((m) => tablesOf(m.tables));
    expect(new Set(owned).size).toBe(owned.length);
    const rows = await executeRows<{ table_name: string }>(
      database.db,
      // drizzle's own bookkeeping lives in the "drizzle" schema.
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(owned.sort()).toEqual(rows.map((row) => row.table_name).sort());
  });
});
