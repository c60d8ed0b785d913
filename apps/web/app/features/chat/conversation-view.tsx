import { type ChatMessage, type Conversation, formatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { ArrowDown, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { BackButton } from '~/ui/back-button.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { deliveryOf } from './chat-rules.ts';
import { chatRows, HistorySkeleton, MessageList, OpenFailed } from './message-rows.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import { useChatScroll } from './use-chat-scroll.ts';
import { useConversation } from './use-conversation.ts';
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
  const rows = chatRows(chat.messages, chat.pending, viewer.uid);
  const lastRow = rows.at(-1);
  const { scroller, content, onScroll, hasNewBelow, scrollToBottom } = useChatScroll({
    firstId: chat.messages[0]?.id ?? 0,
    lastKey: lastRow?.key ?? '',
    isLastOwn: lastRow?.isOwn ?? false,
  });

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
  }, [scroller, status, older, loadOlder]);

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
              <OpenFailed
                message={chat.loadError || CHAT_MESSAGES.conversationFailed}
                onRetry={chat.retryOpen}
                testId="chat-open-retry"
              />
            ) : null}
            {status === 'ready' ? (
              <>
                <div ref={top} aria-hidden="true" className="h-px" />
                <HistoryTop status={older} onRetry={() => void loadOlder()} isEmpty={rows.length === 0} />
                <MessageList
                  rows={rows}
                  lookOf={(row) => ({
                    avatar: (
                      <Avatar
                        src={row.isOwn ? ownAvatar : peerAvatar}
                        name={row.isOwn ? viewer.nickname : peerName}
                        size={36}
                        className="mt-0.5"
                      />
                    ),
                    state:
                      row.kind === 'pending'
                        ? row.message.state
                        : row.isOwn
                          ? deliveryOf(row.message.id, chat.peerReadId)
                          : null,
                  })}
                  imageBase={imageBase}
                  onViewImage={setViewing}
                  onRetry={chat.retry}
                  testIds={{ row: 'chat-message', day: 'chat-day' }}
                />
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
