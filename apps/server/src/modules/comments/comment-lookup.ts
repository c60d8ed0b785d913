import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { findPostTargets } from '../posts/index.ts';
import { comments } from './comments.tables.ts';

/** What other modules (reports, moderation) need to know about a comment or reply. */
export type CommentTarget = { id: number; postId: number; userId: number; content: string; live: boolean };

/**
 * The comments with these ids, deleted ones included (`live` false), by id. A comment
 * on a deleted post is not live either.
 */
export async function findCommentTargets(db: Db, ids: readonly number[]): Promise<Map<number, CommentTarget>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      content: comments.content,
      deletedAt: comments.deletedAt,
    })
    .from(comments)
    .where(inArray(comments.id, [...ids]));
  const postsOf = await findPostTargets(db, [...new Set(rows.map((r) => r.postId))]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        postId: r.postId,
        userId: r.userId,
        content: r.content,
        live: r.deletedAt === null && postsOf.get(r.postId)?.live === true,
      },
    ]),
  );
}
