import { AppError, type UserCard } from '@evcircle/contract';
import { type AnyColumn, and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { lockViewerAndTarget, requireUser, type UserRow, users, vipOf } from '../accounts/index.ts';
import { isBlockedEitherWay } from './blocks.service.ts';
import { follows } from './follows.tables.ts';
import './relations.events.ts';

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
  return transaction(db, async (tx, announce) => {
    await lockViewerAndTarget(tx, viewerId, targetId, true);

    const removed = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, targetId)))
      .returning({ id: follows.followeeId });
    if (removed.length > 0) {
      await announce('follow.removed', { followerId: viewerId, followeeId: targetId });
      return { isfollow: false };
    }
    // Unfollowing stays possible; following is refused while either has blocked the other.
    if (await isBlockedEitherWay(tx, viewerId, targetId)) throw new AppError('FOLLOW_BLOCKED');
    await tx.insert(follows).values({ followerId: viewerId, followeeId: targetId }).onConflictDoNothing();
    await announce('follow.created', { followerId: viewerId, followeeId: targetId });
    return { isfollow: true };
  });
}

/**
 * The ids `followerId` follows, as a subquery for other modules' queries (the
 * following feed filters posts with it in one statement).
 */
export function followeeIdsOf(followerId: number): SQL {
  return sql`(select ${follows.followeeId} from ${follows} where ${follows.followerId} = ${followerId})`;
}

/** The ids following `followeeId`, as a subquery (follows_followee_idx). */
export function followerIdsOf(followeeId: number): SQL {
  return sql`(select ${follows.followerId} from ${follows} where ${follows.followeeId} = ${followeeId})`;
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

/** Whether `followerId` follows each of `uids` (one query). */
export async function followedAmong(db: Db, followerId: number | null, uids: number[]): Promise<Set<number>> {
  if (followerId === null || uids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), inArray(follows.followeeId, uids)));
  return new Set(rows.map((r) => r.id));
}

/** Which of `uids` follow `followeeId` (one query). */
export async function followersAmong(db: Db, followeeId: number | null, uids: number[]): Promise<Set<number>> {
  if (followeeId === null || uids.length === 0) return new Set();
  const rows = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followeeId, followeeId), inArray(follows.followerId, uids)));
  return new Set(rows.map((r) => r.id));
}

/** List entries for users (search results, followers, following), marked for the viewer. */
export async function toUserCards(db: Db, rows: UserRow[], viewerId: number | null): Promise<UserCard[]> {
  const ids = rows.map((r) => r.id);
  const [followed, followsViewer, followerCounts] = await Promise.all([
    followedAmong(db, viewerId, ids),
    followersAmong(db, viewerId, ids),
    ids.length === 0
      ? Promise.resolve(new Map<number, number>())
      : db
          .select({ id: follows.followeeId, n: sql<string>`count(*)` })
          .from(follows)
          .where(inArray(follows.followeeId, ids))
          .groupBy(follows.followeeId)
          .then((list) => new Map(list.map((r) => [r.id, Number(r.n)]))),
  ]);
  return rows.map((user) => ({
    uid: user.id,
    uname: user.nickname,
    nickname: user.nickname,
    avatar: user.avatar,
    bio: user.bio,
    car_model: user.carModel,
    is_vip: vipOf(user),
    isfollow: followed.has(user.id),
    istfollow: followsViewer.has(user.id),
    followers: followerCounts.get(user.id) ?? 0,
  }));
}

/** Followers of the user whose id is `userId` (a column or expression), as a subquery (search ranks by it). */
export function followerCountSql(userId: AnyColumn | SQL): SQL {
  return sql`(select count(*) from ${follows} where ${follows.followeeId} = ${userId})`;
}

/** How many follow `uid` and how many `uid` follows (one query). */
export async function followCounts(db: Db, uid: number): Promise<{ followers: number; following: number }> {
  const [row] = await db
    .select({
      followers: sql<string>`count(*) filter (where ${follows.followeeId} = ${uid})`,
      following: sql<string>`count(*) filter (where ${follows.followerId} = ${uid})`,
    })
    .from(follows)
    .where(or(eq(follows.followeeId, uid), eq(follows.followerId, uid)));
  return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
}

/** Removes every follow of or by `userId` (a deleted account; in its transaction). */
export async function removeFollowsOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(follows).where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
}
