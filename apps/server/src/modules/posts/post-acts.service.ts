import { AppError } from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { adjustPostCounters, type CounterDelta, type PostCounters } from './post-counters.ts';
import { postCountedActs, posts } from './posts.tables.ts';

/** Who shared or played: the viewer, or the client address when logged out. */
export type Actor = { viewerId: number | null; ip: string };
type ActKind = 'share' | 'play';

/** Days and hours are counted in China Standard Time (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3600 * 1000;

/** The day a share falls in, e.g. '2026-11-23' (CST). */
export function shareBucket(at: Date): string {
  return new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour a play falls in, e.g. '2026-11-23T18' (CST). */
export function playBucket(at: Date): string {
  return new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 13);
}

function actorKey(actor: Actor): string {
  return actor.viewerId !== null ? `u:${actor.viewerId}` : `ip:${actor.ip}`;
}

/**
 * Counts one share or play of a live post, once per actor and bucket: the act row
 * (post, kind, actor, bucket) and the counter change are written in one transaction,
 * and a repeat within the bucket writes neither. Answers the counters as they stand.
 * POST_NOT_FOUND for a missing or deleted post, or one of a deleted account; plays of
 * a post without a video are refused.
 */
async function countAct(db: Db, pid: number, kind: ActKind, actor: Actor, at: Date): Promise<PostCounters> {
  const bucket = kind === 'share' ? shareBucket(at) : playBucket(at);
  const delta: CounterDelta = kind === 'share' ? { shares: 1 } : { plays: 1 };
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ videoSrc: posts.videoSrc })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.id, pid), isNull(posts.deletedAt), isNull(users.deletedAt)))
      .limit(1);
    if (!post) throw new AppError('POST_NOT_FOUND');
    if (kind === 'play' && post.videoSrc === '') {
      throw new AppError('VALIDATION_FAILED', { detail: '只有视频帖子才计播放次数' });
    }
    const counted = await tx
      .insert(postCountedActs)
      .values({ postId: pid, kind, actor: actorKey(actor), bucket })
      .onConflictDoNothing()
      .returning({ postId: postCountedActs.postId });
    if (counted.length === 0) {
      // A repeat within the bucket: nothing written, the counters as they stand.
      const [current] = await tx
        .select({
          likenum: posts.likeCount,
          comments: posts.commentCount,
          sharenum: posts.shareCount,
          playnum: posts.playCount,
        })
        .from(posts)
        .where(eq(posts.id, pid));
      if (!current) throw new AppError('POST_NOT_FOUND');
      return current;
    }
    const counters = await adjustPostCounters(tx, pid, delta);
    // Deleted between the check and the update: the act row goes with the rollback.
    if (!counters) throw new AppError('POST_NOT_FOUND');
    return counters;
  });
}

/** Counts a share (once per actor, post and CST day); answers the share count. */
export async function sharePost(db: Db, pid: number, actor: Actor, at = new Date()): Promise<number> {
  return (await countAct(db, pid, 'share', actor, at)).sharenum;
}

/** Counts a play of a video post (once per actor, post and CST hour); answers the play count. */
export async function playPost(db: Db, pid: number, actor: Actor, at = new Date()): Promise<number> {
  return (await countAct(db, pid, 'play', actor, at)).playnum;
}
