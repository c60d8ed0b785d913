import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db.ts';
import { createPerDatabaseCache } from '../../platform/per-database-cache.ts';
import { blocks } from './blocks.tables.ts';
import { follows } from './follows.tables.ts';

/** Whom a viewer blocked and whom they follow: what marks a shared feed page for them. */
export type ViewerRelations = { blocked: ReadonlySet<number>; followees: ReadonlySet<number> };

/**
 * How long a viewer's relations are answered from memory. Every change announces an
 * event (follow.created, follow.removed, block.changed, account.deleted) that forgets
 * them in every process at once (relations.module.ts).
 */
export const RELATIONS_CACHE_MS = 10_000;
const remembered = createPerDatabaseCache<number, ViewerRelations>(10_000);

/** The viewer's blocks and follows, in one query, or from memory (RELATIONS_CACHE_MS). */
export async function viewerRelations(db: Db, viewerId: number, now: number = Date.now()): Promise<ViewerRelations> {
  const cached = remembered.get(db, viewerId, now);
  if (cached) return cached;
  const [row] = await executeRows<{ blocked: unknown[] | null; followees: unknown[] | null }>(
    db,
    sql`select
      (select array_agg(${blocks.blockedId}) from ${blocks} where ${blocks.blockerId} = ${viewerId}) as blocked,
      (select array_agg(${follows.followeeId}) from ${follows} where ${follows.followerId} = ${viewerId}) as followees`,
  );
  const ids = (list: unknown[] | null | undefined) => new Set((list ?? []).map(Number));
  const relations = { blocked: ids(row?.blocked), followees: ids(row?.followees) };
  remembered.set(db, viewerId, relations, now + RELATIONS_CACHE_MS, now);
  return relations;
}

/** Forgets the remembered relations of these users in this process; no ids: everyone's. */
export function forgetRelations(db: Db, userIds?: readonly number[]): void {
  remembered.forget(db, userIds && ((_relations, id) => userIds.includes(id)));
}
