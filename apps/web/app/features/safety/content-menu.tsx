import { ApiError, formatMessage, type ReportTarget } from '@evcircle/contract/client';
import { Ban, Ellipsis, Flag, Trash2, UserRoundCheck } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useRequireLogin } from '~/features/auth/login-modal.tsx';
import { useViewer } from '~/features/auth/use-viewer.ts';
import { useIsMobile } from '~/features/layout/use-is-mobile.ts';
import { Sheet } from '~/features/users/sheet.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { ConfirmSheet } from './confirm-sheet.tsx';
import { SAFETY_MESSAGES } from './messages.ts';
import { ReportDialog } from './report-dialog.tsx';
import { useBlock } from './use-block.ts';

export type ContentTarget = {
  type: ReportTarget;
  /** The post, comment or user id. */
  id: number;
  /** Who wrote it (the user themself for a 'user' target). */
  authorId: number;
  authorName: string;
};

export type ContentMenuProps = {
  target: ContentTarget;
  /** The viewer wrote it: the menu offers 删除 instead of 举报 and 拉黑. */
  isMine: boolean;
  /** Deletes it (the caller's API call); asked for after a confirmation. Throwing shows the error. */
  onDelete?: () => Promise<void>;
  /** After a successful delete (e.g. drop it from the list, leave the page). */
  onDeleted?: () => void;
  /** Someone else's content the viewer may still delete (a comment on the viewer's own post). */
  canDelete?: boolean;
  /** After the author was blocked (e.g. hide their content). */
  onBlocked?: () => void;
  /** After the author was unblocked. */
  onUnblocked?: () => void;
  className?: string;
};

type Dialog = 'report' | 'block' | 'delete' | null;

/**
 * The "更多" (…) button of a post, comment or profile. Someone else's: 举报 (the report
 * dialog) and 拉黑 / 取消拉黑 the author, both behind login and the block behind a
 * confirmation. The viewer's own: 删除 behind a confirmation, then `onDelete`. A
 * dropdown on desktop, an action sheet on phones.
 */
export function ContentMenu({
  target,
  isMine,
  onDelete,
  onDeleted,
  canDelete = false,
  onBlocked,
  onUnblocked,
  className,
}: ContentMenuProps) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const isMobile = useIsMobile();
  const toast = useToast();
  const block = useBlock(target.authorId, target.authorName);
  const [isOpen, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);

  const mine = isMine || (viewer !== null && viewer.uid === target.authorId);
  const showDelete = onDelete !== undefined && (mine || canDelete);
  const showOthers = !mine;
  const refreshBlock = block.refresh;

  // Ask for the block state when the menu opens (only someone else's, only logged in).
  useEffect(() => {
    if (isOpen && showOthers && viewer) void refreshBlock();
  }, [isOpen, showOthers, viewer, refreshBlock]);

  function choose(next: Exclude<Dialog, null>) {
    setOpen(false);
    if (next !== 'delete' && !requireLogin(SAFETY_MESSAGES.pleaseLogin)) return;
    setDialog(next);
  }

  const items: MenuItem[] = [];
  if (showOthers) {
    items.push({ key: 'report', label: SAFETY_MESSAGES.report, icon: Flag, onSelect: () => choose('report') });
    items.push(
      block.isBlocked
        ? { key: 'unblock', label: SAFETY_MESSAGES.unblock, icon: UserRoundCheck, onSelect: () => choose('block') }
        : { key: 'block', label: SAFETY_MESSAGES.block, icon: Ban, onSelect: () => choose('block'), danger: true },
    );
  }
  if (showDelete) {
    items.push({
      key: 'delete',
      label: SAFETY_MESSAGES.delete,
      icon: Trash2,
      onSelect: () => choose('delete'),
      danger: true,
    });
  }
  if (items.length === 0) return null;

  const label = formatMessage(SAFETY_MESSAGES.moreFor, { name: target.authorName });
  const deleteTitle = SAFETY_MESSAGES.deleteTitle[target.type];

  return (
    // Menus sit inside clickable cards: keep their clicks from opening the card.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from bubbling
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from bubbling
    <div className={cn('relative', className)} onClick={stop} data-testid="content-menu">
      {isMobile ? (
        <>
          <MoreButton label={label} expanded={isOpen} onClick={() => setOpen(true)} />
          {isOpen ? (
            <Sheet open onClose={() => setOpen(false)} title={target.authorName} data-testid="content-menu-sheet">
              <ul className="p-2">
                {items.map((item) => (
                  <li key={item.key}>
                    <button
                      type="button"
                      data-testid={`content-menu-${item.key}`}
                      onClick={item.onSelect}
                      className={cn(SHEET_ITEM, item.danger && 'text-red-600 dark:text-red-400')}
                    >
                      <item.icon aria-hidden="true" className="size-5" />
                      {item.label}
                    </button>
                  </li>
                ))}
              </ul>
            </Sheet>
          ) : null}
        </>
      ) : (
        <Dropdown label={label} isOpen={isOpen} setOpen={setOpen} items={items} />
      )}

      {/* Mounted only while in use: a long comment list keeps one small button per row. */}
      {dialog === 'report' ? (
        <ReportDialog
          subject={{ type: target.type, id: target.id, name: target.authorName }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'block' ? (
        <ConfirmSheet
          open
          title={formatMessage(block.isBlocked ? SAFETY_MESSAGES.unblockTitle : SAFETY_MESSAGES.blockTitle, {
            name: target.authorName,
          })}
          hint={block.isBlocked ? SAFETY_MESSAGES.unblockHint : SAFETY_MESSAGES.blockHint}
          confirmLabel={block.isBlocked ? SAFETY_MESSAGES.unblock : SAFETY_MESSAGES.block}
          danger={!block.isBlocked}
          onClose={() => setDialog(null)}
          data-testid="block-confirm"
          onConfirm={async () => {
            const now = await block.toggle();
            if (now === null) return;
            setDialog(null);
            if (now) onBlocked?.();
            else onUnblocked?.();
          }}
        />
      ) : null}
      {showDelete && dialog === 'delete' ? (
        <ConfirmSheet
          open
          title={deleteTitle}
          hint={SAFETY_MESSAGES.deleteHint}
          confirmLabel={SAFETY_MESSAGES.delete}
          danger
          onClose={() => setDialog(null)}
          data-testid="delete-confirm"
          onConfirm={async () => {
            try {
              await onDelete?.();
            } catch (error) {
              toast.show(error instanceof ApiError ? error.message : SAFETY_MESSAGES.failed, { tone: 'error' });
              return;
            }
            setDialog(null);
            toast.show(SAFETY_MESSAGES.deleted, { tone: 'success' });
            onDeleted?.();
          }}
        />
      ) : null}
    </div>
  );
}

type MenuItem = {
  key: 'report' | 'block' | 'unblock' | 'delete';
  label: string;
  icon: typeof Flag;
  onSelect: () => void;
  danger?: boolean;
};

function stop(event: MouseEvent) {
  event.stopPropagation();
}

const SHEET_ITEM =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3.5 text-left text-base text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800';

const MENU_ITEM =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-gray-700 outline-none hover:bg-gray-100 focus-visible:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800';

function MoreButton({
  label,
  expanded,
  onClick,
  controls,
  buttonRef,
  onKeyDown,
}: {
  label: string;
  expanded: boolean;
  onClick: () => void;
  controls?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title={SAFETY_MESSAGES.more}
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-controls={controls}
      data-testid="content-menu-button"
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
      onKeyDown={onKeyDown}
      className="inline-flex size-9 items-center justify-center rounded-full text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
    >
      <Ellipsis aria-hidden="true" className="size-5" />
    </button>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

function Dropdown({
  label,
  isOpen,
  setOpen,
  items,
}: {
  label: string;
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  items: MenuItem[];
}): ReactNode {
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // Closes on a click outside; focuses the first item when it opens.
  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    requestAnimationFrame(() => menuItems(menuRef.current)[0]?.focus());
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [isOpen, setOpen]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems(menuRef.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(index + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <>
      <MoreButton
        label={label}
        expanded={isOpen}
        controls={isOpen ? menuId : undefined}
        buttonRef={buttonRef}
        onClick={() => setOpen(!isOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      />
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          data-testid="content-menu-list"
          className="absolute top-full right-0 z-40 mt-1 w-40 rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg dark:border-gray-800 dark:bg-gray-900"
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid={`content-menu-${item.key}`}
              onClick={item.onSelect}
              className={cn(MENU_ITEM, item.danger && 'text-red-600 dark:text-red-400')}
            >
              <item.icon aria-hidden="true" className="size-4" />
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
