// Writing the rows of a search index (search_posts, search_users, search_products): each
// is (an object's id, its tsvector document). Shared by the three indexes so they are
// kept, removed and backfilled the same way.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import type { IdRange } from '../../platform/id-window.ts';

/** One index: its table, the id column (its primary key) and the document column. */
export type SearchIndex = { table: PgTable; id: AnyPgColumn; document: AnyPgColumn };

/** Objects indexed per statement while backfilling. */
const BACKFILL_BATCH = 500;
/** Ids looked at per query while backfilling. */
const BACKFILL_WINDOW = 20_000;

/** Writes (or rewrites) the documents of these objects. */
export async function writeDocuments(
  db: Db,
  index: SearchIndex,
  rows: readonly { id: number; document: SQL }[],
): Promise<void> {
  if (rows.length === 0) return;
  const id = sql.identifier(index.id.name);
  const document = sql.identifier(index.document.name);
  const values = sql.join(
    rows.map((row) => sql`(${row.id}, ${row.document})`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${index.table} (${id}, ${document}) values ${values}
        on conflict (${id}) do update set ${document} = excluded.${document}`,
  );
}

/** Removes an object from the index (nothing happens when it is not there). */
export async function removeDocument(db: Db, index: SearchIndex, id: number): Promise<void> {
  await db.execute(sql`delete from ${index.table} where ${index.id} = ${id}`);
}

/** `NOT EXISTS` an index row for the object whose id is `objectId` (the backfill's filter). */
export function missingFrom(index: SearchIndex): (objectId: AnyPgColumn) => SQL {
  return (objectId) => sql`not exists (select 1 from ${index.table} where ${index.id} = ${objectId})`;
}

/** Where a backfill reads what it indexes: the highest id, and the objects missing in a window of ids. */
export type BackfillSource<T> = {
  lastId(): Promise<number>;
  /** Up to `limit` objects with `afterId < id ≤ throughId` that have no row, in id order. */
  missing(window: IdRange & { limit: number }): Promise<T[]>;
};

/**
 * Indexes every object the source still finds missing, window by window of ids up to
 * the highest one there is; answers how many. Bounded windows keep each query a walk of
 * a primary key: with nothing missing, a few milliseconds per BACKFILL_WINDOW ids.
 */
export async function backfill<T extends { id: number }>(
  db: Db,
  index: SearchIndex,
  source: BackfillSource<T>,
  documentOf: (item: T) => SQL,
): Promise<number> {
  const lastId = await source.lastId();
  let indexed = 0;
  for (let afterId = 0; afterId < lastId; afterId += BACKFILL_WINDOW) {
    const throughId = Math.min(afterId + BACKFILL_WINDOW, lastId);
    for (let from = afterId; ; ) {
      const batch = await source.missing({ afterId: from, throughId, limit: BACKFILL_BATCH });
      if (batch.length > 0) {
        await writeDocuments(
          db,
          index,
          batch.map((item) => ({ id: item.id, document: documentOf(item) })),
        );
        indexed += batch.length;
      }
      if (batch.length < BACKFILL_BATCH) break;
      from = batch[batch.length - 1]!.id;
    }
  }
  // The planner chooses between the GIN index and the id order by these statistics
  // (PGlite has no autovacuum to gather them).
  if (indexed > 0) await db.execute(sql`analyze ${index.table}`);
  return indexed;
}
