// Unknown fields are never stored: after the run, every row of every table (of every
// schema but the system's) is read as text and searched for the marker those fields carried.
import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../src/platform/db.ts';

/** Tables (schema-qualified) with a row whose text holds `marker`, and how many such rows. */
export async function tablesHolding(db: Db, marker: string): Promise<{ table: string; rows: number }[]> {
  const tables = await executeRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const found: { table: string; rows: number }[] = [];
  for (const { schema, name } of tables) {
    const table = `${schema}.${name}`;
    const [row] = await executeRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${sql.identifier(schema)}.${sql.identifier(name)} t where position(${marker} in t::text) > 0`,
    );
    const rows = Number(row?.n ?? 0);
    if (rows > 0) found.push({ table, rows });
  }
  return found;
}
