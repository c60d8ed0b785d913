import { formatMessage, type Post, postCoverUrl, resolveMediaUrl } from '@evcircle/contract/client';
import { Heart, Play } from 'lucide-react';
import { Avatar } from '~/ui/avatar.tsx';
import { Image } from '~/ui/image.tsx';
import { formatCount } from './format-count.ts';
import { coverSize } from './masonry.ts';
import { FEED_MESSAGES } from './messages.ts';

type PostCardProps = { post: Post; imageBase: string; isPriority?: boolean };

/**
 * A post in the feed: cover (space reserved from its known size), video badge, two
 * lines of text, author and likes. Not a link yet: the post view arrives with its issue.
 */
export function PostCard({ post, imageBase, isPriority = false }: PostCardProps) {
  const { width, height } = coverSize(post);
  const cover = postCoverUrl(post, imageBase);
  return (
    <article
      data-testid="post-card"
      data-pid={post.pid}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <div className="relative">
        <Image src={cover} width={width} height={height} isPriority={isPriority} />
        {post.isvio === 1 ? (
          <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-xs text-white">
            <Play aria-hidden="true" className="size-3 fill-current" />
            {FEED_MESSAGES.video}
          </span>
        ) : null}
      </div>
      <div className="p-2.5">
        <p className="line-clamp-2 text-sm leading-snug break-words text-gray-900 dark:text-gray-100">{post.content}</p>
        <div className="mt-2 flex items-center justify-between gap-2 text-xs text-gray-500 dark:text-gray-400">
          <span className="flex min-w-0 items-center gap-1.5">
            <Avatar src={resolveMediaUrl(post.avatar, imageBase)} name={post.uname} size={20} />
            <span className="truncate">{post.uname}</span>
          </span>
          <span
            className="flex shrink-0 items-center gap-0.5"
            role="img"
            aria-label={formatMessage(FEED_MESSAGES.likes, { count: post.likenum })}
          >
            <Heart aria-hidden="true" className="size-3.5" />
            <span aria-hidden="true">{formatCount(post.likenum)}</span>
          </span>
        </div>
      </div>
    </article>
  );
}
