import {
  ApiError,
  type Bookmark,
  bookmarkAddUrl,
  bookmarkDelete,
  bookmarkFolders,
  bookmarkHotUrls,
  bookmarkList,
  bookmarkSave,
  bookmarkSetHot,
  formatMessage,
  type HotUrl,
  PAGE_SIZE,
  type UrlHistoryEntry,
} from '@evcircle/contract/client';
import { BookmarkX, Search, X } from 'lucide-react';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useViewer } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AddLinkForm } from './add-link-form.tsx';
import { BookmarkRow } from './bookmark-row.tsx';
import { listKey } from './bookmark-view-rules.ts';
import { EditSheet } from './edit-sheet.tsx';
import { fieldClass } from './fields.tsx';
import { BOOKMARKS_MESSAGES } from './messages.ts';
import { UrlHistory } from './url-history.tsx';

/**
 * 热门链接 loads apart from the page (the reader's own links come first); the server renders
 * it in place (lazyComponent), and its props stay the same across renders.
 */
const HotLinks = lazyComponent(() => import('./hot-links.tsx').then((module) => module.HotLinks));

/** Items a page of the list holds (SPEC.md §9: bookmarks 20). */
const SIZE = PAGE_SIZE.bookmarks;
/** How long 撤销 stays on offer after a delete (ms). */
const UNDO_MS = 6000;
/** Entries the history keeps at most (BOOKMARK_HISTORY_LIMIT). */
const HISTORY_MAX = 50;

export type FolderCount = { folder: string; count: number };

export type BookmarksPageProps = {
  /** Page 1 of 全部, as the loader fetched it. */
  firstPage: Bookmark[];
  total: number;
  folders: FolderCount[];
  history: UrlHistoryEntry[];
  hot: HotUrl[];
};

type SideTab = 'hot' | 'history';

const SIDE_CARD = 'rounded-2xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800';

/**
 * /bookmarks: 收藏链接 (paste, title and icon read), the folder chips and the search over
 * one's bookmarks, the list (20 a page) with 编辑 and 删除 (with 撤销); beside it on a
 * desktop, under it as two tabs on a phone, 热门链接 and 最近访问.
 */
export function BookmarksPage({
  firstPage,
  total: firstTotal,
  folders: firstFolders,
  history: firstHistory,
  hot: firstHot,
}: BookmarksPageProps) {
  const api = useApi();
  const toast = useToast();
  const viewer = useViewer();
  const isAdmin = viewer?.role === 'admin';
  const [addText, setAddText] = useState('');
  const [folders, setFolders] = useState(firstFolders);
  const [history, setHistory] = useState(firstHistory);
  const [hot, setHot] = useState(firstHot);
  const [folder, setFolder] = useState('');
  const [word, setWord] = useState('');
  const [draftWord, setDraftWord] = useState('');
  const [total, setTotal] = useState(firstTotal);
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const [sideTab, setSideTab] = useState<SideTab>('hot');
  const addBox = useRef<HTMLDivElement>(null);

  const key = listKey(folder, word);
  const list = usePagedList({
    // The loader's page 1 of 全部; another folder or word fetches its own (resetKey).
    firstPage,
    size: SIZE,
    fetchPage: async (page) => {
      const answer = await api.call(bookmarkList, { page, size: SIZE, folder, word });
      if (page === 1) setTotal(answer.total);
      return answer.items;
    },
    keyOf: (bookmark) => bookmark.id,
    resetKey: key,
  });
  const { refresh, updateItems } = list;

  const folderNames = useMemo(() => folders.map((f) => f.folder).filter(Boolean), [folders]);
  const allCount = folders.reduce((sum, f) => sum + f.count, 0);

  const refreshFolders = useCallback(() => {
    api.call(bookmarkFolders, {}).then(setFolders, () => {
      // The chips keep their last counts; the list itself is right.
    });
  }, [api]);
  const refreshHot = useCallback(() => {
    api.call(bookmarkHotUrls, {}).then(setHot, () => {});
  }, [api]);

  /** A bookmark was added or changed elsewhere (the form, 一键收藏, 撤销): the list and the chips start over. */
  const afterSave = useCallback(() => {
    refresh().catch(() => {});
    refreshFolders();
  }, [refresh, refreshFolders]);

  const recordOpen = useCallback(
    (url: string, title: string) => {
      api.call(bookmarkAddUrl, { url, title }).then(
        (entry) =>
          setHistory((all) =>
            [entry, ...all.filter((e) => e.hid !== entry.hid && e.url !== entry.url)].slice(0, HISTORY_MAX),
          ),
        () => {
          // Opening the link is what mattered; the history misses one entry.
        },
      );
    },
    [api],
  );

  async function remove(bookmark: Bookmark) {
    try {
      await api.call(bookmarkDelete, { id: bookmark.id });
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : BOOKMARKS_MESSAGES.failed, { tone: 'error' });
      return;
    }
    updateItems((items) => items.filter((b) => b.id !== bookmark.id));
    setTotal((n) => Math.max(0, n - 1));
    refreshFolders();
    toast.show(BOOKMARKS_MESSAGES.deleted, {
      duration: UNDO_MS,
      action: { label: BOOKMARKS_MESSAGES.undo, onClick: () => void restore(bookmark) },
    });
  }

  async function restore(bookmark: Bookmark) {
    try {
      await api.call(bookmarkSave, {
        url: bookmark.url,
        title: bookmark.title,
        favicon: bookmark.favicon,
        note: bookmark.note,
        folder: bookmark.folder,
      });
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : BOOKMARKS_MESSAGES.failed, { tone: 'error' });
      return;
    }
    toast.show(BOOKMARKS_MESSAGES.restored, { tone: 'success' });
    afterSave();
  }

  async function pin(bookmark: Bookmark) {
    try {
      await api.call(bookmarkSetHot, { url: bookmark.url, hot: true, title: bookmark.title });
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : BOOKMARKS_MESSAGES.failed, { tone: 'error' });
      return;
    }
    toast.show(BOOKMARKS_MESSAGES.pinned, { tone: 'success' });
    refreshHot();
  }

  const setPinned = useCallback(
    async (link: HotUrl, pinned: boolean) => {
      await api.call(bookmarkSetHot, { url: link.url, hot: pinned, title: link.title });
      toast.show(pinned ? BOOKMARKS_MESSAGES.pinned : BOOKMARKS_MESSAGES.unpinned, { tone: 'success' });
      refreshHot();
    },
    [api, toast, refreshHot],
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setWord(draftWord.trim());
  };

  const hotSection = (
    <HotLinks hot={hot} onOpen={recordOpen} onSaved={afterSave} onSetPinned={isAdmin ? setPinned : undefined} />
  );
  const historySection = (
    <UrlHistory
      history={history}
      updateHistory={setHistory}
      onFill={(url) => {
        setAddText(url);
        addBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        addBox.current?.querySelector<HTMLInputElement>('input[type="url"]')?.focus({ preventScroll: true });
      }}
    />
  );

  const isFiltered = folder !== '' || word !== '';
  const emptyText =
    word !== ''
      ? formatMessage(BOOKMARKS_MESSAGES.emptySearch, { word })
      : folder !== ''
        ? BOOKMARKS_MESSAGES.emptyFolder
        : BOOKMARKS_MESSAGES.empty;

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_300px] md:items-start md:gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <div className="flex min-w-0 flex-col gap-4">
        <div ref={addBox} className="scroll-mt-20">
          <AddLinkForm text={addText} onTextChange={setAddText} folders={folderNames} onSaved={afterSave} />
        </div>

        <section
          aria-label={BOOKMARKS_MESSAGES.heading}
          className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
        >
          <div className="flex flex-col gap-3 border-b border-gray-100 p-3 md:p-4 dark:border-gray-800">
            <form onSubmit={search} className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
              />
              <input
                type="search"
                value={draftWord}
                onChange={(event) => {
                  setDraftWord(event.target.value);
                  // Emptying the box shows everything again at once.
                  if (event.target.value.trim() === '' && word !== '') setWord('');
                }}
                maxLength={60}
                placeholder={BOOKMARKS_MESSAGES.searchPlaceholder}
                aria-label={BOOKMARKS_MESSAGES.search}
                enterKeyHint="search"
                data-testid="bookmark-search"
                className={cn(fieldClass, 'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden')}
              />
              {draftWord ? (
                <button
                  type="button"
                  aria-label={BOOKMARKS_MESSAGES.clearSearch}
                  onClick={() => {
                    setDraftWord('');
                    setWord('');
                  }}
                  className="absolute top-1/2 right-1.5 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-gray-400 hover:bg-gray-100 hover:text-gray-700 dark:hover:bg-gray-800 dark:hover:text-gray-200"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              ) : null}
            </form>
            <nav
              aria-label={BOOKMARKS_MESSAGES.folderLabel}
              className="-mx-3 flex gap-2 overflow-x-auto px-3 md:mx-0 md:flex-wrap md:px-0"
            >
              <FolderChip
                label={BOOKMARKS_MESSAGES.all}
                count={allCount}
                isActive={folder === ''}
                onClick={() => setFolder('')}
                testId="bookmark-folder-all"
              />
              {folders
                .filter((f) => f.folder !== '')
                .map((f) => (
                  <FolderChip
                    key={f.folder}
                    label={f.folder}
                    count={f.count}
                    isActive={folder === f.folder}
                    onClick={() => setFolder(f.folder)}
                    testId="bookmark-folder-chip"
                  />
                ))}
            </nav>
            {isFiltered && list.status !== 'loading' ? (
              <p data-testid="bookmark-total" className="text-xs text-gray-500 dark:text-gray-400">
                {formatMessage(BOOKMARKS_MESSAGES.total, { total })}
              </p>
            ) : null}
          </div>

          {list.items.length === 0 && list.status === 'done' ? (
            <div data-testid="bookmark-empty" className="flex flex-col items-center px-6 py-14 text-center">
              <BookmarkX aria-hidden="true" className="size-11 text-gray-300 dark:text-gray-600" />
              <p className="mt-3 font-medium">{emptyText}</p>
              {isFiltered ? null : (
                <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{BOOKMARKS_MESSAGES.emptyHint}</p>
              )}
            </div>
          ) : (
            <ul data-testid="bookmark-list" className="divide-y divide-gray-100 dark:divide-gray-800">
              {list.items.map((bookmark) => (
                <BookmarkRow
                  key={bookmark.id}
                  bookmark={bookmark}
                  onOpen={(b) => recordOpen(b.url, b.title)}
                  onEdit={setEditing}
                  onDelete={(b) => void remove(b)}
                  onPin={isAdmin ? (b) => void pin(b) : undefined}
                />
              ))}
            </ul>
          )}
          {list.items.length > 0 || list.status === 'loading' || list.status === 'error' ? (
            <ListFooter
              status={list.status}
              onLoadMore={list.loadMore}
              trigger="button"
              data-testid="bookmark-more"
              messages={{ loadMore: BOOKMARKS_MESSAGES.loadMore }}
            />
          ) : null}
        </section>
      </div>

      <aside className="flex min-w-0 flex-col gap-4 md:sticky md:top-20">
        <div
          role="tablist"
          aria-label={BOOKMARKS_MESSAGES.sections}
          className="flex rounded-full bg-gray-100 p-1 md:hidden dark:bg-gray-800"
        >
          {(['hot', 'history'] as const).map((tab) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={sideTab === tab}
              data-testid={`bookmark-tab-${tab}`}
              onClick={() => setSideTab(tab)}
              className={cn(
                'h-8 flex-1 rounded-full text-sm font-medium transition-colors',
                sideTab === tab
                  ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                  : 'text-gray-500 dark:text-gray-400',
              )}
            >
              {tab === 'hot' ? BOOKMARKS_MESSAGES.hot : BOOKMARKS_MESSAGES.history}
            </button>
          ))}
        </div>
        <div className={cn(SIDE_CARD, sideTab !== 'hot' && 'max-md:hidden')}>{hotSection}</div>
        <div className={cn(SIDE_CARD, sideTab !== 'history' && 'max-md:hidden')}>{historySection}</div>
      </aside>

      <EditSheet
        bookmark={editing}
        folders={folderNames}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          toast.show(BOOKMARKS_MESSAGES.editSaved, { tone: 'success' });
          // Moved out of the folder shown: it leaves this list.
          updateItems((items) =>
            folder !== '' && saved.folder !== folder
              ? items.filter((b) => b.id !== saved.id)
              : items.map((b) => (b.id === saved.id ? saved : b)),
          );
          refreshFolders();
        }}
      />
    </div>
  );
}

type FolderChipProps = { label: string; count: number; isActive: boolean; onClick: () => void; testId: string };

function FolderChip({ label, count, isActive, onClick, testId }: FolderChipProps) {
  return (
    <button
      type="button"
      aria-pressed={isActive}
      data-testid={testId}
      data-folder={label}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm whitespace-nowrap transition-colors',
        isActive
          ? 'bg-primary-600 text-white'
          : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700',
      )}
    >
      <span className="max-w-32 truncate">{label}</span>
      <span className={cn('text-xs tabular-nums', isActive ? 'text-white/80' : 'text-gray-400')}>{count}</span>
    </button>
  );
}
