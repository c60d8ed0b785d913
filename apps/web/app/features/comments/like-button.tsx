import { formatMessage } from '@evcircle/contract/client';
import { Heart } from 'lucide-react';
import { formatCount } from '~/lib/format-count.ts';
import { cn } from '~/ui/cn.ts';
import { COMMENTS_MESSAGES } from './messages.ts';

type LikeButtonProps = { isLiked: boolean; count: number; onClick: () => void; className?: string };

/** The heart of a comment or reply with its count; pressed (red, filled) when the viewer liked it. */
export function LikeButton({ isLiked, count, onClick, className }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={isLiked}
      aria-label={formatMessage(isLiked ? COMMENTS_MESSAGES.unlikeLabel : COMMENTS_MESSAGES.likeLabel, { count })}
      data-testid="comment-like"
      onClick={onClick}
      className={cn(
        'inline-flex min-h-8 items-center gap-1 rounded-full px-2 text-xs tabular-nums transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
        isLiked
          ? 'text-red-500 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40'
          : 'text-gray-500 hover:bg-gray-100 hover:text-gray-800 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-4', isLiked && 'fill-current')} />
      <span data-testid="comment-like-count">{count > 0 ? formatCount(count) : COMMENTS_MESSAGES.like}</span>
    </button>
  );
}
