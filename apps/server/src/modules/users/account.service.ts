import { type Account, AppError, type UserCard, type UserProfile } from '@evcircle/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db.ts';
import { follows } from '../follows/follows.tables.ts';
import { pointsBalance } from '../points/points.service.ts';
import { posts } from '../posts/posts.tables.ts';
import { hasBlocked } from '../safety/blocks.service.ts';
import { inviteCodeFor } from './invite-code.ts';
import { users } from './users.tables.ts';

export type UserRow = typeof users.$inferSelect;
export type UserCounts = { posts: number; followers: number; following: number; likes: number };

/** A live (not deleted) user, or USER_NOT_FOUND. */
export async function requireUser(db: Db, uid: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, uid), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * Inside a transaction, before one person acts on another (follow, block): locks the
 * viewer's live row FOR NO KEY UPDATE, so one person's toggles run one after another
 * (NOT_LOGGED_IN when the account is gone), then reads the target's live row, locked
 * FOR SHARE when `lockTarget` (USER_NOT_FOUND when gone).
 */
export async function lockViewerAndTarget(tx: Db, viewerId: number, targetId: number, lockTarget: boolean) {
  const [me] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, viewerId), isNull(users.deletedAt)))
    .for('no key update');
  if (!me) throw new AppError('NOT_LOGGED_IN');
  const target = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
  const [row] = lockTarget ? await target.for('share') : await target.limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
}

/** Posts published, followers, following, and likes received on live posts. */
export async function userCounts(db: Db, uid: number): Promise<UserCounts> {
  const [row] = await executeRows<{ posts: string; likes: string; followers: string; following: string }>(
    db,
    sql`
    select
      (select count(*) from ${posts} where ${posts.userId} = ${uid} and ${posts.deletedAt} is null) as posts,
      (select coalesce(sum(${posts.likeCount}), 0) from ${posts}
        where ${posts.userId} = ${uid} and ${posts.deletedAt} is null) as likes,
      (select count(*) from ${follows} where ${follows.followeeId} = ${uid}) as followers,
      (select count(*) from ${follows} where ${follows.followerId} = ${uid}) as following
  `,
  );
  return {
    posts: Number(row?.posts ?? 0),
    likes: Number(row?.likes ?? 0),
    followers: Number(row?.followers ?? 0),
    following: Number(row?.following ?? 0),
  };
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

/** A public profile as `viewerId` sees it. */
export async function getProfile(db: Db, uid: number, viewerId: number | null): Promise<UserProfile> {
  const user = await requireUser(db, uid);
  const [counts, followed, followsViewer, isBlocked] = await Promise.all([
    userCounts(db, uid),
    followedAmong(db, viewerId, [uid]),
    followersAmong(db, viewerId, [uid]),
    viewerId === null ? false : hasBlocked(db, viewerId, uid),
  ]);
  return toProfile(user, counts, {
    isfollow: followed.has(uid),
    istfollow: followsViewer.has(uid),
    ismine: viewerId === uid,
    isblock: isBlocked,
  });
}

export function toProfile(
  user: UserRow,
  counts: UserCounts,
  relation: { isfollow: boolean; istfollow: boolean; ismine: boolean; isblock: boolean },
): UserProfile {
  return {
    uid: user.id,
    uname: user.nickname,
    nickname: user.nickname,
    avatar: user.avatar,
    bio: user.bio,
    sex: user.sex,
    car_model: user.carModel,
    is_vip: user.isVip,
    isVIP: user.isVip === 1,
    isfollow: relation.isfollow ? 1 : 0,
    istfollow: relation.istfollow ? 1 : 0,
    ismine: relation.ismine ? 1 : 0,
    isblock: relation.isblock ? 1 : 0,
    ...counts,
    atime: user.createdAt.toISOString(),
  };
}

/** 13812348000 → 138****8000; short foreign numbers keep their last 2 digits. */
export function maskMobile(mobile: string | null): string {
  if (!mobile) return '';
  if (mobile.length >= 7) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  return `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
}

/** The viewer's own account: profile plus masked number, invite code, points and role. */
export async function getAccount(db: Db, uid: number): Promise<Account> {
  const user = await requireUser(db, uid);
  const [counts, balance] = await Promise.all([userCounts(db, uid), pointsBalance(db, uid)]);
  return {
    ...toProfile(user, counts, { isfollow: false, istfollow: false, ismine: true, isblock: false }),
    mobile: maskMobile(user.mobile),
    acode: user.acode ?? '',
    invite_code: inviteCodeFor(user.id),
    integral: balance,
    role: user.role,
  };
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
    is_vip: user.isVip,
    isfollow: followed.has(user.id),
    istfollow: followsViewer.has(user.id),
    followers: followerCounts.get(user.id) ?? 0,
  }));
}
