import { type ChatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { LoaderCircle, RotateCw } from 'lucide-react';
import { Fragment, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type BubbleContent,
  CHAT_MESSAGES,
  Composer,
  clockTime,
  dayLabel,
  ImageViewer,
  isSameChinaDay,
  MessageContent,
  useDocumentVisible,
} from '~/features/chat/index.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { TEAMS_MESSAGES } from './messages.ts';
import { type PendingTeamMessage, useTeamChat } from './use-team-chat.ts';

/** Who wrote: the team's members by id (someone who left is 车友). */
export type ChatPeople = ReadonlyMap<number, { nickname: string; avatar: string }>;

export type TeamChatProps = {
  teamId: string;
  viewer: { uid: number; nickname: string; avatar: string };
  people: ChatPeople;
  /** The team takes no more messages (ended, cancelled): the history stays readable. */
  isClosed: boolean;
  isMobile: boolean;
  imageBase: string;
};

type Row =
  | { kind: 'stored'; key: string; createdAt: string; senderId: number; message: ChatMessage }
  | { kind: 'pending'; key: string; createdAt: string; senderId: number; message: PendingTeamMessage };

/** Within this distance of the end, the view counts as at the bottom (new messages keep it there). */
const BOTTOM_SLACK_PX = 48;

function bubbleOf(row: Row): BubbleContent {
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
  };
}

/**
 * 车队群聊: the team's messages with day separators and who wrote each, older ones on
 * request (the place on screen kept), live messages, the viewer's own on their way (or
 * failed, with 重新发送), and private chat's composer (emoji, images).
 */
export function TeamChat({ teamId, viewer, people, isClosed, isMobile, imageBase }: TeamChatProps) {
  const isVisible = useDocumentVisible();
  const chat = useTeamChat({ teamId, isReading: isVisible });
  const [viewing, setViewing] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const snapshot = useRef({ firstId: 0, lastKey: '', scrollHeight: 0, scrollTop: 0 });

  const rows: Row[] = [
    ...chat.messages.map(
      (message): Row => ({
        kind: 'stored',
        key: `m${message.id}`,
        createdAt: message.created_at,
        senderId: message.sender_id,
        message,
      }),
    ),
    ...chat.pending.map(
      (message): Row => ({
        kind: 'pending',
        key: `p${message.clientMsgId}`,
        createdAt: message.createdAt,
        senderId: viewer.uid,
        message,
      }),
    ),
  ];
  const firstId = chat.messages[0]?.id ?? 0;
  const lastRow = rows.at(-1);
  const lastKey = lastRow?.key ?? '';

  // Older messages above keep what was on screen in place; new ones below are followed
  // when the view was at the bottom or the viewer wrote them.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    if (before.firstId !== 0 && firstId !== 0 && firstId < before.firstId) {
      el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight);
    } else if (lastKey !== before.lastKey && (isAtBottom.current || lastRow?.senderId === viewer.uid)) {
      el.scrollTop = el.scrollHeight;
      isAtBottom.current = true;
    }
    snapshot.current = { firstId, lastKey, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  });

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    snapshot.current.scrollTop = el.scrollTop;
    snapshot.current.scrollHeight = el.scrollHeight;
  }, []);

  const ownAvatar = resolveMediaUrl(viewer.avatar, imageBase);
  return (
    <section
      data-testid="team-chat"
      aria-label={TEAMS_MESSAGES.chatHeading}
      className="flex h-[70dvh] min-h-[420px] flex-col overflow-hidden rounded-2xl bg-gray-50 ring-1 ring-gray-900/5 md:h-[600px] dark:bg-gray-950 dark:ring-white/10"
    >
      <h2 className="shrink-0 border-b border-gray-200 bg-white px-4 py-3 text-[15px] font-semibold dark:border-gray-800 dark:bg-gray-900">
        {TEAMS_MESSAGES.chatHeading}
      </h2>
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="team-chat-messages"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        <div className="flex min-h-full flex-col justify-end px-3 pt-2 pb-3 md:px-5">
          {chat.status === 'loading' ? <ChatSkeleton /> : null}
          {chat.status === 'error' ? (
            <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-sm">
              <p className="text-gray-600 dark:text-gray-300">{chat.loadError}</p>
              <Button variant="outline" size="sm" onClick={chat.retryOpen}>
                <RotateCw aria-hidden="true" className="size-4" />
                {CHAT_MESSAGES.retry}
              </Button>
            </div>
          ) : null}
          {chat.status === 'ready' ? (
            <>
              <OlderLine status={chat.older} onLoad={() => void chat.loadOlder()} isEmpty={rows.length === 0} />
              <ol className="flex flex-col gap-2.5" aria-live="polite" aria-relevant="additions">
                {rows.map((row, i) => {
                  const previous = rows[i - 1];
                  const isNewDay = !previous || !isSameChinaDay(previous.createdAt, row.createdAt);
                  const isOwn = row.senderId === viewer.uid;
                  const person = people.get(row.senderId);
                  const name = isOwn ? viewer.nickname : (person?.nickname ?? TEAMS_MESSAGES.someone);
                  const avatar = isOwn ? ownAvatar : resolveMediaUrl(person?.avatar ?? '', imageBase);
                  // Consecutive messages of one person on one day show their name once.
                  const isFollowUp = !isNewDay && previous?.senderId === row.senderId;
                  return (
                    <Fragment key={row.key}>
                      {isNewDay ? (
                        <li className="flex justify-center pt-2">
                          <span className="rounded-full bg-gray-200/70 px-2.5 py-0.5 text-xs text-gray-500 dark:bg-gray-800 dark:text-gray-400">
                            {dayLabel(row.createdAt)}
                          </span>
                        </li>
                      ) : null}
                      <li
                        data-testid="team-chat-message"
                        data-own={isOwn ? 'true' : 'false'}
                        data-state={row.kind === 'pending' ? row.message.state : undefined}
                        className={cn('flex items-start gap-2', isOwn && 'flex-row-reverse')}
                      >
                        {isFollowUp ? (
                          <span aria-hidden="true" className="w-9 shrink-0" />
                        ) : isOwn ? (
                          <Avatar src={avatar} name={name} size={36} className="mt-0.5" />
                        ) : (
                          <Link to={`/user/${row.senderId}`} aria-label={name} className="mt-0.5 shrink-0">
                            <Avatar src={avatar} name={name} size={36} />
                          </Link>
                        )}
                        <div
                          className={cn(
                            'flex max-w-[75%] min-w-0 flex-col gap-1 md:max-w-[65%]',
                            isOwn ? 'items-end' : 'items-start',
                          )}
                        >
                          {!isOwn && !isFollowUp ? (
                            <span className="px-1 text-xs text-gray-500 dark:text-gray-400">{name}</span>
                          ) : null}
                          <MessageContent
                            message={bubbleOf(row)}
                            isOwn={isOwn}
                            imageBase={imageBase}
                            onViewImage={setViewing}
                          />
                          <span className="flex items-center gap-1.5 px-1 text-[11px] leading-4 text-gray-400 dark:text-gray-500">
                            <time dateTime={row.createdAt}>{clockTime(row.createdAt)}</time>
                            {row.kind === 'pending' && row.message.state === 'sending' ? (
                              <span className="inline-flex items-center gap-1">
                                <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
                                {CHAT_MESSAGES.sending}
                              </span>
                            ) : null}
                            {row.kind === 'pending' && row.message.state === 'failed' ? (
                              <button
                                type="button"
                                onClick={() => chat.retry(row.message.clientMsgId)}
                                className="inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                              >
                                <RotateCw aria-hidden="true" className="size-3" />
                                {CHAT_MESSAGES.failed} · {CHAT_MESSAGES.resend}
                              </button>
                            ) : null}
                          </span>
                          {row.kind === 'pending' && row.message.state === 'failed' && row.message.error ? (
                            <p role="alert" className="px-1 text-xs text-red-600 dark:text-red-400">
                              {row.message.error}
                            </p>
                          ) : null}
                        </div>
                      </li>
                    </Fragment>
                  );
                })}
              </ol>
            </>
          ) : null}
        </div>
      </div>
      {isClosed ? (
        <p className="shrink-0 border-t border-gray-200 bg-white px-4 py-3 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
          {TEAMS_MESSAGES.chatClosed}
        </p>
      ) : (
        <Composer
          hint={null}
          isDisabled={chat.status !== 'ready'}
          isMobile={isMobile}
          onSendText={chat.sendText}
          onSendImage={chat.sendImage}
        />
      )}
      <ImageViewer src={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

function OlderLine({ status, onLoad, isEmpty }: { status: string; onLoad: () => void; isEmpty: boolean }) {
  if (status === 'done') {
    return (
      <p className="py-3 text-center text-xs text-gray-400 dark:text-gray-500">
        {isEmpty ? TEAMS_MESSAGES.chatEmpty : CHAT_MESSAGES.historyStart}
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={onLoad}
      disabled={status === 'loading'}
      className={cn(
        'mx-auto my-2 inline-flex items-center gap-1.5 text-xs hover:underline',
        status === 'error' ? 'text-red-600 dark:text-red-400' : 'text-primary-700 dark:text-primary-300',
      )}
    >
      {status === 'loading' ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : null}
      {status === 'error'
        ? CHAT_MESSAGES.olderFailed
        : status === 'loading'
          ? CHAT_MESSAGES.loadingHistory
          : TEAMS_MESSAGES.olderMessages}
    </button>
  );
}

function ChatSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4 py-4">
      {[40, 56, 32].map((width, i) => (
        <div key={width} className={cn('flex items-end gap-2', i % 2 === 1 && 'flex-row-reverse')}>
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <Skeleton className="h-10 rounded-2xl" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}
