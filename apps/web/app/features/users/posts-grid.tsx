import type { Post } from '@evcircle/contract/client';
import { RotateCw } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { columnCountFor, distributeIntoColumns } from '~/features/feed/masonry.ts';
import { FEED_MESSAGES } from '~/features/feed/messages.ts';
import { PostCard } from '~/features/feed/post-card.tsx';
import { PostCardSkeleton } from '~/features/feed/post-card-skeleton.tsx';
import { useViewport } from '~/features/layout/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { type PagedStatus, useLoadMoreSentinel, usePagedList } from './use-paged-list.ts';

type PostsGridProps = {
  /** Page 1, rendered on the server. */
  firstPage: Post[];
  pageSize: number;
  imageBase: string;
  /** Fetches a later page (2, 3, …) in the browser. */
  fetchPage: (page: number) => Promise<Post[]>;
  /** Shown instead of the grid when there is nothing at all. */
  empty: ReactNode;
  label: string;
  /** Columns by viewport width; defaults to the home feed's. */
  columnsFor?: (width: number) => number;
};

/**
 * The home feed's masonry grid and cards for any paged post list (a user's posts, the
 * following feed): infinite scroll, skeletons while a page loads, a retry on failure.
 */
export function PostsGrid({
  firstPage,
  pageSize,
  imageBase,
  fetchPage,
  empty,
  label,
  columnsFor = columnCountFor,
}: PostsGridProps) {
  const { items, status, loadMore } = usePagedList(firstPage, pageSize, fetchPage, (p) => p.pid);
  const columnCount = useViewport(columnsFor);
  const columns = useMemo(() => distributeIntoColumns(items, columnCount), [items, columnCount]);
  const sentinel = useLoadMoreSentinel(status, loadMore, '0px 0px 800px 0px');

  if (items.length === 0 && status === 'done') return <>{empty}</>;

  return (
    <section aria-label={label} aria-busy={status === 'loading'}>
      <div
        data-testid="posts-grid"
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
      <ListFooter status={status} onRetry={loadMore} />
    </section>
  );
}

/** Loading / end / failed-with-retry line under a paged list. */
export function ListFooter({ status, onRetry }: { status: PagedStatus; onRetry: () => void }) {
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-gray-500 dark:text-gray-400">
        <span>{FEED_MESSAGES.loadFailed}</span>
        <Button variant="outline" size="sm" onClick={onRetry} data-testid="list-retry">
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
