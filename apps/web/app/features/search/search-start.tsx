import {
  formatMessage,
  type HotWord,
  PAGE_SIZE,
  type Post,
  type SearchHistoryEntry,
  searchHistoryClear,
  searchHistoryDelete,
  searchRecommend,
} from '@evcircle/contract/client';
import { Trash2, X } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { FeedGrid, FeedUnavailable, type ModalPreload } from '~/features/posts/index.ts';
import { useApi } from '~/lib/api.ts';
import { useHistoryEntries } from '~/lib/use-history-entries.ts';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { SEARCH_MESSAGES } from './messages.ts';
import { searchHref } from './search-address.ts';

type SearchStartProps = {
  /** The viewer's history, newest first ([] for visitors: they have none). */
  history: SearchHistoryEntry[];
  hot: HotWord[];
  /** Page 1 of 猜你喜欢; null when it could not be fetched. */
  recommended: Post[] | null;
  postModal: ModalPreload | null;
  imageBase: string;
  /** Changes the history shown here and offered by the input (a word deleted, all cleared). */
  updateHistory: (update: (history: SearchHistoryEntry[]) => SearchHistoryEntry[]) => void;
  /** A history or hot word was followed: it is recorded as searched. */
  onRecord: (word: string) => void;
};

const sectionTitle = 'text-base font-semibold text-gray-900 dark:text-gray-100';

/** /search before typing: the viewer's history, the hot words and 猜你喜欢. */
export function SearchStart({
  history,
  hot,
  recommended,
  postModal,
  imageBase,
  updateHistory,
  onRecord,
}: SearchStartProps) {
  const api = useApi();
  const fetchRecommended = useCallback(
    (idx: number) => api.call(searchRecommend, { idx, size: PAGE_SIZE.recommend }),
    [api],
  );
  return (
    <div className="flex flex-col gap-6 pt-4 md:gap-8 md:pt-6">
      {history.length > 0 || hot.length > 0 ? (
        <div className="mx-auto grid w-full max-w-4xl gap-6 px-2 md:grid-cols-2 md:gap-10">
          {history.length > 0 ? (
            <SearchHistory
              history={history}
              updateHistory={updateHistory}
              onRecord={onRecord}
              className={hot.length > 0 ? undefined : 'md:col-span-2'}
            />
          ) : null}
          {hot.length > 0 ? (
            <HotWords hot={hot} onRecord={onRecord} className={history.length > 0 ? undefined : 'md:col-span-2'} />
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="search-recommend-title">
        <h2 id="search-recommend-title" className={cn(sectionTitle, 'mb-3 px-2 md:px-0')}>
          {SEARCH_MESSAGES.recommend}
        </h2>
        {recommended ? (
          <FeedGrid
            firstPage={recommended}
            pageSize={PAGE_SIZE.recommend}
            imageBase={imageBase}
            fetchPage={fetchRecommended}
            label={SEARCH_MESSAGES.recommend}
            hasPostModal
            modalPreload={postModal}
            data-testid="search-recommend"
          />
        ) : (
          <FeedUnavailable />
        )}
      </section>
    </div>
  );
}

type SearchHistoryProps = Pick<SearchStartProps, 'history' | 'updateHistory' | 'onRecord'> & { className?: string };

/** 搜索历史: the words as links to their search, each with its own ×, and 清空 (asked first). */
function SearchHistory({ history, updateHistory, onRecord, className }: SearchHistoryProps) {
  const api = useApi();
  const { remove, isClearing, askClear, closeClear, confirmClear } = useHistoryEntries({
    updateHistory,
    deleteEntry: (entry) => api.call(searchHistoryDelete, { hid: entry.hid }),
    clearAll: () => api.call(searchHistoryClear, {}),
    newerFirst: (a, b) => b.atime.localeCompare(a.atime) || b.hid - a.hid,
    messages: { deleteFailed: SEARCH_MESSAGES.deleteFailed, clearFailed: SEARCH_MESSAGES.clearFailed },
  });

  return (
    <section aria-labelledby="search-history-title" data-testid="search-history" className={className}>
      <div className="mb-3 flex items-center justify-between">
        <h2 id="search-history-title" className={sectionTitle}>
          {SEARCH_MESSAGES.history}
        </h2>
        <button
          type="button"
          data-testid="search-history-clear"
          onClick={askClear}
          className="-mr-2 inline-flex h-8 items-center gap-1 rounded-full px-2 text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {SEARCH_MESSAGES.clearHistory}
        </button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {history.map((entry) => (
          <li
            key={entry.hid}
            data-testid="search-history-word"
            data-word={entry.word}
            className="flex h-8 max-w-full items-center rounded-full bg-gray-100 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200"
          >
            <Link
              to={searchHref({ word: entry.word, type: 'post' })}
              onClick={() => onRecord(entry.word)}
              className="min-w-0 truncate rounded-l-full py-1 pl-3 hover:text-primary-700 dark:hover:text-primary-400"
            >
              {entry.word}
            </Link>
            <button
              type="button"
              aria-label={formatMessage(SEARCH_MESSAGES.deleteWord, { word: entry.word })}
              data-testid="search-history-delete"
              onClick={() => remove(entry)}
              className="ml-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-gray-400 hover:text-gray-700 dark:text-gray-500 dark:hover:text-gray-200"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <ConfirmSheet
        open={isClearing}
        title={SEARCH_MESSAGES.clearHistoryTitle}
        hint={SEARCH_MESSAGES.clearHistoryHint}
        confirmLabel={SEARCH_MESSAGES.clearHistoryConfirm}
        danger
        data-testid="search-history-clear-sheet"
        onClose={closeClear}
        onConfirm={confirmClear}
      />
    </section>
  );
}

/** 热门搜索: the hot words, ranked, the top three marked. */
function HotWords({
  hot,
  onRecord,
  className,
}: {
  hot: HotWord[];
  onRecord: (word: string) => void;
  className?: string;
}) {
  return (
    <section aria-labelledby="search-hot-title" data-testid="search-hot" className={className}>
      <h2 id="search-hot-title" className={cn(sectionTitle, 'mb-3')}>
        {SEARCH_MESSAGES.hot}
      </h2>
      <ol className="grid grid-cols-2 gap-x-4 gap-y-1">
        {hot.map((entry, i) => (
          <li key={entry.word} className="min-w-0">
            <Link
              to={searchHref({ word: entry.word, type: 'post' })}
              onClick={() => onRecord(entry.word)}
              data-testid="search-hot-word"
              className="flex h-9 items-center gap-2.5 rounded-lg px-1 text-sm text-gray-700 hover:text-primary-700 dark:text-gray-200 dark:hover:text-primary-400"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'w-4 shrink-0 text-center font-semibold tabular-nums',
                  i === 0 && 'text-red-500',
                  i === 1 && 'text-orange-500',
                  i === 2 && 'text-amber-500',
                  i > 2 && 'text-gray-400 dark:text-gray-500',
                )}
              >
                {i + 1}
              </span>
              <span className="min-w-0 truncate">{entry.word}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
