import { AppError, type UserCard } from '@evcircle/contract';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { isBlockedEitherWay } from '../safety/blocks.service.ts';
import {
  followedAmong,
  followersAmong,
  lockViewerAndTarget,
  requireUser,
  toUserCards,
} from '../users/account.service.ts';
import { users } from '../users/users.tables.ts';
import { follows } from './follows.tables.ts';

type Paging = { page: number; size: number };

/**
 * Follows `targetId` if the viewer does not yet, unfollows otherwise; answers the new
 * state. Following yourself is FOLLOW_SELF; an unknown or deleted account is
 * USER_NOT_FOUND.
 *
 * Concurrency: the viewer's row is locked FOR NO KEY UPDATE, so one person's toggles run
 * one after another and every answer is the state its own toggle produced (50 toggles at
 * once end where they began, half answering 1). The target's row is locked FOR SHARE, so
 * an account deletion (which updates that row and removes its follows) cannot interleave
 * and leave a follow to a deleted account. Following is FOLLOW_BLOCKED while either has
 * blocked the other; toggleBlock locks the blocker's row, so a block and a follow of
 * the blocker serialize on it (see blocks.service.ts).
 */
export async function toggleFollow(db: Db, viewerId: number, targetId: number): Promise<{ isfollow: boolean }> {
  if (viewerId === targetId) throw new AppError('FOLLOW_SELF');
  return db.transaction(async (tx) => {
    await lockViewerAndTarget(tx, viewerId, targetId, true);

    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, targetId)))
      .returning({ id: follows.followeeId });
    if (removed.length > 0) return { isfollow: false };
    // Unfollowing stays possible; following is refused while either has blocked the other.
    if (await isBlockedEitherWay(tx, viewerId, targetId)) throw new AppError('FOLLOW_BLOCKED');
    await tx.insert(follows).values({ followerId: viewerId, followeeId: targetId }).onConflictDoNothing();
    return { isfollow: true };
  });
}

/**
 * The ids `followerId` follows, as a subquery for other modules' queries (the
 * following feed filters posts with it in one statement).
 */
export function followeeIdsOf(db: Db, followerId: number) {
  return db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, followerId));
}

/** Whether the viewer follows `uid` (false when logged out, SPEC.md §5). */
export async function isFollowing(db: Db, viewerId: number | null, uid: number): Promise<boolean> {
  return (await followedAmong(db, viewerId, [uid])).has(uid);
}

/** Both directions between the viewer and `uid` (both false when logged out). */
export async function followRelation(
  db: Db,
  viewerId: number | null,
  uid: number,
): Promise<{ isfollow: boolean; istfollow: boolean }> {
  const [followed, followsViewer] = await Promise.all([
    followedAmong(db, viewerId, [uid]),
    followersAmong(db, viewerId, [uid]),
  ]);
  return { isfollow: followed.has(uid), istfollow: followsViewer.has(uid) };
}

/**
 * One page of a follow list of `uid`: who follows them (`followers`, via
 * follows_followee_idx) or whom they follow (`following`, via
 * follows_follower_created_idx), newest follow first, deleted accounts left out, as
 * UserCards marked for the viewer. USER_NOT_FOUND for an unknown or deleted `uid`.
 */
export async function listFollows(
  db: Db,
  direction: 'followers' | 'following',
  uid: number,
  paging: Paging,
  viewerId: number | null,
): Promise<UserCard[]> {
  await requireUser(db, uid);
  const [anchor, other] =
    direction === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
  const rows = await db
    .select({ user: users })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(anchor, uid), isNull(users.deletedAt)))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  return toUserCards(
    db,
    rows.map((r) => r.user),
    viewerId,
  );
}

/** Removes the follows between `a` and `b`, both directions (blocking calls it in its transaction). */
export async function removeFollowsBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}
