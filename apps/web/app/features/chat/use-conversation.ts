import {
  ApiError,
  type ChatMessage,
  type ChatReadEvent,
  type ChatTypingEvent,
  type Conversation,
  chatCreateSession,
  chatHistory,
  chatSend,
  markAsRead,
  REALTIME_EVENTS,
  TALK_TYPE,
  TYPING_SHOW_MS,
} from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent } from '~/features/realtime/index.ts';
import { useApi } from '~/lib/api.ts';
import { isOfConversation } from './chat-rules.ts';
import { CHAT_MESSAGES } from './messages.ts';
import { type MessageSource, CHAT_PAGE_SIZE as SIZE, useMessageList } from './use-message-list.ts';

type HistoryPage = { messages: ChatMessage[]; has_more: boolean; peer_read_id: number };

type Options = {
  peerId: number;
  viewerId: number;
  /** The conversation is on screen in a tab in front: what arrives is read at once. */
  isReading: boolean;
  /** A message of this conversation was stored or arrived (the list moves it to the top). */
  onMessage?: (message: ChatMessage) => void;
  /** The viewer has read the conversation (the list drops its unread count). */
  onRead?: (conversation: Conversation) => void;
};

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof Error && error.message && !(error instanceof TypeError)) return error.message;
  return CHAT_MESSAGES.networkFailed;
}

/**
 * One private conversation: the message list of useMessageList, opened with
 * creat-sessions (its person, the stranger allowance), plus what only a private chat
 * has: the other person's read mark and typing, and the stranger allowance counting
 * down. Mount it once per person (key it by `peerId`).
 */
export function useConversation({ peerId, viewerId, isReading, onMessage, onRead }: Options) {
  const api = useApi();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [peerReadId, setPeerReadId] = useState(0);
  const [typingUntil, setTypingUntil] = useState(0);
  const [sendLeft, setSendLeft] = useState<number | null>(null);
  const conversationRef = useRef(conversation);
  conversationRef.current = conversation;

  // Each new message of the viewer's counts once against the stranger allowance, whether
  // its answer or its push (another tab, a lost answer) comes first.
  const countedSends = useRef(new Set<number>());
  const countSend = useCallback(
    (message: ChatMessage) => {
      if (message.sender_id !== viewerId || countedSends.current.has(message.id)) return;
      countedSends.current.add(message.id);
      setSendLeft((left) => (left === null ? null : Math.max(0, left - 1)));
    },
    [viewerId],
  );

  const source: MessageSource<HistoryPage, HistoryPage & { conversation: Conversation }> = {
    open: async () => {
      const opened = await api.call(chatCreateSession, { receiver_id: peerId });
      const history = await api.call(chatHistory, { receiver_id: peerId, size: SIZE });
      return { ...history, conversation: opened };
    },
    onOpened: (opened) => {
      setConversation(opened.conversation);
      setSendLeft(opened.conversation.send_left);
    },
    newest: () => api.call(chatHistory, { receiver_id: peerId, size: SIZE }),
    older: (oldest) => api.call(chatHistory, { receiver_id: peerId, before_id: oldest.id, size: SIZE }),
    since: (sinceId) => api.call(chatHistory, { receiver_id: peerId, since_id: sinceId, size: SIZE }),
    onPage: (page, kind) => {
      setPeerReadId((id) => Math.max(id, page.peer_read_id));
      // They replied meanwhile: the stranger limit no longer holds.
      if (kind === 'since' && page.messages.some((m) => m.sender_id === peerId)) setSendLeft(null);
    },
    isOwnChat: (message) => isOfConversation(message, viewerId, peerId),
    onPushed: (message, isNew) => {
      if (isNew) countSend(message);
      if (message.sender_id === peerId) {
        setTypingUntil(0);
        // They replied: the stranger limit no longer holds.
        setSendLeft(null);
      }
    },
    send: (message) =>
      api.call(chatSend, {
        receiver_id: peerId,
        talk_type: TALK_TYPE.private,
        msg_type: message.msgType,
        content: message.content,
        media_src: message.mediaSrc,
        client_msg_id: message.clientMsgId,
      }),
    onStored: (message) => {
      countSend(message);
      onMessage?.(message);
    },
    // Reading: the newest of the other person's messages.
    readUpTo: (messages) => findNewestFrom(messages, peerId),
    markRead: async (id) => {
      await api.call(markAsRead, { message_type: 'private', receiver_id: peerId, id });
      const current = conversationRef.current;
      if (current) onRead?.(current);
    },
    openErrorText: (error) => (error instanceof ApiError ? error.message : CHAT_MESSAGES.historyFailed),
    sendErrorText: errorText,
  };
  const list = useMessageList({ chatKey: peerId, isReading, source });

  useLiveEvent<ChatReadEvent>(REALTIME_EVENTS.chatRead, (event) => {
    const current = conversationRef.current;
    if (event.reader_id !== peerId) return;
    if (current && event.conversation_id !== current.id) return;
    setPeerReadId((id) => Math.max(id, event.read_id));
  });

  useLiveEvent<ChatTypingEvent>(REALTIME_EVENTS.chatTyping, (event) => {
    if (event.user_id !== peerId) return;
    const current = conversationRef.current;
    if (current && event.conversation_id !== current.id) return;
    setTypingUntil(Date.now() + TYPING_SHOW_MS);
  });

  // The indicator goes when no typing event renews it.
  useEffect(() => {
    if (typingUntil === 0) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return { ...list, conversation, peerReadId, isTyping: typingUntil > 0, sendLeft };
}

function findNewestFrom(messages: readonly ChatMessage[], senderId: number): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && message.sender_id === senderId) return message.id;
  }
  return 0;
}
