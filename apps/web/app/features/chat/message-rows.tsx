import type { ChatMessage } from '@evcircle/contract/client';
import { LoaderCircle, RotateCw } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import type { DeliveryState } from './chat-rules.ts';
import { clockTime, dayLabel, isSameChinaDay } from './chat-time.ts';
import { type BubbleContent, MessageContent } from './message-content.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import type { PendingMessage } from './use-message-list.ts';

// The pieces of a chat's message list that a private conversation and a team chat draw
// alike: the rows, the list with its day separators, a row's bubble with its time and
// state, the skeleton and the failed opening.

/** One item of a chat: a stored message, or one of the viewer's still on its way. */
export type ChatRow =
  | { kind: 'stored'; key: string; createdAt: string; senderId: number; isOwn: boolean; message: ChatMessage }
  | { kind: 'pending'; key: string; createdAt: string; senderId: number; isOwn: true; message: PendingMessage };

/** The rows of a chat: its stored messages in id order, then the viewer's pending ones. */
export function chatRows(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  viewerId: number,
): ChatRow[] {
  return [
    ...messages.map(
      (message): ChatRow => ({
        kind: 'stored',
        key: `m${message.id}`,
        createdAt: message.created_at,
        senderId: message.sender_id,
        isOwn: message.sender_id === viewerId,
        message,
      }),
    ),
    ...pending.map(
      (message): ChatRow => ({
        kind: 'pending',
        key: `p${message.clientMsgId}`,
        createdAt: message.createdAt,
        senderId: viewerId,
        isOwn: true,
        message,
      }),
    ),
  ];
}

function bubbleOf(row: ChatRow): BubbleContent {
  if (row.kind === 'pending') {
    const m = row.message;
    return {
      msgType: m.msgType,
      content: m.content,
      media: null,
      previewUrl: m.previewUrl,
      post: null,
      product: null,
      postId: null,
      prdId: null,
    };
  }
  const m = row.message;
  return {
    msgType: m.msg_type,
    content: m.content,
    media: m.media,
    post: m.post,
    product: m.product,
    postId: m.post_id,
    prdId: m.prd_id,
    teamInvite: m.team_invite,
    messageId: m.id,
  };
}

/** The date above the first message of each day. */
function DaySeparator({ createdAt, testId }: { createdAt: string; testId?: string }) {
  return (
    <li data-testid={testId} className="flex justify-center pt-2">
      <span className="rounded-full bg-gray-200/70 px-2.5 py-0.5 text-xs text-gray-500 dark:bg-gray-800 dark:text-gray-400">
        {dayLabel(createdAt)}
      </span>
    </li>
  );
}

export function HistorySkeleton() {
  return (
    <div aria-hidden="true" data-testid="chat-skeleton" className="flex flex-col gap-4 py-4">
      {[40, 56, 32, 48].map((width, i) => (
        <div key={width} className={cn('flex items-end gap-2', i % 2 === 1 && 'flex-row-reverse')}>
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <Skeleton className="h-10 rounded-2xl" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

/** The chat could not be opened: why, and 重试. */
export function OpenFailed({ message, onRetry, testId }: { message: string; onRetry: () => void; testId?: string }) {
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-sm">
      <p className="text-gray-600 dark:text-gray-300">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} data-testid={testId}>
        <RotateCw aria-hidden="true" className="size-4" />
        {CHAT_MESSAGES.retry}
      </Button>
    </div>
  );
}

const STATE_WORDS: Record<DeliveryState, string> = {
  sending: CHAT_MESSAGES.sending,
  sent: CHAT_MESSAGES.sent,
  read: CHAT_MESSAGES.read,
  failed: CHAT_MESSAGES.failed,
};

/** How a chat draws one row. */
export type RowLook = {
  /** The sender's avatar (or the space it leaves), drawn beside the bubble. */
  avatar: ReactNode;
  /** The sender's name above the bubble (a team chat's others), or nothing. */
  sender?: string;
  /** What to show under an own message: its way to the server and, with read receipts, 已读. */
  state: DeliveryState | null;
};

type MessageListProps = {
  rows: readonly ChatRow[];
  /** How `row` looks; `sameDayBefore` is the row above it when that is of the same day. */
  lookOf: (row: ChatRow, sameDayBefore: ChatRow | undefined) => RowLook;
  imageBase: string;
  onViewImage: (src: string) => void;
  onRetry: (clientMsgId: string) => void;
  testIds: { row: string; day?: string };
};

/** A chat's rows in order, the date above the first of each day, new ones announced politely. */
export function MessageList({ rows, lookOf, imageBase, onViewImage, onRetry, testIds }: MessageListProps) {
  return (
    <ol className="flex flex-col gap-2.5" aria-live="polite" aria-relevant="additions">
      {rows.map((row, i) => {
        const previous = rows[i - 1];
        const isNewDay = !previous || !isSameChinaDay(previous.createdAt, row.createdAt);
        return (
          <Fragment key={row.key}>
            {isNewDay ? <DaySeparator createdAt={row.createdAt} testId={testIds.day} /> : null}
            <MessageRow
              row={row}
              look={lookOf(row, isNewDay ? undefined : previous)}
              imageBase={imageBase}
              onViewImage={onViewImage}
              onRetry={onRetry}
              testId={testIds.row}
            />
          </Fragment>
        );
      })}
    </ol>
  );
}

type MessageRowProps = {
  row: ChatRow;
  look: RowLook;
  imageBase: string;
  onViewImage: (src: string) => void;
  onRetry: (clientMsgId: string) => void;
  testId: string;
};

/**
 * A message: the avatar, the bubble, its time and state (发送中, 已发送, 已读, or 发送失败
 * with 重新发送 and the reason), own messages on the right.
 */
function MessageRow({ row, look, imageBase, onViewImage, onRetry, testId }: MessageRowProps) {
  const { avatar, sender, state } = look;
  const isFailed = row.kind === 'pending' && row.message.state === 'failed';
  return (
    <li
      data-testid={testId}
      data-id={row.kind === 'stored' ? row.message.id : undefined}
      data-own={row.isOwn ? 'true' : 'false'}
      data-state={state ?? undefined}
      className={cn('flex items-start gap-2', row.isOwn && 'flex-row-reverse')}
    >
      {avatar}
      <div
        className={cn(
          'flex max-w-[75%] min-w-0 flex-col gap-1 md:max-w-[65%]',
          row.isOwn ? 'items-end' : 'items-start',
        )}
      >
        {sender ? <span className="px-1 text-xs text-gray-500 dark:text-gray-400">{sender}</span> : null}
        <MessageContent message={bubbleOf(row)} isOwn={row.isOwn} imageBase={imageBase} onViewImage={onViewImage} />
        <span className="flex items-center gap-1.5 px-1 text-[11px] leading-4 text-gray-400 dark:text-gray-500">
          <time dateTime={row.createdAt}>{clockTime(row.createdAt)}</time>
          {state ? (
            <span
              data-testid="message-status"
              className={cn(
                'inline-flex items-center gap-1',
                state === 'read' && 'text-primary-600 dark:text-primary-400',
                state === 'failed' && 'font-medium text-red-600 dark:text-red-400',
              )}
            >
              {state === 'sending' ? <LoaderCircle aria-hidden="true" className="size-3 animate-spin" /> : null}
              {STATE_WORDS[state]}
            </span>
          ) : null}
          {isFailed ? (
            <button
              type="button"
              onClick={() => onRetry(row.message.clientMsgId)}
              data-testid="message-retry"
              className="inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-primary-950"
            >
              <RotateCw aria-hidden="true" className="size-3" />
              {CHAT_MESSAGES.resend}
            </button>
          ) : null}
        </span>
        {isFailed && row.message.error ? (
          <p
            data-testid="message-error"
            role="alert"
            className="max-w-full px-1 text-xs text-red-600 dark:text-red-400"
          >
            {row.message.error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
