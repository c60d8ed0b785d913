import {
  ApiError,
  type Draft,
  draftCount,
  draftDelete,
  draftPager,
  formatMessage,
  PAGE_SIZE,
  type PostTheme,
  resizedImageUrl,
} from '@evcircle/contract/client';
import { ChevronLeft, ChevronRight, FileText, Play, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { useToast } from '~/ui/toast.tsx';
import { firstLine, formatSavedTime } from './format-saved-time.ts';
import { DRAFTS_MESSAGES } from './messages.ts';

const SIZE = PAGE_SIZE.drafts;

type DraftsSheetProps = {
  open: boolean;
  onClose: () => void;
  /** The draft open in the composer, marked 编辑中. */
  currentDid: number | null;
  /** The number of drafts, as the composer's 草稿箱 entry shows it. */
  count: number | null;
  onCountChange: (count: number) => void;
  onOpenDraft: (draft: Draft) => void;
  onDeleted: (did: number) => void;
  imageBase: string;
  /** The name of each post theme, as the composer's picker shows it. */
  themeLabels: Record<PostTheme, string>;
};

/** The viewer's drafts (草稿箱), 9 a page, last saved first: open one to resume it, or delete it. */
export function DraftsSheet({ open, onClose, count, ...listProps }: DraftsSheetProps) {
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={count === null ? DRAFTS_MESSAGES.title : formatMessage(DRAFTS_MESSAGES.titleWithCount, { count })}
      className="md:max-w-lg"
      data-testid="drafts-sheet"
    >
      <DraftsList {...listProps} />
    </Sheet>
  );
}

type ListState =
  | { status: 'loading'; items: Draft[] }
  | { status: 'error'; items: Draft[] }
  | { status: 'ok'; items: Draft[]; total: number };

function DraftsList({
  currentDid,
  onCountChange,
  onOpenDraft,
  onDeleted,
  imageBase,
  themeLabels,
}: Omit<DraftsSheetProps, 'open' | 'onClose' | 'count'>) {
  const api = useApi();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ status: 'loading', items: [] });
  const [confirmingDid, setConfirmingDid] = useState<number | null>(null);
  const [deletingDid, setDeletingDid] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);

  const load = useCallback(
    async (wanted: number, isCancelled: () => boolean) => {
      setList((current) => ({ status: 'loading', items: current.items }));
      try {
        const [items, { count }] = await Promise.all([
          api.call(draftPager, { idx: wanted, size: SIZE }),
          api.call(draftCount, {}),
        ]);
        if (isCancelled()) return;
        // The page emptied under us (drafts deleted or published elsewhere): show the last one there is.
        const lastPage = Math.max(1, Math.ceil(count / SIZE));
        if (items.length === 0 && wanted > lastPage) {
          setPage(lastPage);
          return;
        }
        setList({ status: 'ok', items, total: count });
        onCountChange(count);
      } catch {
        if (!isCancelled()) setList((current) => ({ status: 'error', items: current.items }));
      }
    },
    [api, onCountChange],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the same page again
  useEffect(() => {
    let isCancelled = false;
    void load(page, () => isCancelled);
    return () => {
      isCancelled = true;
    };
  }, [load, page, reloads]);

  async function remove(did: number) {
    setDeletingDid(did);
    try {
      await api.call(draftDelete, { did });
      toast.show(DRAFTS_MESSAGES.deleted, { tone: 'success' });
      setConfirmingDid(null);
      onDeleted(did);
      if (list.items.length === 1 && page > 1) setPage(page - 1);
      else setReloads((n) => n + 1);
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : DRAFTS_MESSAGES.deleteFailed, { tone: 'error' });
    } finally {
      setDeletingDid(null);
    }
  }

  if (list.status === 'error' && list.items.length === 0) {
    return (
      <div role="alert" className="px-4 py-14 text-center text-sm text-gray-500 dark:text-gray-400">
        <p>{DRAFTS_MESSAGES.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => setReloads((n) => n + 1)}>
          {DRAFTS_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  if (list.status === 'loading' && list.items.length === 0) return <DraftSkeletons />;
  if (list.status === 'ok' && list.items.length === 0) {
    return (
      <div data-testid="drafts-empty" className="px-6 py-14 text-center">
        <FileText aria-hidden="true" className="mx-auto size-10 text-gray-300 dark:text-gray-600" />
        <p className="mt-3 text-sm font-medium">{DRAFTS_MESSAGES.empty}</p>
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">{DRAFTS_MESSAGES.emptyHint}</p>
      </div>
    );
  }

  const pages = list.status === 'ok' ? Math.max(1, Math.ceil(list.total / SIZE)) : null;
  return (
    <div aria-busy={list.status === 'loading'}>
      {list.status === 'error' ? (
        <p role="alert" className="bg-red-50 px-4 py-2 text-xs text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {DRAFTS_MESSAGES.loadFailed}
        </p>
      ) : null}
      <ul
        data-testid="drafts-list"
        className={cn(
          'divide-y divide-gray-100 dark:divide-gray-800',
          list.status === 'loading' && 'opacity-60 transition-opacity',
        )}
      >
        {list.items.map((draft) => (
          <DraftRow
            key={draft.did}
            draft={draft}
            imageBase={imageBase}
            themeLabels={themeLabels}
            isCurrent={draft.did === currentDid}
            isConfirming={confirmingDid === draft.did}
            isDeleting={deletingDid === draft.did}
            onOpen={() => onOpenDraft(draft)}
            onAskDelete={() => setConfirmingDid(draft.did)}
            onCancelDelete={() => setConfirmingDid(null)}
            onDelete={() => void remove(draft.did)}
          />
        ))}
      </ul>
      {pages !== null && pages > 1 ? (
        <nav
          aria-label={DRAFTS_MESSAGES.title}
          className="flex items-center justify-between border-t border-gray-100 px-4 py-3 text-sm dark:border-gray-800"
        >
          <Button
            variant="ghost"
            size="sm"
            disabled={page <= 1 || list.status === 'loading'}
            onClick={() => setPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {DRAFTS_MESSAGES.previous}
          </Button>
          <span data-testid="drafts-page" className="text-gray-500 tabular-nums dark:text-gray-400">
            {formatMessage(DRAFTS_MESSAGES.pageOf, { page, pages })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= pages || list.status === 'loading'}
            onClick={() => setPage(page + 1)}
          >
            {DRAFTS_MESSAGES.next}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

type DraftRowProps = {
  draft: Draft;
  imageBase: string;
  themeLabels: Record<PostTheme, string>;
  isCurrent: boolean;
  isConfirming: boolean;
  isDeleting: boolean;
  onOpen: () => void;
  onAskDelete: () => void;
  onCancelDelete: () => void;
  onDelete: () => void;
};

function DraftRow({
  draft,
  imageBase,
  themeLabels,
  isCurrent,
  isConfirming,
  isDeleting,
  onOpen,
  onAskDelete,
  onCancelDelete,
  onDelete,
}: DraftRowProps) {
  const title = firstLine(draft.content);
  const shownTitle = title || DRAFTS_MESSAGES.noText;
  const cover = draft.imgsrc ? resizedImageUrl(draft.imgsrc, imageBase) : '';
  const media = draft.viosrc
    ? DRAFTS_MESSAGES.video
    : draft.imgpack.length > 0
      ? formatMessage(DRAFTS_MESSAGES.images, { count: draft.imgpack.length })
      : null;

  return (
    <li data-testid="draft-row" data-did={draft.did} className="px-4 py-3">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={onOpen}
          aria-label={formatMessage(DRAFTS_MESSAGES.openDraft, { title: shownTitle })}
          className="-m-1 flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-gray-800/60"
        >
          <span className="relative flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
            {cover ? (
              <img src={cover} alt="" loading="lazy" className="size-full object-cover" />
            ) : (
              <FileText aria-hidden="true" className="size-6 text-gray-400 dark:text-gray-500" />
            )}
            {draft.viosrc ? (
              <Play
                aria-hidden="true"
                className="absolute size-5 fill-white text-white drop-shadow-[0_1px_2px_rgba(0,0,0,0.6)]"
              />
            ) : null}
          </span>
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2">
              <span
                data-testid="draft-title"
                className={cn('truncate text-sm font-medium', !title && 'font-normal text-gray-400 dark:text-gray-500')}
              >
                {shownTitle}
              </span>
              {isCurrent ? (
                <span className="shrink-0 rounded bg-primary-50 px-1.5 py-0.5 text-[11px] text-primary-700 dark:bg-primary-950 dark:text-primary-300">
                  {DRAFTS_MESSAGES.editing}
                </span>
              ) : null}
            </span>
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-gray-500 dark:text-gray-400">
              <span
                data-testid="draft-theme"
                className={cn(
                  'rounded px-1.5 py-px',
                  draft.type
                    ? 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300'
                    : 'text-gray-400 dark:text-gray-500',
                )}
              >
                {draft.type ? themeLabels[draft.type] : DRAFTS_MESSAGES.noTheme}
              </span>
              {media ? <span>{media}</span> : null}
              <time dateTime={draft.utime}>
                {formatMessage(DRAFTS_MESSAGES.savedAt, { time: formatSavedTime(draft.utime) })}
              </time>
            </span>
          </span>
        </button>
        <button
          type="button"
          onClick={onAskDelete}
          aria-label={formatMessage(DRAFTS_MESSAGES.deleteDraft, { title: shownTitle })}
          aria-expanded={isConfirming}
          className="shrink-0 rounded-full p-2 text-gray-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-primary-500 dark:text-gray-500 dark:hover:bg-red-950/50 dark:hover:text-red-400"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      {isConfirming ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-red-50 px-3 py-2 dark:bg-red-950/40">
          <span className="text-xs text-red-800 dark:text-red-200">{DRAFTS_MESSAGES.deleteConfirm}</span>
          <span className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={onCancelDelete} disabled={isDeleting}>
              {DRAFTS_MESSAGES.deleteCancel}
            </Button>
            <Button
              size="sm"
              data-testid="draft-delete-confirm"
              className="bg-red-600 hover:bg-red-700 disabled:bg-red-300 dark:disabled:bg-red-950"
              disabled={isDeleting}
              onClick={onDelete}
            >
              {isDeleting ? DRAFTS_MESSAGES.deleting : DRAFTS_MESSAGES.deleteOk}
            </Button>
          </span>
        </div>
      ) : null}
    </li>
  );
}

function DraftSkeletons() {
  return (
    <ul aria-hidden="true" className="divide-y divide-gray-100 dark:divide-gray-800">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} data-testid="draft-skeleton" className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-14 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
        </li>
      ))}
    </ul>
  );
}
