import { AppError } from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { adjustPostCounters } from './post-counters.ts';
import './posts.events.ts';
import { postLikes, posts } from './posts.tables.ts';

/**
 * Likes post `pid` if the viewer has not yet, takes the like back otherwise; answers the
 * new state and count. POST_NOT_FOUND when the post is gone.
 *
 * Concurrency: the post's row is locked (FOR NO KEY UPDATE, which still lets like rows
 * reference it) before the like row is read, so every toggle of this post runs after the
 * previous one committed. The like row and the counter (with the hot score, through
 * adjustPostCounters) change in that one transaction, so like_count always equals the
 * number of like rows, and one person's parallel toggles alternate deterministically.
 * The like row lives with the post it counts (posts owns post_likes and its counter);
 * the likes module serves the one endpoint that toggles post and comment likes.
 */
export async function togglePostLike(
  db: Db,
  viewerId: number,
  pid: number,
): Promise<{ islike: number; likenum: number }> {
  return transaction(db, async (tx, announce) => {
    const [target] = await tx
      .select({ id: posts.id, authorId: posts.userId })
      .from(posts)
      .where(and(eq(posts.id, pid), isNull(posts.deletedAt)))
      .for('no key update');
    if (!target) throw new AppError('POST_NOT_FOUND');

    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, pid), eq(postLikes.userId, viewerId)))
      .returning({ id: postLikes.postId });
    const isLike = removed.length === 0;
    if (isLike) await tx.insert(postLikes).values({ postId: pid, userId: viewerId });
    const counters = await adjustPostCounters(tx, pid, { likes: isLike ? 1 : -1 });
    if (!counters) throw new AppError('POST_NOT_FOUND');
    await announce('post.changed', { postId: pid });
    if (isLike) await announce('post.liked', { postId: pid, userId: viewerId, authorId: target.authorId });
    return { islike: isLike ? 1 : 0, likenum: counters.likenum };
  });
}
