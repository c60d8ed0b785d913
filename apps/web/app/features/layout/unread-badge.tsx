import { formatMessage } from '@evcircle/contract/client';
import { badgeText } from '~/features/cart/index.ts';
import { useUnreadTotals } from '~/features/realtime/index.ts';
import { cn } from '~/ui/cn.ts';
import { LAYOUT_MESSAGES } from './messages.ts';
import type { UnreadKind } from './nav-items.ts';

/**
 * The red count on 消息 or 通知 (99+ at most), as the live connection pushes it; nothing
 * at 0. Loaded after the page (inbox-links.tsx): the counts only arrive with the
 * connection, which opens after the page has shown. Screen readers hear "3 条未读"
 * after the link's name.
 */
export function UnreadBadge({ kind, className }: { kind: UnreadKind; className?: string }) {
  const totals = useUnreadTotals();
  const text = badgeText(totals[kind]);
  if (!text) return null;
  return (
    <>
      <span
        data-testid={`unread-${kind}`}
        aria-hidden="true"
        className={cn(
          'absolute min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4.5 font-semibold text-white tabular-nums ring-2 ring-white dark:ring-gray-950',
          className,
        )}
      >
        {text}
      </span>
      <span className="sr-only">{formatMessage(LAYOUT_MESSAGES.unread, { count: text })}</span>
    </>
  );
}
