import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { blocks } from './safety.tables.ts';

/**
 * The users `viewerId` has blocked, as a subquery for other modules' queries (feeds and
 * comment lists leave their authors out in the same statement).
 */
export function blockedIdsOf(db: Db, viewerId: number) {
  return db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewerId));
}

/** The users `viewerId` has blocked (empty when logged out). */
export async function blockedSetOf(db: Db, viewerId: number | null): Promise<ReadonlySet<number>> {
  if (viewerId === null) return new Set();
  const rows = await blockedIdsOf(db, viewerId);
  return new Set(rows.map((row) => row.id));
}

/** Whether `blockerId` has blocked `userId`. */
export async function hasBlocked(db: Db, blockerId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, userId)))
    .limit(1);
  return row !== undefined;
}

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    )
    .limit(1);
  return row !== undefined;
}
