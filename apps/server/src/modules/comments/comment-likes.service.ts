import { AppError } from '@evcircle/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { findLivePostAuthor } from '../posts/index.ts';
import './comments.events.ts';
import { commentLikes, comments } from './comments.tables.ts';

/** Which of `commentIds` the viewer liked (one query; none when logged out). */
export async function likedCommentsAmong(
  db: Db,
  viewerId: number | null,
  commentIds: number[],
): Promise<ReadonlySet<number>> {
  if (viewerId === null || commentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.userId, viewerId), inArray(commentLikes.commentId, commentIds)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Likes comment or reply `cid` if the viewer has not yet, takes the like back otherwise;
 * answers the new state and count. COMMENT_NOT_FOUND when the comment or its post is gone.
 *
 * Concurrency: the comment's row is locked (FOR NO KEY UPDATE, which still lets like rows
 * reference it) before the like row is read, so every toggle of this comment runs after
 * the previous one committed: the like row and like_count always agree, and one person's
 * parallel toggles alternate deterministically.
 */
export async function toggleCommentLike(
  db: Db,
  viewerId: number,
  cid: number,
): Promise<{ islike: number; likenum: number }> {
  return transaction(db, async (tx, announce) => {
    // The comment is locked first; a comment on a deleted post counts as gone.
    const [target] = await tx
      .select({ id: comments.id, postId: comments.postId, authorId: comments.userId })
      .from(comments)
      .where(and(eq(comments.id, cid), isNull(comments.deletedAt)))
      .for('no key update');
    if (!target || (await findLivePostAuthor(tx, target.postId)) === null) throw new AppError('COMMENT_NOT_FOUND');

    const removed = await tx
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, cid), eq(commentLikes.userId, viewerId)))
      .returning({ id: commentLikes.commentId });
    const isLike = removed.length === 0;
    if (isLike) await tx.insert(commentLikes).values({ commentId: cid, userId: viewerId });
    const [row] = await tx
      .update(comments)
      .set({ likeCount: sql`greatest(0, ${comments.likeCount} + ${isLike ? 1 : -1}::integer)` })
      .where(eq(comments.id, cid))
      .returning({ likenum: comments.likeCount });
    if (isLike) {
      await announce('comment.liked', {
        commentId: cid,
        postId: target.postId,
        userId: viewerId,
        authorId: target.authorId,
      });
    }
    return { islike: isLike ? 1 : 0, likenum: row?.likenum ?? 0 };
  });
}
