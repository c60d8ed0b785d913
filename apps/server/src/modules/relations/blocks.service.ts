import { AppError, type UserCard } from '@evcircle/contract';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { lockViewerAndTarget, users } from '../accounts/index.ts';
import { blocks } from './blocks.tables.ts';
import './relations.events.ts';
import { removeFollowsBetween, toUserCards } from './follows.service.ts';

/**
 * The users `viewerId` has blocked, as a subquery for other modules' queries (feeds and
 * comment lists leave their authors out in the same statement).
 */
export function blockedIdsOf(viewerId: number): SQL {
  return sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId})`;
}

/**
 * The users `viewerId` has blocked or who blocked `viewerId`, as a subquery (notifications
 * from either are not shown). Both halves walk an index: the primary key by blocker,
 * blocks_blocked_idx by the blocked.
 */
export function blockedEitherWayIdsOf(viewerId: number): SQL {
  return sql`(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId} union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})`;
}

/** The users `viewerId` has blocked (empty when logged out). */
export async function blockedSetOf(db: Db, viewerId: number | null): Promise<ReadonlySet<number>> {
  if (viewerId === null) return new Set();
  const rows = await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, viewerId));
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

/**
 * Blocks `targetId` if the viewer has not yet, unblocks otherwise; answers the new
 * state. Blocking yourself is BLOCK_SELF; an unknown or deleted account is
 * USER_NOT_FOUND. Blocking removes the follows between the two, both directions, in the
 * same transaction.
 *
 * Concurrency: only the viewer's own row is locked (FOR NO KEY UPDATE), so one person's
 * toggles run one after another. toggleFollow locks the follower's row the same way and
 * the followee's FOR SHARE, so a follow of the viewer by the target and this block
 * serialize on the viewer's row: either the follow commits first and is removed here,
 * or it starts after the block and is refused (FOLLOW_BLOCKED). Locking only one row
 * here keeps two people blocking each other at once from deadlocking.
 */
export async function toggleBlock(db: Db, viewerId: number, targetId: number): Promise<{ isblock: boolean }> {
  if (viewerId === targetId) throw new AppError('BLOCK_SELF');
  return transaction(db, async (tx, announce) => {
    await lockViewerAndTarget(tx, viewerId, targetId, false);

    const removed = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, targetId)))
      .returning({ id: blocks.blockedId });
    const isBlock = removed.length === 0;
    if (isBlock) {
      await tx.insert(blocks).values({ blockerId: viewerId, blockedId: targetId }).onConflictDoNothing();
      await removeFollowsBetween(tx, viewerId, targetId);
    }
    await announce('block.changed', { blockerId: viewerId, blockedId: targetId });
    return { isblock: isBlock };
  });
}

/** The viewer's block list as UserCards, last blocked first, deleted accounts left out. */
export async function listBlocked(
  db: Db,
  viewerId: number,
  paging: { page: number; size: number },
): Promise<UserCard[]> {
  const rows = await db
    .select({ user: users })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(and(eq(blocks.blockerId, viewerId), isNull(users.deletedAt)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  return toUserCards(
    db,
    rows.map((r) => r.user),
    viewerId,
  );
}
