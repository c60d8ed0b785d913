import { type ChatMessage, type Conversation, formatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { ArrowDown, LoaderCircle, RotateCw } from 'lucide-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { BackButton } from '~/ui/back-button.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { type DeliveryState, deliveryOf } from './chat-rules.ts';
import { clockTime, dayLabel, isSameChinaDay } from './chat-time.ts';
import { type BubbleContent, MessageContent } from './message-content.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import { type PendingMessage, useConversation } from './use-conversation.ts';
import { useDocumentVisible } from './use-document-visible.ts';

/** The composer (emoji, image upload, typing signal) comes with the first conversation opened. */
const Composer = lazyComponent(
  () => import('./composer.tsx').then((module) => module.Composer),
  () => <div className="h-[61px] shrink-0 border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900" />,
);
const ImageViewer = lazyDialog(
  () => import('./image-viewer.tsx').then((module) => module.ImageViewer),
  (props) => props.src !== null,
);

/** Within this distance of the end, the view counts as at the bottom (new messages keep it there). */
const BOTTOM_SLACK_PX = 48;

export type ConversationViewProps = {
  peerId: number;
  viewer: { uid: number; nickname: string; avatar: string };
  imageBase: string;
  /** Phones: a full screen with ‹ back to the list. */
  isMobile: boolean;
  onBack: () => void;
  /** A message of this conversation was stored or arrived. */
  onMessage: (message: ChatMessage) => void;
  /** The viewer read the conversation. */
  onRead: (conversation: Conversation) => void;
};

/** One item of the view: a stored message, or one of the viewer's still on its way. */
type Row =
  | { kind: 'stored'; key: string; createdAt: string; isOwn: boolean; message: ChatMessage }
  | { kind: 'pending'; key: string; createdAt: string; isOwn: true; message: PendingMessage };

function storedContent(message: ChatMessage): BubbleContent {
  return {
    msgType: message.msg_type,
    content: message.content,
    media: message.media,
    post: message.post,
    product: message.product,
    postId: message.post_id,
    prdId: message.prd_id,
    teamInvite: message.team_invite,
    messageId: message.id,
  };
}

function pendingContent(message: PendingMessage): BubbleContent {
  return {
    msgType: message.msgType,
    content: message.content,
    media: null,
    previewUrl: message.previewUrl,
    post: null,
    product: null,
    postId: message.postId,
    prdId: message.prdId,
  };
}

/**
 * A private conversation: the other person in the header (with 对方正在输入…), the
 * messages with day separators (older ones load as the top comes into view, the place
 * kept), each own message's state (发送中 → 已发送 → 已读, or 发送失败 with a retry), and
 * the composer. It stays at the bottom while new messages arrive if it was there.
 */
export function ConversationView({
  peerId,
  viewer,
  imageBase,
  isMobile,
  onBack,
  onMessage,
  onRead,
}: ConversationViewProps) {
  const isVisible = useDocumentVisible();
  const chat = useConversation({ peerId, viewerId: viewer.uid, isReading: isVisible, onMessage, onRead });
  const [viewing, setViewing] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const snapshot = useRef({ firstId: 0, lastKey: '', scrollHeight: 0, scrollTop: 0 });

  const rows: Row[] = [
    ...chat.messages.map(
      (message): Row => ({
        kind: 'stored',
        key: `m${message.id}`,
        createdAt: message.created_at,
        isOwn: message.sender_id === viewer.uid,
        message,
      }),
    ),
    ...chat.pending.map(
      (message): Row => ({
        kind: 'pending',
        key: `p${message.clientMsgId}`,
        createdAt: message.createdAt,
        isOwn: true,
        message,
      }),
    ),
  ];
  const firstId = chat.messages[0]?.id ?? 0;
  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key ?? '';

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    isAtBottom.current = true;
    setHasNewBelow(false);
  }, []);

  // Older messages above: keep what was on screen where it was. New ones below: follow
  // them when at the bottom (or when the viewer sent one), else offer a jump down.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    if (before.firstId !== 0 && firstId !== 0 && firstId < before.firstId) {
      el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight);
    } else if (lastKey !== before.lastKey) {
      if (isAtBottom.current || lastRow?.isOwn) scrollToBottom();
      else if (lastRow) setHasNewBelow(true);
    }
    snapshot.current = { firstId, lastKey, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  });

  // Images and cards that load later, the typing line: stay at the bottom if there.
  useEffect(() => {
    const inner = content.current;
    if (!inner) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) {
        const el = scroller.current;
        if (el) el.scrollTop = el.scrollHeight;
      }
      if (scroller.current) snapshot.current.scrollHeight = scroller.current.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (isAtBottom.current) setHasNewBelow(false);
    snapshot.current.scrollTop = el.scrollTop;
    snapshot.current.scrollHeight = el.scrollHeight;
  };

  // The top of the history in view: the page before it.
  const top = useRef<HTMLDivElement>(null);
  const { older, loadOlder, status } = chat;
  useEffect(() => {
    const target = top.current;
    const root = scroller.current;
    if (!target || !root || status !== 'ready' || older !== 'idle') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadOlder();
      },
      { root, rootMargin: '300px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [status, older, loadOlder]);

  const peer = chat.conversation;
  const peerName = peer?.title ?? '';
  const peerAvatar = resolveMediaUrl(peer?.avatar ?? '', imageBase);
  const ownAvatar = resolveMediaUrl(viewer.avatar, imageBase);

  return (
    <section
      data-testid="conversation"
      data-peer={peerId}
      aria-label={peerName || CHAT_MESSAGES.heading}
      className="flex h-full min-h-0 flex-col bg-gray-50 dark:bg-gray-950"
    >
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-3 dark:border-gray-800 dark:bg-gray-900">
        {isMobile ? <BackButton label={CHAT_MESSAGES.back} onClick={onBack} data-testid="chat-back" /> : null}
        {peer ? (
          <Link
            to={`/user/${peerId}`}
            aria-label={formatMessage(CHAT_MESSAGES.profileOf, { name: peerName })}
            className="flex min-w-0 flex-1 items-center gap-2.5"
          >
            <Avatar src={peerAvatar} name={peerName} size={34} />
            <span className="min-w-0">
              <span data-testid="chat-title" className="block truncate text-[15px] font-semibold">
                {peerName}
              </span>
              {chat.isTyping ? (
                <span
                  data-testid="chat-typing"
                  role="status"
                  className="block text-xs text-primary-600 dark:text-primary-400"
                >
                  {CHAT_MESSAGES.typing}
                </span>
              ) : null}
            </span>
          </Link>
        ) : status === 'loading' ? (
          <span className="flex flex-1 items-center gap-2.5" aria-hidden="true">
            <Skeleton className="size-[34px] rounded-full" />
            <Skeleton className="h-4 w-28" />
          </span>
        ) : (
          <span className="flex-1" />
        )}
      </header>

      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          onScroll={onScroll}
          data-testid="chat-messages"
          className="absolute inset-0 overflow-y-auto overscroll-contain"
        >
          <div ref={content} className="flex min-h-full flex-col justify-end px-3 pt-2 pb-3 md:px-5">
            {status === 'loading' ? <HistorySkeleton /> : null}
            {status === 'error' ? (
              <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-sm">
                <p className="text-gray-600 dark:text-gray-300">{chat.loadError || CHAT_MESSAGES.conversationFailed}</p>
                <Button variant="outline" size="sm" onClick={chat.retryOpen} data-testid="chat-open-retry">
                  <RotateCw aria-hidden="true" className="size-4" />
                  {CHAT_MESSAGES.retry}
                </Button>
              </div>
            ) : null}
            {status === 'ready' ? (
              <>
                <div ref={top} aria-hidden="true" className="h-px" />
                <HistoryTop status={older} onRetry={() => void loadOlder()} isEmpty={rows.length === 0} />
                <ol className="flex flex-col gap-2.5" aria-live="polite" aria-relevant="additions">
                  {rows.map((row, i) => {
                    const previous = rows[i - 1];
                    const isNewDay = !previous || !isSameChinaDay(previous.createdAt, row.createdAt);
                    return (
                      <Fragment key={row.key}>
                        {isNewDay ? (
                          <li data-testid="chat-day" className="flex justify-center pt-2">
                            <span className="rounded-full bg-gray-200/70 px-2.5 py-0.5 text-xs text-gray-500 dark:bg-gray-800 dark:text-gray-400">
                              {dayLabel(row.createdAt)}
                            </span>
                          </li>
                        ) : null}
                        <MessageRow
                          row={row}
                          avatar={row.isOwn ? ownAvatar : peerAvatar}
                          name={row.isOwn ? viewer.nickname : peerName}
                          peerReadId={chat.peerReadId}
                          imageBase={imageBase}
                          onViewImage={setViewing}
                          onRetry={chat.retry}
                        />
                      </Fragment>
                    );
                  })}
                </ol>
              </>
            ) : null}
          </div>
        </div>
        {hasNewBelow ? (
          <button
            type="button"
            onClick={scrollToBottom}
            data-testid="chat-new-below"
            className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-white px-3 py-1.5 text-xs text-primary-700 shadow-md ring-1 ring-gray-900/10 dark:bg-gray-800 dark:text-primary-300 dark:ring-white/10"
          >
            <ArrowDown aria-hidden="true" className="size-3.5" />
            {CHAT_MESSAGES.newMessages}
          </button>
        ) : null}
      </div>

      <Composer
        peerId={peerId}
        hint={
          chat.sendLeft !== null && status === 'ready'
            ? formatMessage(CHAT_MESSAGES.sendLeft, { count: chat.sendLeft })
            : null
        }
        isDisabled={status !== 'ready'}
        isMobile={isMobile}
        onSendText={chat.sendText}
        onSendImage={chat.sendImage}
      />
      <ImageViewer src={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

function HistorySkeleton() {
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

function HistoryTop({ status, onRetry, isEmpty }: { status: string; onRetry: () => void; isEmpty: boolean }) {
  if (status === 'loading') {
    return (
      <p role="status" className="flex justify-center py-3 text-xs text-gray-400 dark:text-gray-500">
        <LoaderCircle aria-hidden="true" className="mr-1.5 size-4 animate-spin" />
        {CHAT_MESSAGES.loadingHistory}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <button
        type="button"
        onClick={onRetry}
        data-testid="chat-older-retry"
        className="mx-auto my-2 block text-xs text-red-600 hover:underline dark:text-red-400"
      >
        {CHAT_MESSAGES.olderFailed}
      </button>
    );
  }
  if (status === 'done') {
    return (
      <p data-testid="chat-history-start" className="py-3 text-center text-xs text-gray-400 dark:text-gray-500">
        {isEmpty ? CHAT_MESSAGES.startHint : CHAT_MESSAGES.historyStart}
      </p>
    );
  }
  return null;
}

const STATE_WORDS: Record<DeliveryState, string> = {
  sending: CHAT_MESSAGES.sending,
  sent: CHAT_MESSAGES.sent,
  read: CHAT_MESSAGES.read,
  failed: CHAT_MESSAGES.failed,
};

type MessageRowProps = {
  row: Row;
  avatar: string;
  name: string;
  peerReadId: number;
  imageBase: string;
  onViewImage: (src: string) => void;
  onRetry: (clientMsgId: string) => void;
};

function MessageRow({ row, avatar, name, peerReadId, imageBase, onViewImage, onRetry }: MessageRowProps) {
  const state: DeliveryState | null =
    row.kind === 'pending' ? row.message.state : row.isOwn ? deliveryOf(row.message.id, peerReadId) : null;
  const bubble = row.kind === 'pending' ? pendingContent(row.message) : storedContent(row.message);
  return (
    <li
      data-testid="chat-message"
      data-id={row.kind === 'stored' ? row.message.id : undefined}
      data-own={row.isOwn ? 'true' : 'false'}
      data-state={state ?? undefined}
      className={cn('flex items-start gap-2', row.isOwn && 'flex-row-reverse')}
    >
      <Avatar src={avatar} name={name} size={36} className="mt-0.5" />
      <div
        className={cn(
          'flex max-w-[75%] min-w-0 flex-col gap-1 md:max-w-[65%]',
          row.isOwn ? 'items-end' : 'items-start',
        )}
      >
        <MessageContent message={bubble} isOwn={row.isOwn} imageBase={imageBase} onViewImage={onViewImage} />
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
          {row.kind === 'pending' && row.message.state === 'failed' ? (
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
        {row.kind === 'pending' && row.message.state === 'failed' && row.message.error ? (
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
