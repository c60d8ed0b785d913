import { formatMessage } from '@evcircle/contract/client';
import { Heart, MessageCircle, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { SaveBookmarkButton } from '~/features/bookmarks/index.ts';
import { LOCKCHIME_ENTRY, lockchimeHref } from '~/features/lockchime/index.ts';
import { formatCount } from '~/lib/format-count.ts';
import { cn } from '~/ui/cn.ts';
import { POST_MESSAGES } from './messages.ts';

type PostActionsProps = {
  isLiked: boolean;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  /** The detail (with the viewer's like) has not arrived yet: the like waits for it. */
  isLikeReady: boolean;
  onLike: () => void;
  onComments: () => void;
  onShare: () => void;
  /** 收藏: the post's own page as a bookmark (its path and title); none in the component previews. */
  bookmark?: { path: string; title: string };
  /** A video post: the entry to extract its audio or make a lock chime of it. */
  videoPid?: number;
  className?: string;
};

const ACTION =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm text-gray-700 transition-colors hover:bg-gray-100 disabled:opacity-60 dark:text-gray-200 dark:hover:bg-gray-800';

/** 点赞 / 评论 / 分享 with their counts, under a post. */
export function PostActions({
  isLiked,
  likeCount,
  commentCount,
  shareCount,
  isLikeReady,
  onLike,
  onComments,
  onShare,
  bookmark,
  videoPid,
  className,
}: PostActionsProps) {
  return (
    <div className={cn('flex items-center gap-1', className)}>
      <button
        type="button"
        data-testid="post-like"
        data-liked={isLiked ? 'true' : 'false'}
        aria-pressed={isLiked}
        aria-label={`${isLiked ? POST_MESSAGES.unlike : POST_MESSAGES.like}（${formatMessage(POST_MESSAGES.likes, { count: likeCount })}）`}
        disabled={!isLikeReady}
        onClick={onLike}
        className={cn(ACTION, isLiked && 'text-red-500 dark:text-red-400')}
      >
        <Heart aria-hidden="true" className={cn('size-5 transition-transform', isLiked && 'scale-110 fill-current')} />
        <span data-testid="post-like-count" className="tabular-nums">
          {formatCount(likeCount)}
        </span>
      </button>
      <button
        type="button"
        data-testid="post-comments-button"
        aria-label={formatMessage(POST_MESSAGES.commentCount, { count: commentCount })}
        onClick={onComments}
        className={ACTION}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        <span className="tabular-nums">{formatCount(commentCount)}</span>
      </button>
      <button
        type="button"
        data-testid="post-share"
        aria-label={POST_MESSAGES.share}
        onClick={onShare}
        className={ACTION}
      >
        <Share2 aria-hidden="true" className="size-5" />
        <span className="tabular-nums">{shareCount > 0 ? formatCount(shareCount) : POST_MESSAGES.share}</span>
      </button>
      {bookmark ? (
        <SaveBookmarkButton
          path={bookmark.path}
          title={bookmark.title}
          hasLabel
          className={ACTION}
          data-testid="post-bookmark"
        />
      ) : null}
      {videoPid === undefined ? null : (
        // Text only (no icon to load on every post page); phones show the short half.
        <Link to={lockchimeHref(videoPid)} data-testid="post-lockchime" className={ACTION}>
          <span className="max-sm:hidden">{LOCKCHIME_ENTRY.extract}</span>
          {LOCKCHIME_ENTRY.chime}
        </Link>
      )}
    </div>
  );
}
