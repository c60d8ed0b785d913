import { type EndpointData, integralInfo, PAGE_SIZE } from '@evcircle/contract/client';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { POINTS_MESSAGES } from './messages.ts';

export type LedgerEntry = EndpointData<typeof integralInfo>[number];

const SIZE = PAGE_SIZE.posts;

/**
 * The ledger, newest first, one page at a time behind 加载更多. `firstPage` is the
 * server-rendered page 1, or null to fetch it on mount (after a check-in).
 */
export function PointsLedger({ firstPage }: { firstPage: LedgerEntry[] | null }) {
  const api = useApi();
  const { items, status, loadMore } = usePagedList<LedgerEntry>({
    firstPage,
    isEager: true,
    size: SIZE,
    fetchPage: (page) => api.call(integralInfo, { page, size: SIZE }),
    keyOf: (e) => e.id,
  });

  if (items.length === 0 && status === 'done') {
    return <p className="py-8 text-center text-sm text-gray-500 dark:text-gray-400">{POINTS_MESSAGES.ledgerEmpty}</p>;
  }
  return (
    <div>
      <ul data-testid="points-ledger" className="divide-y divide-gray-100 dark:divide-gray-800">
        {items.map((entry) => (
          <li key={entry.id} data-testid="ledger-entry" className="flex items-center justify-between gap-3 py-3">
            <span className="min-w-0">
              <span className="block truncate text-sm">{entry.title}</span>
              <span className="mt-0.5 block text-xs text-gray-500 tabular-nums dark:text-gray-400">
                {formatDateTime(entry.atime)}
              </span>
            </span>
            <span
              className={cn(
                'shrink-0 text-base font-semibold tabular-nums',
                entry.amount >= 0 ? 'text-amber-600 dark:text-amber-400' : 'text-gray-500 dark:text-gray-400',
              )}
            >
              {entry.amount >= 0 ? `+${entry.amount}` : entry.amount}
            </span>
          </li>
        ))}
        {status === 'loading'
          ? [0, 1, 2].map((i) => (
              <li key={`s${i}`} aria-hidden="true" className="flex items-center justify-between py-3">
                <span className="space-y-1.5">
                  <Skeleton className="h-3.5 w-24" />
                  <Skeleton className="h-3 w-32" />
                </span>
                <Skeleton className="h-4 w-8" />
              </li>
            ))
          : null}
      </ul>
      {status === 'idle' || status === 'error' ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          {status === 'error' ? (
            <span role="alert" className="text-xs text-red-600 dark:text-red-400">
              {POINTS_MESSAGES.loadFailed}
            </span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => void loadMore()}>
            {status === 'error' ? POINTS_MESSAGES.retry : POINTS_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
      {status === 'done' && items.length > SIZE ? (
        <p className="pt-2 text-center text-xs text-gray-400 dark:text-gray-500">{POINTS_MESSAGES.end}</p>
      ) : null}
    </div>
  );
}
