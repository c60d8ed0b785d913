import { RotateCw } from 'lucide-react';
import { FEED_MESSAGES } from '~/features/feed/messages.ts';
import { Button } from '~/ui/button.tsx';
import type { PagedStatus } from './use-paged-list.ts';

// NOTE: post lists (profiles, the following feed) use features/feed's FeedGrid, which
// adds pull-to-refresh and the post modal; this file keeps the paged-list footer.

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
