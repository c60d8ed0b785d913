import { formatMessage, type ReportTarget } from '@evcircle/contract/client';
import { type KeyboardEvent, useState } from 'react';
import { useViewer } from '~/features/auth/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { MoreButton, stopClick } from './more-button.tsx';

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

/** The menu itself (its items, the dropdown or sheet, block, delete, report) loads when first opened. */
const ContentMenuPanel = lazyComponent(
  () => import('./content-menu-panel.tsx').then((module) => module.ContentMenuPanel),
  // Meanwhile the button stays as it is.
  (props) => <ClosedMenu {...props} onOpen={() => {}} />,
);

/**
 * The "更多" (…) button of a post, comment or profile (the menu: content-menu-panel.tsx).
 * Until first pressed it is only the button, drawn as the menu draws it closed, so a
 * page's first load carries no menu; pressing it (or ↓) mounts the menu open.
 */
export function ContentMenu(props: ContentMenuProps) {
  const viewer = useViewer();
  const [isOpened, setOpened] = useState(false);
  // The viewer's own content offers only 删除, and only with a way to delete it.
  const isMine = props.isMine || (viewer !== null && viewer.uid === props.target.authorId);
  const canDelete = props.onDelete !== undefined && (isMine || (props.canDelete ?? false));
  if (isMine && !canDelete) return null;
  if (isOpened) return <ContentMenuPanel {...props} />;
  return <ClosedMenu {...props} onOpen={() => setOpened(true)} />;
}

function ClosedMenu({ target, className, onOpen }: ContentMenuProps & { onOpen: () => void }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from bubbling
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from bubbling
    <div className={cn('relative', className)} onClick={stopClick} data-testid="content-menu">
      <MoreButton
        label={formatMessage(UI_MESSAGES.moreFor, { name: target.authorName })}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={onOpen}
        onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onOpen();
          }
        }}
      />
    </div>
  );
}
