import { LoaderCircle, RotateCw } from 'lucide-react';
import type { PagedStatus } from '~/lib/use-paged-list.ts';
import { Button } from './button.tsx';
import { UI_MESSAGES } from './messages.ts';

export type ListFooterMessages = {
  /** The 加载更多 button's label ('button' lists). */
  loadMore: string;
  loading: string;
  end: string;
  failed: string;
  retry: string;
};

type ListFooterProps = {
  status: PagedStatus;
  /** Fetches the next page (after a failure, the one that failed). */
  onLoadMore: () => void;
  /**
   * How the next page is asked for. 'scroll': it loads as the end comes into view
   * (useLoadMoreSentinel), so the footer only says what is going on, with a retry after a
   * failure. 'button': a 加载更多 button that spins while loading and turns red after a failure.
   */
  trigger?: 'scroll' | 'button';
  /** Wording of this list, over the shared one. */
  messages?: Partial<ListFooterMessages>;
  /** Of the 'button' list's button. */
  'data-testid'?: string;
};

const SCROLL_MESSAGES: ListFooterMessages = {
  loadMore: UI_MESSAGES.loadMore,
  loading: UI_MESSAGES.loadingMore,
  end: UI_MESSAGES.end,
  failed: UI_MESSAGES.loadFailed,
  retry: UI_MESSAGES.retry,
};

const BUTTON_MESSAGES: ListFooterMessages = {
  loadMore: UI_MESSAGES.loadMore,
  loading: UI_MESSAGES.loading,
  end: UI_MESSAGES.end,
  failed: UI_MESSAGES.loadMoreFailed,
  retry: UI_MESSAGES.retry,
};

/** The line under a paged list (usePagedList): loading, failed with a retry, or no more. */
export function ListFooter({
  status,
  onLoadMore,
  trigger = 'scroll',
  messages,
  'data-testid': testId,
}: ListFooterProps) {
  const text = { ...(trigger === 'scroll' ? SCROLL_MESSAGES : BUTTON_MESSAGES), ...messages };
  if (trigger === 'button') {
    if (status === 'done') {
      return <p className="py-4 text-center text-xs text-gray-400 dark:text-gray-500">{text.end}</p>;
    }
    const isLoading = status === 'loading';
    return (
      <div className="flex justify-center py-3">
        <Button
          variant="ghost"
          size="sm"
          onClick={onLoadMore}
          disabled={isLoading}
          data-testid={testId}
          className={status === 'error' ? 'text-red-600 dark:text-red-400' : undefined}
        >
          {isLoading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {isLoading ? text.loading : status === 'error' ? text.failed : text.loadMore}
        </Button>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-sm text-gray-500 dark:text-gray-400">
        <span>{text.failed}</span>
        <Button variant="outline" size="sm" onClick={onLoadMore} data-testid="list-retry">
          <RotateCw aria-hidden="true" className="size-4" />
          {text.retry}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="py-8 text-center text-xs text-gray-400 dark:text-gray-500">
      {status === 'loading' ? text.loading : status === 'done' ? text.end : ''}
    </p>
  );
}
