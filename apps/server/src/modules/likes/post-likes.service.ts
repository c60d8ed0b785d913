import { AppError } from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { adjustPostCounters } from '../posts/post-counters.ts';
import { invalidateFeed } from '../posts/posts.service.ts';
import { postLikes, posts } from '../posts/posts.tables.ts';

/**
 * Likes post `pid` if the viewer has not yet, takes the like back otherwise; answers the
 * new state and count. POST_NOT_FOUND when the post is gone.
 *
 * Concurrency: the post's row is locked (FOR NO KEY UPDATE, which still lets like rows
 * reference it) before the like row is read, so every toggle of this post runs after the
 * previous one committed. The like row and the counter (with the hot score, through
 * adjustPostCounters) change in that one transaction, so like_count always equals the
 * number of like rows, and one person's parallel toggles alternate deterministically.
 *
 * NOTE: post_likes belongs to the posts tables; likes live in their own module because
 * one endpoint (like/act) toggles both post and comment likes.
 */
export async function togglePostLike(
  db: Db,
  viewerId: number,
  pid: number,
): Promise<{ islike: number; likenum: number }> {
  const answer = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: posts.id })
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
    return { islike: isLike ? 1 : 0, likenum: counters.likenum };
  });
  invalidateFeed(db);
  return answer;
}
