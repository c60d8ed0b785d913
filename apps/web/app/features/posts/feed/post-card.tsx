import { formatMessage, type Post, postCoverUrl, resolveMediaUrl } from '@evcircle/contract/client';
import { Heart, Play } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '~/lib/format-count.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Image } from '~/ui/image.tsx';
import { LazyVipBadge } from '~/ui/lazy-vip-badge.tsx';
import { coverSize } from './masonry.ts';
import { FEED_MESSAGES } from './messages.ts';

type PostCardProps = {
  post: Post;
  imageBase: string;
  isPriority?: boolean;
  /** The card's two lines of text; the post's content by default. */
  text?: ReactNode;
  /**
   * A click on the card (cover or text). The list page may open the post modal and
   * prevent the default; otherwise the link goes to the post page.
   */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * A post in a list: cover (space reserved from its known size), video badge, two lines
 * of text, author and likes. Cover and text are a real link to /post/{pid} (crawlers,
 * new tabs, no script); the author links to their profile.
 */
export function PostCard({ post, imageBase, isPriority = false, text, onOpen }: PostCardProps) {
  const { width, height } = coverSize(post);
  const cover = postCoverUrl(post, imageBase);
  return (
    <article
      data-testid="post-card"
      data-pid={post.pid}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-900/5 transition-shadow hover:shadow-md dark:bg-gray-900 dark:ring-white/10"
    >
      <Link to={`/post/${post.pid}`} onClick={onOpen} data-testid="post-card-link" className="block">
        <div className="relative">
          <Image src={cover} width={width} height={height} isPriority={isPriority} />
          {post.isvio === 1 ? (
            <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-xs text-white">
              <Play aria-hidden="true" className="size-3 fill-current" />
              {FEED_MESSAGES.video}
            </span>
          ) : null}
        </div>
        <p className="line-clamp-2 px-2.5 pt-2.5 text-sm leading-snug break-words text-gray-900 dark:text-gray-100">
          {text ?? post.content}
        </p>
      </Link>
      <div className="flex items-center justify-between gap-2 px-2.5 pt-2 pb-2.5 text-xs text-gray-500 dark:text-gray-400">
        <Link
          to={`/user/${post.uid}`}
          className="flex min-w-0 items-center gap-1.5 hover:text-gray-800 dark:hover:text-gray-200"
        >
          <Avatar src={resolveMediaUrl(post.avatar, imageBase)} name={post.uname} size={20} />
          <span className="truncate">{post.uname}</span>
          {post.is_vip === 1 ? <LazyVipBadge className="shrink-0 px-1 text-[10px]" /> : null}
        </Link>
        <span
          className="flex shrink-0 items-center gap-0.5"
          role="img"
          aria-label={formatMessage(FEED_MESSAGES.likes, { count: post.likenum })}
        >
          <Heart aria-hidden="true" className="size-3.5" />
          <span aria-hidden="true">{formatCount(post.likenum)}</span>
        </span>
      </div>
    </article>
  );
}
