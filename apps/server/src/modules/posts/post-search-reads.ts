// Reads the search module indexes posts with and answers them by: the text of a post,
// live posts lacking an index row, and a ranked page of live posts joined to an index.
import type { Post } from '@evcircle/contract';
import { and, asc, eq, gt, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { blockedIdsOf } from '../relations/index.ts';
import { feedColumns, markForViewer } from './posts.service.ts';
import { posts } from './posts.tables.ts';

/** What a post is found by, and whether it is live (not deleted). */
export type PostText = { id: number; content: string; location: string; live: boolean };

/** The text of one post, deleted ones included (`live` false); null when there is none. */
export async function findPostText(db: Db, pid: number): Promise<PostText | null> {
  const [row] = await db
    .select({ id: posts.id, content: posts.content, location: posts.location, deletedAt: posts.deletedAt })
    .from(posts)
    .where(eq(posts.id, pid));
  return row ? { id: row.id, content: row.content, location: row.location, live: row.deletedAt === null } : null;
}

/**
 * Up to `limit` live posts with an id above `afterId`, by id, that `missing(posts.id)`
 * holds for (the caller's NOT EXISTS over its own index).
 */
export async function livePostTextsWhere(
  db: Db,
  missing: (postId: AnyPgColumn) => SQL,
  options: { afterId: number; limit: number },
): Promise<PostText[]> {
  const rows = await db
    .select({ id: posts.id, content: posts.content, location: posts.location })
    .from(posts)
    .where(and(isNull(posts.deletedAt), gt(posts.id, options.afterId), missing(posts.id)))
    .orderBy(asc(posts.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, live: true }));
}

export type RankedPostsOptions = {
  /** The index table and its post id column, joined to posts. */
  index: PgTable;
  indexPostId: AnyPgColumn;
  /** Which index rows match, and their relevance (higher first). */
  match: SQL;
  rank: SQL;
  page: number;
  size: number;
  viewerId: number | null;
};

/**
 * One page of live posts of live authors matching an index, by the same rules as the
 * feeds (the viewer's blocked authors left out), most relevant first, then newest, then
 * most liked and commented; as Posts marked for the viewer (ismine, isfollow).
 */
export async function rankedPosts(db: Db, options: RankedPostsOptions): Promise<Post[]> {
  const conditions: SQL[] = [options.match, isNull(posts.deletedAt), isNull(users.deletedAt)];
  if (options.viewerId !== null) conditions.push(notInArray(posts.userId, blockedIdsOf(options.viewerId)));
  const rows = await db
    .select(feedColumns)
    .from(posts)
    .innerJoin(options.index, eq(options.indexPostId, posts.id))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(
      sql`${options.rank} desc`,
      sql`${posts.createdAt} desc`,
      sql`${posts.likeCount} + ${posts.commentCount} desc`,
      sql`${posts.id} desc`,
    )
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  return markForViewer(db, rows, options.viewerId);
}
