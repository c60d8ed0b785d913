import type { UserCard } from '@evcircle/contract';
import { and, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { escapeLike, users } from '../accounts/index.ts';
import { toUserCards } from './follows.service.ts';
import { follows } from './follows.tables.ts';

/** mutual: both follow each other; following: whom the viewer follows; followers: who follows the viewer. */
export type FriendType = 'mutual' | 'following' | 'followers';

export type FriendQuery = { type: FriendType; page: number; size: number; word: string };

/**
 * One page of the viewer's friends of `type` (the people chat offers to message), newest
 * relation first (a mutual pair dates from the later of its two follows), live accounts
 * only, narrowed to nicknames containing `word` (taken literally; '' for all). Blocking
 * removes the follows between two people, so a blocked person is never listed. Walks
 * follows_follower_created_idx (following, mutual) or follows_followee_idx (followers).
 */
export async function listFriends(
  db: Db,
  viewerId: number,
  query: FriendQuery,
): Promise<{ items: UserCard[]; hasMore: boolean }> {
  const back = alias(follows, 'follows_back');
  const [anchor, other] =
    query.type === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
  const conditions: SQL[] = [eq(anchor, viewerId)];
  if (query.word !== '') conditions.push(ilike(users.nickname, `%${escapeLike(query.word)}%`));

  const base = db
    .select({ user: users })
    .from(follows)
    .innerJoin(users, and(eq(users.id, other), isNull(users.deletedAt)));
  const rows =
    query.type === 'mutual'
      ? await base
          .innerJoin(back, and(eq(back.followerId, follows.followeeId), eq(back.followeeId, viewerId)))
          .where(and(...conditions))
          .orderBy(sql`greatest(${follows.createdAt}, ${back.createdAt}) desc`, desc(other))
          .limit(query.size + 1)
          .offset((query.page - 1) * query.size)
      : await base
          .where(and(...conditions))
          .orderBy(desc(follows.createdAt), desc(other))
          .limit(query.size + 1)
          .offset((query.page - 1) * query.size);

  const page = rows.slice(0, query.size).map((row) => row.user);
  return { items: await toUserCards(db, page, viewerId), hasMore: rows.length > query.size };
}
