import { AppError, type PostDetail } from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { feedColumns, markForViewer } from './posts.service.ts';
import { postLikes, posts } from './posts.tables.ts';

/** The public link of a post page (what share answers and the detail carries). */
export function postShareUrl(publicUrl: string, pid: number): string {
  return `${publicUrl}/post/${pid}`;
}

/**
 * One live post of a live author as PostDetail, marked for the viewer (ismine,
 * isfollow, islike), with its check-in flag, video length in seconds and share link.
 * POST_NOT_FOUND for a missing or deleted post, or one whose author deleted their account.
 */
export async function getPostDetail(
  db: Db,
  pid: number,
  viewerId: number | null,
  publicUrl: string,
): Promise<PostDetail> {
  const [row] = await db
    .select({ ...feedColumns, checkin: posts.checkin, videoDurationMs: posts.videoDurationMs })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, pid), isNull(posts.deletedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError('POST_NOT_FOUND');
  const [[post], liked] = await Promise.all([markForViewer(db, [row], viewerId), isLikedBy(db, pid, viewerId)]);
  if (!post) throw new AppError('POST_NOT_FOUND');
  return {
    ...post,
    islike: liked ? 1 : 0,
    checkin: row.checkin,
    duration: row.videoDurationMs / 1000,
    share_url: postShareUrl(publicUrl, pid),
  };
}

async function isLikedBy(db: Db, pid: number, viewerId: number | null): Promise<boolean> {
  if (viewerId === null) return false;
  const [row] = await db
    .select({ pid: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.postId, pid), eq(postLikes.userId, viewerId)))
    .limit(1);
  return row !== undefined;
}
