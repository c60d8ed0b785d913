import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { HOT_DECAY_SECONDS, HOT_WEIGHTS } from './hot-score.ts';
import { posts } from './posts.tables.ts';

export type CounterDelta = Partial<Record<'likes' | 'comments' | 'shares' | 'plays', number>>;
export type PostCounters = { likenum: number; comments: number; sharenum: number; playnum: number };

/**
 * Adds `delta` to a live post's counters and recomputes its hot score in ONE statement
 * (the row is locked by the update itself, so concurrent calls serialize on it and none
 * is lost). Call it inside the transaction that writes what it counts (the like row, the
 * comment…), so the counter and the rows it counts never disagree. Answers the new
 * counters, or null when the post does not exist or is deleted. Counters never go below 0.
 * The score is hotScore() of hot-score.ts, in SQL.
 */
export async function adjustPostCounters(db: Db, postId: number, delta: CounterDelta): Promise<PostCounters | null> {
  const like = sql`greatest(0, ${posts.likeCount} + ${Math.trunc(delta.likes ?? 0)}::integer)`;
  const comment = sql`greatest(0, ${posts.commentCount} + ${Math.trunc(delta.comments ?? 0)}::integer)`;
  const share = sql`greatest(0, ${posts.shareCount} + ${Math.trunc(delta.shares ?? 0)}::integer)`;
  const play = sql`greatest(0, ${posts.playCount} + ${Math.trunc(delta.plays ?? 0)}::integer)`;
  const engagement = sql`(${like}) * ${sql.raw(String(HOT_WEIGHTS.like))} + (${comment}) * ${sql.raw(String(HOT_WEIGHTS.comment))} + (${share}) * ${sql.raw(String(HOT_WEIGHTS.share))} + (${play}) * ${sql.raw(String(HOT_WEIGHTS.play))}`;
  const [row] = await db
    .update(posts)
    .set({
      likeCount: sql`${like}`,
      commentCount: sql`${comment}`,
      shareCount: sql`${share}`,
      playCount: sql`${play}`,
      hotScore: sql`log(greatest(1, ${engagement})::numeric)::double precision + extract(epoch from ${posts.createdAt}) / ${sql.raw(String(HOT_DECAY_SECONDS))}`,
    })
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .returning({
      likenum: posts.likeCount,
      comments: posts.commentCount,
      sharenum: posts.shareCount,
      playnum: posts.playCount,
    });
  return row ?? null;
}
