import type { Bookmark } from '@evcircle/contract/client';
import { Flame, FolderClosed, Pencil, Trash2 } from 'lucide-react';
import { UserLink } from '~/features/links/index.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { BookmarkIcon } from './bookmark-icon.tsx';
import { displayHost } from './bookmark-view-rules.ts';
import { BOOKMARKS_MESSAGES } from './messages.ts';

type BookmarkRowProps = {
  bookmark: Bookmark;
  /** The link was opened (recorded in 最近访问). */
  onOpen: (bookmark: Bookmark) => void;
  onEdit: (bookmark: Bookmark) => void;
  onDelete: (bookmark: Bookmark) => void;
  /** Admins only: pin the link to 热门链接. */
  onPin?: (bookmark: Bookmark) => void;
};

/** One saved link: icon, title (opens it in a new tab), host, note and folder, with 编辑 and 删除. */
export function BookmarkRow({ bookmark, onOpen, onEdit, onDelete, onPin }: BookmarkRowProps) {
  const title = bookmark.title || displayHost(bookmark.url);
  return (
    <li
      data-testid="bookmark-row"
      data-id={bookmark.id}
      data-url={bookmark.url}
      className="flex items-start gap-3 px-3 py-3 md:px-4"
    >
      <BookmarkIcon url={bookmark.url} favicon={bookmark.favicon} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        {/* Through the interstitial 即将离开车友圈, in a new tab on every device (features/links). */}
        <UserLink
          url={bookmark.url}
          newTab="always"
          onClick={() => onOpen(bookmark)}
          onAuxClick={(event) => {
            if (event.button === 1) onOpen(bookmark);
          }}
          data-testid="bookmark-link"
          className="line-clamp-2 font-medium break-all text-gray-900 hover:text-primary-700 hover:underline dark:text-gray-100 dark:hover:text-primary-400"
        >
          {title}
        </UserLink>
        <p className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-gray-500 dark:text-gray-400">
          <span className="truncate" data-testid="bookmark-host">
            {displayHost(bookmark.url)}
          </span>
          {bookmark.folder ? (
            <span
              data-testid="bookmark-folder-badge"
              className="inline-flex max-w-32 shrink-0 items-center gap-1 rounded bg-gray-100 px-1.5 py-0.5 text-gray-600 dark:bg-gray-800 dark:text-gray-300"
            >
              <FolderClosed aria-hidden="true" className="size-3" />
              <span className="truncate">{bookmark.folder}</span>
            </span>
          ) : null}
        </p>
        {bookmark.note ? (
          <p data-testid="bookmark-note-text" className="mt-1 line-clamp-2 text-sm text-gray-600 dark:text-gray-300">
            {bookmark.note}
          </p>
        ) : null}
      </div>
      <div className="-mr-1 flex shrink-0 items-center">
        {onPin ? (
          <IconButton
            label={BOOKMARKS_MESSAGES.pinHot}
            title={BOOKMARKS_MESSAGES.pinHot}
            onClick={() => onPin(bookmark)}
            data-testid="bookmark-pin"
            className="hover:text-orange-600 dark:hover:text-orange-400"
          >
            <Flame aria-hidden="true" className="size-4" />
          </IconButton>
        ) : null}
        <IconButton
          label={`${BOOKMARKS_MESSAGES.edit}：${title}`}
          title={BOOKMARKS_MESSAGES.edit}
          onClick={() => onEdit(bookmark)}
          data-testid="bookmark-edit"
        >
          <Pencil aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton
          label={`${BOOKMARKS_MESSAGES.delete}：${title}`}
          title={BOOKMARKS_MESSAGES.delete}
          onClick={() => onDelete(bookmark)}
          data-testid="bookmark-delete"
          className="hover:text-red-600 dark:hover:text-red-400"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}
