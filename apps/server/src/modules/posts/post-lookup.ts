import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { posts } from './posts.tables.ts';

/** What other modules (reports, moderation) need to know about a post. */
export type PostTarget = { id: number; userId: number; content: string; live: boolean };

/** The posts with these ids, deleted ones included (`live` false), by id. */
export async function findPostTargets(db: Db, ids: readonly number[]): Promise<Map<number, PostTarget>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: posts.id, userId: posts.userId, content: posts.content, deletedAt: posts.deletedAt })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, userId: r.userId, content: r.content, live: r.deletedAt === null }]),
  );
}

/** The author of a live post, or null when it does not exist or was deleted. */
export async function findLivePostAuthor(db: Db, pid: number): Promise<number | null> {
  const post = (await findPostTargets(db, [pid])).get(pid);
  return post?.live ? post.userId : null;
}
