import { formatMessage, type PostDetail, postDelete, resolveMediaUrl } from '@evcircle/contract/client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FollowButton } from '~/features/relations/index.ts';
import { ContentMenu } from '~/features/reports/index.ts';
import { useApi } from '~/lib/api.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { LazyVipBadge } from '~/ui/lazy-vip-badge.tsx';
import { POST_MESSAGES } from './messages.ts';

type PostAuthorProps = {
  post: PostDetail;
  imageBase: string;
  /** A back or close button before the author (phones). */
  leading?: ReactNode;
  onFollowChange?: (isFollowing: boolean) => void;
  /** The post was deleted through the menu. */
  onDeleted: () => void;
  /** The author was blocked through the menu. */
  onBlocked?: () => void;
  className?: string;
};

/** The author row of a post: avatar and name (to their profile), follow, and the … menu. */
export function PostAuthor({
  post,
  imageBase,
  leading,
  onFollowChange,
  onDeleted,
  onBlocked,
  className,
}: PostAuthorProps) {
  const api = useApi();
  const isMine = post.ismine === 1;
  return (
    <div data-testid="post-author" className={cn('flex items-center gap-3', className)}>
      {leading}
      <Link
        to={`/user/${post.uid}`}
        aria-label={formatMessage(POST_MESSAGES.authorProfile, { name: post.uname })}
        className="flex min-w-0 flex-1 items-center gap-2.5 hover:opacity-80"
      >
        <Avatar src={resolveMediaUrl(post.avatar, imageBase)} name={post.uname} size={36} />
        <span className="truncate text-[15px] font-medium text-gray-900 dark:text-gray-100">{post.uname}</span>
        {post.is_vip === 1 ? <LazyVipBadge /> : null}
      </Link>
      {isMine ? null : (
        <FollowButton
          uid={post.uid}
          isFollowing={post.isfollow === 1}
          isFollowedBy={false}
          onChange={onFollowChange}
          size="sm"
        />
      )}
      <ContentMenu
        target={{ type: 'post', id: post.pid, authorId: post.uid, authorName: post.uname }}
        isMine={isMine}
        onDelete={async () => {
          await api.call(postDelete, { pid: post.pid });
        }}
        onDeleted={onDeleted}
        onBlocked={onBlocked}
      />
    </div>
  );
}
