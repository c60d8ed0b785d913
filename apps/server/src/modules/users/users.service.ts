import type { Account, UserProfile } from '@evcircle/contract';
import type { Db } from '../../platform/db.ts';
import { inviteCodeFor, maskMobile, requireUser, type UserRow, vipOf } from '../accounts/index.ts';
import { pointsBalance } from '../points/index.ts';
import { authorCounts } from '../posts/index.ts';
import { followCounts, followedAmong, followersAmong, hasBlocked } from '../relations/index.ts';

export type UserCounts = { posts: number; followers: number; following: number; likes: number };

/** Posts published, followers, following, and likes received on live posts. */
export async function userCounts(db: Db, uid: number): Promise<UserCounts> {
  const [authored, follow] = await Promise.all([authorCounts(db, uid), followCounts(db, uid)]);
  return { ...authored, ...follow };
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
    is_vip: vipOf(user),
    isVIP: vipOf(user) === 1,
    isfollow: relation.isfollow ? 1 : 0,
    istfollow: relation.istfollow ? 1 : 0,
    ismine: relation.ismine ? 1 : 0,
    isblock: relation.isblock ? 1 : 0,
    ...counts,
    atime: user.createdAt.toISOString(),
  };
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
