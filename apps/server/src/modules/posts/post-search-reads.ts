// Reads the search module indexes posts with and answers them by: the text of a post,
// live posts lacking an index row, and a ranked page of live posts among search candidates.
import type { Post } from '@evcircle/contract';
import { type AnyColumn, and, asc, eq, isNull, max, notInArray, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { type IdRange, idWindowWhere } from '../../platform/id-window.ts';
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
 * Up to `window.limit` live posts with ids in the window, by id, that `missing(posts.id)`
 * holds for (the caller's NOT EXISTS over its own index). A bounded window keeps the
 * anti-join a walk of the primary key, however large the index already is.
 */
export async function livePostTextsWhere(
  db: Db,
  missing: (postId: AnyPgColumn) => SQL,
  window: IdRange & { limit: number },
): Promise<PostText[]> {
  const rows = await db
    .select({ id: posts.id, content: posts.content, location: posts.location })
    .from(posts)
    .where(and(isNull(posts.deletedAt), ...idWindowWhere(posts.id, window), missing(posts.id)))
    .orderBy(asc(posts.id))
    .limit(window.limit);
  return rows.map((row) => ({ ...row, live: true }));
}

/** The highest post id there is (0 with none). */
export async function lastPostId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(posts.id) }).from(posts);
  return row?.id ?? 0;
}

export type RankedPostsOptions = {
  /**
   * The matching index rows, as a subquery joined to posts on `candidatePostId` (the
   * search module chooses which rows and how many: see its post search).
   */
  candidates: Subquery;
  candidatePostId: AnyColumn;
  /** Relevance of a candidate (higher first), over the subquery's columns. */
  rank: SQL;
  page: number;
  size: number;
  viewerId: number | null;
};

/**
 * The rows of one page of live posts of live authors among search candidates, by the same
 * rules as the feeds (the viewer's blocked authors left out), most relevant first, then
 * newest, then most liked and commented. Exported so a benchmark can EXPLAIN exactly
 * this query.
 */
export function selectRankedPostRows(db: Db, options: RankedPostsOptions) {
  const conditions: SQL[] = [isNull(posts.deletedAt), isNull(users.deletedAt)];
  if (options.viewerId !== null) conditions.push(notInArray(posts.userId, blockedIdsOf(options.viewerId)));
  return db
    .select(feedColumns)
    .from(posts)
    .innerJoin(options.candidates, eq(options.candidatePostId, posts.id))
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
}

/** One page of `selectRankedPostRows`, as Posts marked for the viewer (ismine, isfollow). */
export async function rankedPosts(db: Db, options: RankedPostsOptions): Promise<Post[]> {
  return markForViewer(db, await selectRankedPostRows(db, options), options.viewerId);
}
