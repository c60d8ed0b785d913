import type { Post } from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useViewport } from '~/features/layout/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { columnCountFor, distributeIntoColumns } from './masonry.ts';
import { FEED_MESSAGES } from './messages.ts';
import { PostCard } from './post-card.tsx';
import { PostCardSkeleton } from './post-card-skeleton.tsx';
import { type FeedStatus, useInfiniteFeed } from './use-infinite-feed.ts';

/** Start loading the next page this far before the bottom comes into view. */
const PREFETCH_MARGIN = '0px 0px 800px 0px';

type FeedGridProps = { firstPage: Post[]; pageSize: number; imageBase: string };

/** The masonry feed with infinite scroll: skeletons while loading, a retry on failure. */
export function FeedGrid({ firstPage, pageSize, imageBase }: FeedGridProps) {
  const { posts, status, loadMore } = useInfiniteFeed(firstPage, pageSize);
  const columnCount = useViewport(columnCountFor);
  const columns = useMemo(() => distributeIntoColumns(posts, columnCount), [posts, columnCount]);
  const sentinel = useRef<HTMLDivElement>(null);

  // Re-observed whenever the status changes, so a still-visible bottom keeps loading.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || status !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [status, loadMore]);

  if (posts.length === 0 && status === 'done') return <FeedEmpty />;

  return (
    <section aria-label={FEED_MESSAGES.feedLabel} aria-busy={status === 'loading'}>
      <div
        data-testid="feed-grid"
        className="grid items-start gap-2 md:gap-4"
        style={{ gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))` }}
      >
        {columns.map((column, c) => (
          // Columns are positions, not items: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={c} className="flex flex-col gap-2 md:gap-4">
            {column.map((post, row) => (
              <PostCard key={post.pid} post={post} imageBase={imageBase} isPriority={row === 0} />
            ))}
            {status === 'loading' ? <PostCardSkeleton isTall={c % 2 === 0} /> : null}
          </div>
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <FeedFooter status={status} onRetry={loadMore} />
    </section>
  );
}

function FeedFooter({ status, onRetry }: { status: FeedStatus; onRetry: () => void }) {
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-gray-500 dark:text-gray-400">
        <span>{FEED_MESSAGES.loadFailed}</span>
        <Button variant="outline" size="sm" onClick={onRetry} data-testid="feed-retry">
          <RotateCw aria-hidden="true" className="size-4" />
          {FEED_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const text = status === 'loading' ? FEED_MESSAGES.loading : status === 'done' ? FEED_MESSAGES.end : '';
  return (
    <p role="status" className="py-8 text-center text-xs text-gray-400 dark:text-gray-500">
      {text}
    </p>
  );
}

function FeedEmpty() {
  return (
    <div data-testid="feed-empty" className="flex flex-col items-center py-24 text-center">
      <p className="text-base font-medium">{FEED_MESSAGES.empty}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{FEED_MESSAGES.emptyHint}</p>
    </div>
  );
}
