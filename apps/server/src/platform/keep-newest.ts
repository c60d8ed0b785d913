// One person's list that keeps only its newest rows (the search history, the recent URLs):
// after a row is added, the rest beyond the limit go, in the same transaction.
import { and, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.ts';

type KeepNewest = {
  /** The table and its id column. */
  table: PgTable;
  id: PgColumn;
  /** Which rows form the list (one person's). */
  where: SQL;
  /** Newest first. */
  order: SQL[];
  limit: number;
};

/** Deletes the rows of the list beyond its newest `limit`. */
export async function keepNewest(tx: Db, { table, id, where, order, limit }: KeepNewest): Promise<void> {
  const kept = tx
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  await tx.delete(table).where(and(where, notInArray(id, kept)));
}
