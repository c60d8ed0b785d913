import { ApiError, type Bookmark, bookmarkSave, formatMessage, type HotUrl } from '@evcircle/contract/client';
import { BookmarkPlus, Flame, Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { UserLink } from '~/features/links/index.ts';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { BookmarkIcon } from './bookmark-icon.tsx';
import { displayHost } from './bookmark-view-rules.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

type HotLinksProps = {
  hot: HotUrl[];
  /** The link was opened (recorded in 最近访问). */
  onOpen: (url: string, title: string) => void;
  /** After 一键收藏. */
  onSaved: (bookmark: Bookmark, created: boolean) => void;
  /** Admins only: pin (true) or unpin a link. */
  onSetPinned?: (link: HotUrl, pinned: boolean) => Promise<void>;
  className?: string;
};

/** 热门链接: links many people saved lately (how many, never who), pinned ones first and marked; 一键收藏. */
export function HotLinks({ hot, onOpen, onSaved, onSetPinned, className }: HotLinksProps) {
  const api = useApi();
  const toast = useToast();
  const [busyUrl, setBusyUrl] = useState<string | null>(null);

  async function run(url: string, action: () => Promise<void>) {
    if (busyUrl) return;
    setBusyUrl(url);
    try {
      await action();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : BOOKMARKS_MESSAGES.failed, { tone: 'error' });
    } finally {
      setBusyUrl(null);
    }
  }

  const save = (link: HotUrl) =>
    run(link.url, async () => {
      const result = await api.call(bookmarkSave, { url: link.url, title: link.title, favicon: link.favicon });
      toast.show(result.created ? BOOKMARKS_MESSAGES.saved : BOOKMARKS_MESSAGES.updated, { tone: 'success' });
      onSaved(result.bookmark, result.created);
    });

  return (
    // On phones the tab above names the section (its heading is for screen readers only).
    <section aria-labelledby="bookmark-hot-title" data-testid="bookmark-hot" className={className}>
      <h2 id="bookmark-hot-title" className="mb-2 flex h-8 items-center gap-1.5 text-base font-semibold max-md:sr-only">
        <Flame aria-hidden="true" className="size-4 text-orange-500" />
        {BOOKMARKS_MESSAGES.hot}
      </h2>
      {hot.length === 0 ? (
        <p data-testid="bookmark-hot-empty" className="py-6 text-center text-sm text-gray-400 dark:text-gray-500">
          {BOOKMARKS_MESSAGES.hotEmpty}
        </p>
      ) : (
        <ol className="-mx-2 flex flex-col">
          {hot.map((link) => {
            const title = link.title || displayHost(link.url);
            const isBusy = busyUrl === link.url;
            return (
              <li
                key={link.url}
                data-testid="bookmark-hot-link"
                data-url={link.url}
                data-pinned={link.pinned ? 'true' : 'false'}
                className="flex items-center gap-2.5 rounded-lg px-2 py-1.5 hover:bg-gray-50 dark:hover:bg-gray-800/60"
              >
                <BookmarkIcon url={link.url} favicon={link.favicon} className="size-8" />
                <div className="min-w-0 flex-1">
                  <UserLink
                    url={link.url}
                    newTab="always"
                    onClick={() => onOpen(link.url, link.title)}
                    className="block truncate text-sm font-medium text-gray-900 hover:text-primary-700 hover:underline dark:text-gray-100 dark:hover:text-primary-400"
                  >
                    {title}
                  </UserLink>
                  <p className="flex items-center gap-1.5 text-xs text-gray-500 dark:text-gray-400">
                    {link.pinned ? (
                      <span
                        data-testid="bookmark-hot-pinned"
                        className="inline-flex items-center gap-0.5 rounded bg-orange-50 px-1 text-orange-700 dark:bg-orange-950/60 dark:text-orange-300"
                      >
                        <Pin aria-hidden="true" className="size-3" />
                        {BOOKMARKS_MESSAGES.pinnedMark}
                      </span>
                    ) : null}
                    <span data-testid="bookmark-hot-savers">
                      {formatMessage(BOOKMARKS_MESSAGES.savers, { count: link.savers })}
                    </span>
                  </p>
                </div>
                {onSetPinned ? (
                  <IconButton
                    label={`${link.pinned ? BOOKMARKS_MESSAGES.unpin : BOOKMARKS_MESSAGES.pin}：${title}`}
                    title={link.pinned ? BOOKMARKS_MESSAGES.unpin : BOOKMARKS_MESSAGES.pin}
                    disabled={isBusy}
                    data-testid="bookmark-hot-pin"
                    onClick={() => void run(link.url, () => onSetPinned(link, !link.pinned))}
                    className="size-8"
                  >
                    {link.pinned ? (
                      <PinOff aria-hidden="true" className="size-4" />
                    ) : (
                      <Pin aria-hidden="true" className="size-4" />
                    )}
                  </IconButton>
                ) : null}
                <button
                  type="button"
                  aria-label={formatMessage(BOOKMARKS_MESSAGES.quickSaveFor, { title })}
                  disabled={isBusy}
                  data-testid="bookmark-hot-save"
                  onClick={() => void save(link)}
                  className={cn(
                    'inline-flex h-7 shrink-0 items-center gap-1 rounded-full bg-primary-50 px-2.5 text-xs font-medium text-primary-700',
                    'hover:bg-primary-100 disabled:opacity-60 dark:bg-primary-950/60 dark:text-primary-300 dark:hover:bg-primary-900',
                  )}
                >
                  <BookmarkPlus aria-hidden="true" className="size-3.5" />
                  {BOOKMARKS_MESSAGES.quickSave}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
