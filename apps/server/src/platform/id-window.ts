import { asc, desc, gt, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A keyset window over a table's ids, for lists that must never read every row at once
 * (sitemaps, exports): the rows with `afterId < id ≤ throughId` (either bound may be left
 * out), at most `limit` of them, lowest id first, or highest first with `newestFirst`.
 * Each window is one walk of the primary key, however far into the table it starts.
 */
export type IdWindow = { afterId?: number; throughId?: number; limit: number; newestFirst?: boolean };

/** The ids `afterId < id ≤ throughId`. */
export type IdRange = { afterId: number; throughId: number };

/** A row named by its id, with the time it last changed. */
export type IdStamp = { id: number; lastmod: Date };

/** The conditions of a window's (or a range's) bounds on `id`. */
export function idWindowWhere(id: AnyPgColumn, window: Pick<IdWindow, 'afterId' | 'throughId'>): SQL[] {
  const conditions: SQL[] = [];
  if (window.afterId !== undefined) conditions.push(gt(id, window.afterId));
  if (window.throughId !== undefined) conditions.push(lte(id, window.throughId));
  return conditions;
}

/** The window's order on `id`. */
export function idWindowOrder(id: AnyPgColumn, window: Pick<IdWindow, 'newestFirst'>): SQL {
  return window.newestFirst ? desc(id) : asc(id);
}
