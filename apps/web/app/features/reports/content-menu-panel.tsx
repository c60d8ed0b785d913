import { ApiError, formatMessage } from '@evcircle/contract/client';
import { Ban, Flag, Trash2, UserRoundCheck } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useRequireLogin, useViewer } from '~/features/auth/index.ts';
import { RELATIONS_MESSAGES, useBlock } from '~/features/relations/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheetPanel } from '~/ui/confirm-sheet-panel.tsx';
import { Menu, MenuItem } from '~/ui/menu.tsx';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import type { ContentMenuProps } from './content-menu.tsx';
import { REPORTS_MESSAGES } from './messages.ts';
import { MoreButton, stopClick } from './more-button.tsx';

/** The report form loads when 举报 is chosen. */
const ReportDialog = lazyComponent(() => import('./report-dialog.tsx').then((module) => module.ReportDialog));

type Dialog = 'report' | 'block' | 'delete' | null;

/**
 * The "更多" (…) menu once its button was first pressed (content-menu.tsx): it mounts
 * open. Someone else's: 举报 (the report dialog) and 拉黑 / 取消拉黑 the author, both
 * behind login and the block behind a confirmation. The viewer's own: 删除 behind a
 * confirmation, then `onDelete`. A dropdown on desktop, an action sheet on phones.
 */
export function ContentMenuPanel({
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
  const [isOpen, setOpen] = useState(true);
  const root = useRef<HTMLDivElement>(null);

  // This button replaced the one just pressed: it takes the focus, which the menu and
  // the sheet hand back to it when they close.
  useLayoutEffect(() => {
    root.current?.querySelector('button')?.focus();
  }, []);
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
    if (next !== 'delete' && !requireLogin(REPORTS_MESSAGES.pleaseLogin)) return;
    setDialog(next);
  }

  const items: MenuAction[] = [];
  if (showOthers) {
    items.push({ key: 'report', label: REPORTS_MESSAGES.report, icon: Flag, onSelect: () => choose('report') });
    items.push(
      block.isBlocked
        ? { key: 'unblock', label: RELATIONS_MESSAGES.unblock, icon: UserRoundCheck, onSelect: () => choose('block') }
        : { key: 'block', label: RELATIONS_MESSAGES.block, icon: Ban, onSelect: () => choose('block'), danger: true },
    );
  }
  if (showDelete) {
    items.push({
      key: 'delete',
      label: REPORTS_MESSAGES.delete,
      icon: Trash2,
      onSelect: () => choose('delete'),
      danger: true,
    });
  }
  if (items.length === 0) return null;

  const label = formatMessage(UI_MESSAGES.moreFor, { name: target.authorName });
  const deleteTitle = REPORTS_MESSAGES.deleteTitle[target.type];

  return (
    // Menus sit inside clickable cards: keep their clicks from opening the card.
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from bubbling
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from bubbling
    <div ref={root} className={cn('relative', className)} onClick={stopClick} data-testid="content-menu">
      {isMobile ? (
        <>
          <MoreButton label={label} aria-haspopup="menu" aria-expanded={isOpen} onClick={() => setOpen(true)} />
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
        <Menu
          isOpen={isOpen}
          onOpenChange={setOpen}
          label={label}
          data-testid="content-menu-list"
          className="mt-1 w-40"
          trigger={(props) => <MoreButton label={label} {...props} />}
        >
          {items.map((item) => (
            <MenuItem
              key={item.key}
              isDanger={item.danger}
              data-testid={`content-menu-${item.key}`}
              onClick={item.onSelect}
            >
              <item.icon aria-hidden="true" className="size-4" />
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      )}

      {/* Mounted only while in use: a long comment list keeps one small button per row. */}
      {dialog === 'report' ? (
        <ReportDialog
          subject={{ type: target.type, id: target.id, name: target.authorName }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'block' ? (
        <ConfirmSheetPanel
          open
          title={formatMessage(block.isBlocked ? RELATIONS_MESSAGES.unblockTitle : RELATIONS_MESSAGES.blockTitle, {
            name: target.authorName,
          })}
          hint={block.isBlocked ? RELATIONS_MESSAGES.unblockHint : RELATIONS_MESSAGES.blockHint}
          confirmLabel={block.isBlocked ? RELATIONS_MESSAGES.unblock : RELATIONS_MESSAGES.block}
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
        <ConfirmSheetPanel
          open
          title={deleteTitle}
          hint={REPORTS_MESSAGES.deleteHint}
          confirmLabel={REPORTS_MESSAGES.delete}
          danger
          onClose={() => setDialog(null)}
          data-testid="delete-confirm"
          onConfirm={async () => {
            try {
              await onDelete?.();
            } catch (error) {
              toast.show(error instanceof ApiError ? error.message : REPORTS_MESSAGES.failed, { tone: 'error' });
              return;
            }
            setDialog(null);
            toast.show(REPORTS_MESSAGES.deleted, { tone: 'success' });
            onDeleted?.();
          }}
        />
      ) : null}
    </div>
  );
}

type MenuAction = {
  key: 'report' | 'block' | 'unblock' | 'delete';
  label: string;
  icon: typeof Flag;
  onSelect: () => void;
  danger?: boolean;
};

const SHEET_ITEM =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3.5 text-left text-base text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800';
