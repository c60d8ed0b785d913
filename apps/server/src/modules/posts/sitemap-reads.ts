// Reads the sitemap lists posts and their authors by (contract sitemap.ts has the rules):
// public posts (live, by a live author) and active authors (a live account with at least
// one live post), each keyset-paged by id, and the newest change within an id range.
import { and, eq, exists, isNull, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type IdRange, type IdStamp, type IdWindow, idWindowOrder, idWindowWhere } from '../../platform/id-window.ts';
import { users } from '../accounts/index.ts';
import { posts } from './posts.tables.ts';

/** A post is public while it and its author's account are live (what the post page shows). */
const isPublicPost: SQL = and(isNull(posts.deletedAt), isNull(users.deletedAt)) as SQL;

/**
 * Public posts in a window of post ids, with their publication time as lastmod (posts are
 * not edited). One walk of the primary key, each author checked by theirs.
 */
export async function publicPostStamps(db: Db, window: IdWindow): Promise<IdStamp[]> {
  return db
    .select({ id: posts.id, lastmod: posts.createdAt })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isPublicPost, ...idWindowWhere(posts.id, window)))
    .orderBy(idWindowOrder(posts.id, window))
    .limit(window.limit);
}

/** The newest lastmod of the public posts with ids in `range`; null when there are none. */
export async function publicPostsLastmod(db: Db, range: IdRange): Promise<Date | null> {
  const [row] = await db
    .select({ lastmod: max(posts.createdAt) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isPublicPost, ...idWindowWhere(posts.id, range)));
  return row?.lastmod ?? null;
}

/** Whether `users.id` has a live post (one probe of posts_user_idx: user_id, created_at desc, live only). */
const hasLivePost = (db: Db) =>
  exists(
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.userId, users.id), isNull(posts.deletedAt))),
  );

/**
 * A user's lastmod: their latest profile change or live post, whichever is later.
 * NOTE: the subquery is a query builder, not `sql` text: drizzle leaves the columns of a
 * one-table select list unqualified, and an unqualified "id" inside the subquery would
 * be the post's, not the user's (every user would get the newest post of all).
 */
const authorLastmod = (db: Db) =>
  sql<Date>`greatest(${users.updatedAt}, (${db
    .select({ at: max(posts.createdAt) })
    .from(posts)
    .where(and(eq(posts.userId, users.id), isNull(posts.deletedAt)))}))`;

const isActiveAuthor = (db: Db): SQL => and(isNull(users.deletedAt), hasLivePost(db)) as SQL;

/**
 * Active authors (live accounts with at least one live post; a post's author is live
 * when it is public) in a window of user ids, with their lastmod.
 */
export async function activeAuthorStamps(db: Db, window: IdWindow): Promise<IdStamp[]> {
  return db
    .select({ id: users.id, lastmod: authorLastmod(db).mapWith(users.updatedAt) })
    .from(users)
    .where(and(isActiveAuthor(db), ...idWindowWhere(users.id, window)))
    .orderBy(idWindowOrder(users.id, window))
    .limit(window.limit);
}

/** The newest lastmod of the active authors with ids in `range`; null when there are none. */
export async function activeAuthorsLastmod(db: Db, range: IdRange): Promise<Date | null> {
  const [row] = await db
    .select({ lastmod: sql<Date | null>`max(${authorLastmod(db)})`.mapWith(users.updatedAt) })
    .from(users)
    .where(and(isActiveAuthor(db), ...idWindowWhere(users.id, range)));
  return row?.lastmod ?? null;
}
