import { formatMessage, type Post, postsNoAds } from '@evcircle/contract/client';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeedPages } from '~/features/posts/index.ts';
import { type PagedStatus, useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Switch } from '~/ui/switch.tsx';
import { PREVIEW_MESSAGES } from './messages.ts';
import { PAGING_SIZES, type PagingTestData } from './paging-options.ts';

/** A post, with the page it came on. */
type Row = { post: Post; page: number };

const STATUS_LABELS: Record<PagedStatus, string> = {
  idle: PREVIEW_MESSAGES.pagingStatusIdle,
  loading: PREVIEW_MESSAGES.pagingStatusLoading,
  error: PREVIEW_MESSAGES.pagingStatusError,
  done: PREVIEW_MESSAGES.pagingStatusDone,
};

/**
 * /pagination-test (SPEC.md §2 lists it among the test pages): the app's one paged list
 * (usePagedList with the list footer, as every feed and list uses them) over the home
 * feed, by page and size, showing its page, count and state; a switch fails the next
 * request (without sending it) to show the error state and its retry.
 */
export function PagingTestView({ size, firstPage }: PagingTestData) {
  const [isReady, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [trigger, setTrigger] = useState<'button' | 'scroll'>('button');
  const [isFailingNext, setFailingNext] = useState(false);
  const failNext = useRef(false);
  const switchId = useId();
  const setFailure = (isOn: boolean) => {
    failNext.current = isOn;
    setFailingNext(isOn);
  };
  const fetchFeed = useFeedPages(postsNoAds, size);
  const fetchPage = useCallback(
    async (page: number): Promise<Row[]> => {
      if (failNext.current) {
        failNext.current = false;
        setFailingNext(false);
        throw new Error(PREVIEW_MESSAGES.pagingSimulatedFailure);
      }
      return (await fetchFeed(page)).map((post) => ({ post, page }));
    },
    [fetchFeed],
  );
  // A new page 1 from the loader (another size) starts the list over.
  const firstRows = useMemo(() => firstPage?.map((post) => ({ post, page: 1 })) ?? null, [firstPage]);
  const list = usePagedList<Row>({
    firstPage: firstRows,
    size,
    fetchPage,
    keyOf: (row) => row.post.pid,
    isEager: firstRows === null,
  });
  const sentinel = useLoadMoreSentinel(trigger === 'scroll' ? list.status : 'done', () => void list.loadMore());

  return (
    <div data-testid="pagination-test" data-ready={isReady} className="mx-auto max-w-2xl px-4 pt-4 pb-10 md:pt-8">
      <h1 className="text-xl font-bold md:text-2xl">{PREVIEW_MESSAGES.pagingHeading}</h1>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{PREVIEW_MESSAGES.pagingIntro}</p>

      <div className="mt-5 space-y-3 rounded-xl bg-gray-50 p-4 text-sm dark:bg-gray-900">
        <Choice label={PREVIEW_MESSAGES.pagingSize}>
          {PAGING_SIZES.map((option) => (
            <Link
              key={option}
              to={`?size=${option}`}
              replace
              aria-current={option === size ? 'true' : undefined}
              data-testid={`paging-size-${option}`}
              className={chipClass(option === size)}
            >
              {option}
            </Link>
          ))}
        </Choice>
        <Choice label={PREVIEW_MESSAGES.pagingTrigger}>
          {(['button', 'scroll'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === trigger}
              data-testid={`paging-trigger-${option}`}
              onClick={() => setTrigger(option)}
              className={chipClass(option === trigger)}
            >
              {option === 'button' ? PREVIEW_MESSAGES.pagingTriggerButton : PREVIEW_MESSAGES.pagingTriggerScroll}
            </button>
          ))}
        </Choice>
        <div className="flex items-center gap-3">
          <Switch
            checked={isFailingNext}
            onCheckedChange={setFailure}
            aria-labelledby={`${switchId}-label`}
            aria-describedby={`${switchId}-hint`}
            data-testid="paging-fail-next"
          />
          <div>
            <p id={`${switchId}-label`}>{PREVIEW_MESSAGES.pagingFailNext}</p>
            <p id={`${switchId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
              {PREVIEW_MESSAGES.pagingFailNextHint}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2 border-t border-gray-200 pt-3 text-center dark:border-gray-800">
          <Figure label={PREVIEW_MESSAGES.pagingPage} value={list.page} testId="paging-page" />
          <Figure label={PREVIEW_MESSAGES.pagingCount} value={list.items.length} testId="paging-count" />
          <Figure label={PREVIEW_MESSAGES.pagingStatus} value={STATUS_LABELS[list.status]} testId="paging-status" />
        </dl>
      </div>

      <ol data-testid="paging-list" className="mt-4 divide-y divide-gray-100 dark:divide-gray-800">
        {list.items.map((row, index) => (
          <li key={row.post.pid} data-testid="paging-row" data-page={row.page} className="flex gap-3 py-2.5">
            <span className="w-7 shrink-0 pt-0.5 text-right text-xs text-gray-400 tabular-nums">{index + 1}</span>
            <Link
              to={`/post/${row.post.pid}`}
              className="min-w-0 flex-1 hover:text-primary-700 dark:hover:text-primary-300"
            >
              <span className="line-clamp-1 text-sm">{row.post.content}</span>
              <span className="text-xs text-gray-500 dark:text-gray-400">{row.post.uname}</span>
            </Link>
            <span className="shrink-0 pt-0.5 text-xs text-gray-500 dark:text-gray-400">
              {formatMessage(PREVIEW_MESSAGES.pagingRowPage, { page: row.page })}
            </span>
          </li>
        ))}
      </ol>
      {list.status === 'done' && list.items.length === 0 ? (
        <p className="py-8 text-center text-sm text-gray-500 dark:text-gray-400">{PREVIEW_MESSAGES.pagingEmpty}</p>
      ) : (
        <ListFooter
          status={list.status}
          onLoadMore={() => void list.loadMore()}
          trigger={trigger}
          data-testid="paging-load-more"
        />
      )}
      <div ref={sentinel} aria-hidden="true" />
    </div>
  );
}

function Choice({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-16 shrink-0 text-gray-500 dark:text-gray-400">{label}</span>
      {children}
    </div>
  );
}

function chipClass(isOn: boolean): string {
  return cn(
    'inline-flex h-8 min-w-10 items-center justify-center rounded-full px-3 ring-1 transition-colors',
    isOn
      ? 'bg-primary-600 font-medium text-white ring-primary-600'
      : 'bg-white text-gray-700 ring-gray-200 hover:bg-gray-100 dark:bg-gray-950 dark:text-gray-200 dark:ring-gray-800 dark:hover:bg-gray-800',
  );
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId: string }) {
  return (
    <div>
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-lg font-semibold tabular-nums">
        {value}
      </dd>
    </div>
  );
}
