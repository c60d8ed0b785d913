import { sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db.ts';
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
const SWEEP_AT = 10_000;

type Cached = { relations: ViewerRelations; until: number };
const caches = new WeakMap<Db, Map<number, Cached>>();

/** The viewer's blocks and follows, in one query, or from memory (RELATIONS_CACHE_MS). */
export async function viewerRelations(db: Db, viewerId: number, now: number = Date.now()): Promise<ViewerRelations> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cached = cache.get(viewerId);
  if (cached && cached.until > now) return cached.relations;
  const [row] = await executeRows<{ blocked: unknown[] | null; followees: unknown[] | null }>(
    db,
    sql`select
      (select array_agg(${blocks.blockedId}) from ${blocks} where ${blocks.blockerId} = ${viewerId}) as blocked,
      (select array_agg(${follows.followeeId}) from ${follows} where ${follows.followerId} = ${viewerId}) as followees`,
  );
  const ids = (list: unknown[] | null | undefined) => new Set((list ?? []).map(Number));
  const relations = { blocked: ids(row?.blocked), followees: ids(row?.followees) };
  if (cache.size >= SWEEP_AT) for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
  cache.set(viewerId, { relations, until: now + RELATIONS_CACHE_MS });
  return relations;
}

/** Forgets the remembered relations of these users in this process; no ids: everyone's. */
export function forgetRelations(db: Db, userIds?: readonly number[]): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (!userIds) cache.clear();
  else for (const id of userIds) cache.delete(id);
}
