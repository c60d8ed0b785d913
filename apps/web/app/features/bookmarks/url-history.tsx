import { bookmarkClearUrls, bookmarkDeleteUrl, formatMessage, type UrlHistoryEntry } from '@evcircle/contract/client';
import { History, Trash2, X } from 'lucide-react';
import { useApi } from '~/lib/api.ts';
import { useHistoryEntries } from '~/lib/use-history-entries.ts';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { displayHost } from './bookmark-view-rules.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

type UrlHistoryProps = {
  history: UrlHistoryEntry[];
  /** Changes the entries shown (one deleted, all cleared, one put back after a failure). */
  updateHistory: (update: (history: UrlHistoryEntry[]) => UrlHistoryEntry[]) => void;
  /** An entry was tapped: its URL goes into the add box. */
  onFill: (url: string) => void;
  className?: string;
};

/** 最近访问: the links the viewer opened lately; a tap fills the add box, × deletes one, 清空 (asked first) all. */
export function UrlHistory({ history, updateHistory, onFill, className }: UrlHistoryProps) {
  const api = useApi();
  const { remove, isClearing, askClear, closeClear, confirmClear } = useHistoryEntries({
    updateHistory,
    deleteEntry: (entry) => api.call(bookmarkDeleteUrl, { id: entry.hid }),
    clearAll: () => api.call(bookmarkClearUrls, {}),
    newerFirst: (a, b) => b.visitedAt.localeCompare(a.visitedAt) || b.hid - a.hid,
    messages: {
      deleteFailed: BOOKMARKS_MESSAGES.failed,
      clearFailed: BOOKMARKS_MESSAGES.failed,
      cleared: BOOKMARKS_MESSAGES.historyCleared,
    },
  });

  return (
    <section aria-labelledby="bookmark-history-title" data-testid="bookmark-history" className={className}>
      {/* On phones the tab above names the section: only 清空 stays in this row. */}
      <div
        className={cn(
          'mb-2 flex h-8 items-center justify-end md:justify-between',
          history.length === 0 && 'max-md:hidden',
        )}
      >
        <h2 id="bookmark-history-title" className="flex items-center gap-1.5 text-base font-semibold max-md:sr-only">
          <History aria-hidden="true" className="size-4 text-gray-400" />
          {BOOKMARKS_MESSAGES.history}
        </h2>
        {history.length > 0 ? (
          <button
            type="button"
            data-testid="bookmark-history-clear"
            onClick={askClear}
            className="-mr-2 inline-flex h-8 items-center gap-1 rounded-full px-2 text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {BOOKMARKS_MESSAGES.historyClear}
          </button>
        ) : null}
      </div>
      {history.length === 0 ? (
        <p data-testid="bookmark-history-empty" className="py-6 text-center text-sm text-gray-400 dark:text-gray-500">
          {BOOKMARKS_MESSAGES.historyEmpty}
        </p>
      ) : (
        <ul className="-mx-2 flex flex-col">
          {history.map((entry) => (
            <li
              key={entry.hid}
              data-testid="bookmark-history-entry"
              data-url={entry.url}
              className="group flex items-center rounded-lg hover:bg-gray-100 dark:hover:bg-gray-800"
            >
              <button
                type="button"
                aria-label={formatMessage(BOOKMARKS_MESSAGES.historyFill, { url: entry.url })}
                data-testid="bookmark-history-fill"
                onClick={() => onFill(entry.url)}
                className="min-w-0 flex-1 px-2 py-1.5 text-left"
              >
                <span className="block truncate text-sm text-gray-800 dark:text-gray-100">
                  {entry.title || displayHost(entry.url)}
                </span>
                <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{entry.url}</span>
              </button>
              <button
                type="button"
                aria-label={formatMessage(BOOKMARKS_MESSAGES.historyDelete, { url: entry.url })}
                data-testid="bookmark-history-delete"
                onClick={() => remove(entry)}
                className={cn(
                  'mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-gray-400',
                  'hover:bg-gray-200 hover:text-gray-700 dark:text-gray-500 dark:hover:bg-gray-700 dark:hover:text-gray-200',
                )}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmSheet
        open={isClearing}
        title={BOOKMARKS_MESSAGES.historyClearTitle}
        hint={BOOKMARKS_MESSAGES.historyClearHint}
        confirmLabel={BOOKMARKS_MESSAGES.historyClearConfirm}
        danger
        data-testid="bookmark-history-clear-sheet"
        onClose={closeClear}
        onConfirm={confirmClear}
      />
    </section>
  );
}
