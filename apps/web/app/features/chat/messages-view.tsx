import {
  type ChatMessage,
  type ChatReadEvent,
  type Conversation,
  messagesList,
  PAGE_SIZE,
  REALTIME_EVENTS,
  TALK_TYPE,
} from '@evcircle/contract/client';
import { ChevronRight, MessagesSquare, Users } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { setMessagesUnread, useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { useScrollLock } from '~/lib/use-scroll-lock.ts';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { applyLiveMessage, peerOf } from './chat-rules.ts';
import { ConversationList } from './conversation-list.tsx';
import { FriendSearchBox } from './friend-search-box.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import { useDocumentVisible } from './use-document-visible.ts';

const SIZE = PAGE_SIZE.chats;

/** The conversation loads beside the list (its history is fetched in the browser anyway). */
const ConversationView = lazyComponent(
  () => import('./conversation-view.tsx').then((module) => module.ConversationView),
  () => <ConversationPlaceholder />,
);
const FriendSearchResults = lazyComponent(() =>
  import('./friend-search.tsx').then((module) => module.FriendSearchResults),
);
const FriendsSheet = lazyDialog(
  () => import('./friends-sheet.tsx').then((module) => module.FriendsSheet),
  (props) => props.open,
);

/** The person of `?with=`, or null. */
function peerParam(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export type MessagesViewProps = {
  /** Page 1 of the conversations as the loader fetched it; null when that failed (fetched here). */
  firstPage: Conversation[] | null;
  /** Unread messages over all conversations, from the same answer. */
  unreadTotal: number | null;
  imageBase: string;
};

/**
 * /messages for a logged-in viewer: the conversations (search, 好友, the list) and the
 * conversation of `?with={uid}`: side by side on desktop, one screen at a time on phones.
 * The list follows pushed messages (to the top, unread + 1 unless being read) and reloads
 * after a reconnect.
 */
export function MessagesView({ firstPage, unreadTotal, imageBase }: MessagesViewProps) {
  const api = useApi();
  const viewer = useViewer();
  const viewerId = viewer?.uid ?? 0;
  const isMobile = useIsMobile();
  const isVisible = useDocumentVisible();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const peerId = peerParam(searchParams.get('with'));
  const [word, setWord] = useState('');
  const [isFriendsOpen, setFriendsOpen] = useState(false);

  const fetchPage = useCallback(
    async (page: number) => {
      const answer = await api.call(messagesList, { idx: page, size: SIZE });
      setMessagesUnread(answer.unread_total);
      return answer.items;
    },
    [api],
  );
  const list = usePagedList<Conversation>({
    firstPage,
    isEager: firstPage === null,
    size: SIZE,
    fetchPage,
    keyOf: (conversation) => conversation.id,
  });
  const { updateItems, refresh } = list;

  useEffect(() => {
    if (unreadTotal !== null) setMessagesUnread(unreadTotal);
  }, [unreadTotal]);

  const showMessage = useCallback(
    (message: ChatMessage, items: Conversation[]) => {
      // A team chat is read on its team's page, never open here.
      const isOpen = message.talk_type === TALK_TYPE.private && peerOf(message, viewerId) === peerId;
      const options = { isOpenAndVisible: isVisible && isOpen, viewerId };
      if (applyLiveMessage(items, message, options) === null) {
        // A conversation the list does not hold yet: page 1 again brings it.
        refresh().catch(() => {});
        return;
      }
      updateItems((all) => applyLiveMessage(all, message, options) ?? all);
    },
    [isVisible, viewerId, peerId, refresh, updateItems],
  );

  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessage, (message) => showMessage(message, list.items));
  // Read here or on another device: that conversation has nothing unread.
  useLiveEvent<ChatReadEvent>(REALTIME_EVENTS.chatRead, (event) => {
    if (event.reader_id !== viewerId) return;
    updateItems((all) => all.map((c) => (c.id === event.conversation_id && c.unread > 0 ? { ...c, unread: 0 } : c)));
  });
  // Missed pushes (a reconnect, or the time before the first connect): page 1 again.
  useLiveCatchUp(() => {
    refresh().catch(() => {});
  });

  const onMessage = useCallback((message: ChatMessage) => showMessage(message, list.items), [showMessage, list.items]);
  const onRead = useCallback(
    (conversation: Conversation) =>
      updateItems((all) => all.map((c) => (c.id === conversation.id && c.unread > 0 ? { ...c, unread: 0 } : c))),
    [updateItems],
  );
  const back = useCallback(() => {
    const state = location.state as { fromList?: boolean } | null;
    if (state?.fromList) navigate(-1);
    else navigate('/messages');
  }, [location.state, navigate]);

  const isSearching = word.trim() !== '';
  const listPanel = (
    <>
      <div className="space-y-2 px-4 pt-3 pb-2">
        <FriendSearchBox value={word} onChange={setWord} />
      </div>
      {isSearching ? (
        <FriendSearchResults word={word.trim()} imageBase={imageBase} />
      ) : (
        <>
          <button
            type="button"
            onClick={() => setFriendsOpen(true)}
            data-testid="friends-entry"
            className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-gray-50 dark:hover:bg-gray-800/60"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-700 dark:bg-primary-900 dark:text-primary-200">
              <Users aria-hidden="true" className="size-6" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-[15px] font-medium">{CHAT_MESSAGES.friends}</span>
              <span className="block truncate text-[13px] text-gray-500 dark:text-gray-400">
                {CHAT_MESSAGES.friendsHint}
              </span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
          </button>
          <div className="mx-4 border-t border-gray-100 dark:border-gray-800" />
          <ConversationList
            items={list.items}
            status={list.status}
            onLoadMore={() => void list.loadMore()}
            activePeer={isMobile ? null : peerId}
            viewerId={viewerId}
            imageBase={imageBase}
          />
        </>
      )}
      <FriendsSheet open={isFriendsOpen} onClose={() => setFriendsOpen(false)} imageBase={imageBase} />
    </>
  );

  const conversation =
    viewer && peerId !== null ? (
      <ConversationView
        key={peerId}
        peerId={peerId}
        viewer={viewer}
        imageBase={imageBase}
        isMobile={isMobile}
        onBack={back}
        onMessage={onMessage}
        onRead={onRead}
      />
    ) : null;

  if (isMobile) {
    if (conversation) return <MobileConversation>{conversation}</MobileConversation>;
    return (
      <div data-testid="messages-page" className="min-h-full bg-white dark:bg-gray-950">
        <h1 className="px-4 pt-3 text-xl font-bold">{CHAT_MESSAGES.heading}</h1>
        {listPanel}
      </div>
    );
  }

  return (
    <div data-testid="messages-page" className="mx-auto max-w-6xl px-6 py-5">
      <div className="flex h-[calc(100dvh-7.5rem)] min-h-[520px] overflow-hidden rounded-2xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        <aside className="flex w-80 shrink-0 flex-col border-r border-gray-100 lg:w-96 dark:border-gray-800">
          <h1 className="px-4 pt-4 text-lg font-bold">{CHAT_MESSAGES.heading}</h1>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{listPanel}</div>
        </aside>
        <div className="min-w-0 flex-1">{conversation ?? <NoneChosen />}</div>
      </div>
    </div>
  );
}

/** Phones: the conversation takes the whole screen, over the site's bars. */
function MobileConversation({ children }: { children: ReactNode }) {
  useScrollLock(true);
  return (
    <div data-testid="messages-page" className="fixed inset-0 z-40 flex h-dvh flex-col bg-gray-50 dark:bg-gray-950">
      {children}
    </div>
  );
}

function NoneChosen() {
  return (
    <div
      data-testid="conversation-none"
      className="flex h-full flex-col items-center justify-center bg-gray-50 px-8 text-center dark:bg-gray-950"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        <MessagesSquare aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
      </span>
      <p className="mt-4 text-base font-medium">{CHAT_MESSAGES.noneChosenTitle}</p>
      <p className="mt-1.5 text-sm text-gray-500 dark:text-gray-400">{CHAT_MESSAGES.noneChosenHint}</p>
    </div>
  );
}

/** Until the conversation's code is there. */
function ConversationPlaceholder() {
  return (
    <div aria-hidden="true" className={cn('flex h-full flex-col bg-gray-50 dark:bg-gray-950')}>
      <div className="flex h-14 items-center gap-2.5 border-b border-gray-200 bg-white px-3 dark:border-gray-800 dark:bg-gray-900">
        <Skeleton className="size-[34px] rounded-full" />
        <Skeleton className="h-4 w-28" />
      </div>
      <div className="flex-1" />
      <div className="h-[61px] border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900" />
    </div>
  );
}
