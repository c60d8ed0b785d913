import { type Conversation, formatMessage, PAGE_SIZE, resolveMediaUrl, TALK_TYPE } from '@evcircle/contract/client';
import { Flag, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { RelativeTime } from '~/lib/lazy-relative-time.tsx';
import { type PagedStatus, useLoadMoreSentinel } from '~/lib/use-paged-list.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { CHAT_MESSAGES } from './messages.ts';

type ConversationListProps = {
  items: Conversation[];
  status: PagedStatus;
  onLoadMore: () => void;
  /** The conversation open beside the list (desktop), marked as current. */
  activePeer: number | null;
  viewerId: number;
  imageBase: string;
};

/** The viewer's conversations, the latest first: who, the last message, when, and unread counts. */
export function ConversationList({
  items,
  status,
  onLoadMore,
  activePeer,
  viewerId,
  imageBase,
}: ConversationListProps) {
  const sentinel = useLoadMoreSentinel(status, onLoadMore, '0px 0px 300px 0px');
  if (items.length === 0 && status === 'done') {
    return (
      <div data-testid="conversations-empty" className="flex flex-col items-center px-6 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary-50 dark:bg-primary-950">
          <MessagesSquare aria-hidden="true" className="size-7 text-primary-600 dark:text-primary-400" />
        </span>
        <p className="mt-4 text-sm font-medium">{CHAT_MESSAGES.empty}</p>
        <p className="mt-1.5 text-xs leading-5 text-gray-500 dark:text-gray-400">{CHAT_MESSAGES.emptyHint}</p>
      </div>
    );
  }
  return (
    <nav aria-label={CHAT_MESSAGES.conversations} aria-busy={status === 'loading'}>
      <ul data-testid="conversation-list">
        {items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            isActive={conversation.talk_type === TALK_TYPE.private && conversation.receiver_id === activePeer}
            viewerId={viewerId}
            imageBase={imageBase}
          />
        ))}
        {status === 'loading' ? <ConversationSkeletons count={items.length === 0 ? 8 : 2} /> : null}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {status === 'error' ||
      (status === 'loading' && items.length > 0) ||
      (status === 'done' && items.length >= PAGE_SIZE.chats) ? (
        <ListFooter status={status} onLoadMore={onLoadMore} messages={{ failed: CHAT_MESSAGES.listFailed }} />
      ) : null}
    </nav>
  );
}

function ConversationRow({
  conversation,
  isActive,
  viewerId,
  imageBase,
}: {
  conversation: Conversation;
  isActive: boolean;
  viewerId: number;
  imageBase: string;
}) {
  const last = conversation.last_message;
  const preview = last
    ? `${last.sender_id === viewerId ? CHAT_MESSAGES.youPrefix : ''}${last.preview}`
    : CHAT_MESSAGES.noMessageYet;
  const unread = conversation.unread;
  // A team chat lives on its team's page (members, answers and the chat together).
  const isTeam = conversation.talk_type === TALK_TYPE.group;
  return (
    <li>
      <Link
        to={isTeam ? `/team/${conversation.team_id}` : `?with=${conversation.receiver_id}`}
        state={isTeam ? undefined : { fromList: true }}
        preventScrollReset={!isTeam}
        aria-current={isActive ? 'page' : undefined}
        data-testid="conversation-row"
        data-uid={isTeam ? undefined : conversation.receiver_id}
        data-team={isTeam ? conversation.team_id : undefined}
        data-unread={unread}
        className={cn(
          'flex items-center gap-3 px-4 py-3 transition-colors',
          isActive
            ? 'bg-primary-50 dark:bg-primary-950/60'
            : 'hover:bg-gray-50 active:bg-gray-100 dark:hover:bg-gray-800/60 dark:active:bg-gray-800',
        )}
      >
        <span className="relative shrink-0">
          {isTeam ? (
            <span
              title={CHAT_MESSAGES.teamChat}
              className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300"
            >
              <Flag aria-hidden="true" className="size-6" />
            </span>
          ) : (
            <Avatar src={resolveMediaUrl(conversation.avatar, imageBase)} name={conversation.title} size={48} />
          )}
          {unread > 0 ? (
            <span
              data-testid="conversation-unread"
              className="absolute -top-1 -right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-500 px-1 text-[11px] leading-none font-medium text-white tabular-nums ring-2 ring-white dark:ring-gray-900"
            >
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">{formatMessage(CHAT_MESSAGES.unreadCount, { count: unread })}</span>
            </span>
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span data-testid="conversation-title" className="min-w-0 flex-1 truncate text-[15px] font-medium">
              {conversation.title}
            </span>
            <span className="shrink-0 text-[11px] text-gray-400 dark:text-gray-500">
              <RelativeTime iso={last?.created_at ?? conversation.updated_at} />
            </span>
          </span>
          <span
            data-testid="conversation-preview"
            className={cn(
              'mt-0.5 block truncate text-[13px]',
              unread > 0 ? 'text-gray-700 dark:text-gray-300' : 'text-gray-500 dark:text-gray-400',
            )}
          >
            {preview}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Placeholders have no identity of their own: fixed keys for at most eight rows. */
const SKELETON_IDS = [1, 2, 3, 4, 5, 6, 7, 8];

export function ConversationSkeletons({ count }: { count: number }) {
  return (
    <>
      {SKELETON_IDS.slice(0, count).map((id) => (
        <li
          key={id}
          data-testid="conversation-skeleton"
          aria-hidden="true"
          className="flex items-center gap-3 px-4 py-3"
        >
          <Skeleton className="size-12 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3 w-44 max-w-full" />
          </div>
        </li>
      ))}
    </>
  );
}
