import {
  ApiError,
  type ChatMessage,
  type ChatReadEvent,
  type ChatTypingEvent,
  type Conversation,
  chatCreateSession,
  chatHistory,
  chatSend,
  MSG_TYPE,
  markAsRead,
  PAGE_SIZE,
  REALTIME_EVENTS,
  TALK_TYPE,
  TYPING_SHOW_MS,
} from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { uploadMedia } from '~/features/uploads/index.ts';
import { useApi } from '~/lib/api.ts';
import { isOfConversation, mergeMessages, newClientMsgId } from './chat-rules.ts';
import { CHAT_MESSAGES } from './messages.ts';

const SIZE = PAGE_SIZE.chats;
/** Reading goes to the server once things settle: a burst of messages is one mark. */
const MARK_READ_DELAY_MS = 400;

/** A message of the viewer's the server has not stored yet: being sent, or failed (with a retry). */
export type PendingMessage = {
  /** Sent again on a retry, so the server stores it once however often it is sent. */
  clientMsgId: string;
  msgType: number;
  content: string;
  postId: number | null;
  prdId: number | null;
  /** The uploaded image's key ('' until the upload is done). */
  mediaSrc: string;
  /** The image to upload (kept for a retry while the upload has not succeeded). */
  file: File | null;
  /** A local preview of the image (an object URL). */
  previewUrl: string;
  state: 'sending' | 'failed';
  /** Why it failed: the server's words (the stranger limit, a block) or a network problem. */
  error: string;
  createdAt: string;
};

type HistoryPage = { messages: ChatMessage[]; has_more: boolean; peer_read_id: number };

export type OlderStatus = 'idle' | 'loading' | 'error' | 'done';

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
 * One private conversation: opens it (creat-sessions), its history (the newest page, then
 * older pages upward), messages pushed live, sends with a client id (a retry reuses it,
 * so it is stored once), the other person's read mark and typing, the catch-up after a
 * reconnect (since_id until nothing more, merged by id), and marking read while it is
 * being read. Mount it once per person (key it by `peerId`).
 */
export function useConversation({ peerId, viewerId, isReading, onMessage, onRead }: Options) {
  const api = useApi();
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [older, setOlder] = useState<OlderStatus>('idle');
  const [peerReadId, setPeerReadId] = useState(0);
  const [typingUntil, setTypingUntil] = useState(0);
  const [sendLeft, setSendLeft] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);

  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const conversationRef = useRef(conversation);
  conversationRef.current = conversation;
  const callbacks = useRef({ onMessage, onRead });
  callbacks.current = { onMessage, onRead };
  const isAlive = useRef(true);
  useEffect(() => {
    isAlive.current = true;
    return () => {
      isAlive.current = false;
    };
  }, []);

  const addMessages = useCallback((incoming: ChatMessage[]) => {
    if (incoming.length === 0) return;
    setMessages((all) => mergeMessages(all, incoming));
    // What the server stored replaces its pending copy (sent from here, or from another tab).
    const stored = new Set(incoming.map((m) => m.client_msg_id).filter(Boolean));
    if (stored.size > 0)
      setPending((all) =>
        all.some((p) => stored.has(p.clientMsgId)) ? all.filter((p) => !stored.has(p.clientMsgId)) : all,
      );
  }, []);

  // Open: the conversation (its person, the stranger allowance), then the newest page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry after a failure
  useEffect(() => {
    let isCurrent = true;
    setStatus('loading');
    (async () => {
      try {
        const opened = await api.call(chatCreateSession, { receiver_id: peerId });
        const history = await api.call(chatHistory, { receiver_id: peerId, size: SIZE });
        if (!isCurrent) return;
        setConversation(opened);
        setSendLeft(opened.send_left);
        addMessages(history.messages);
        setPeerReadId((id) => Math.max(id, history.peer_read_id));
        setOlder(history.has_more ? 'idle' : 'done');
        setStatus('ready');
      } catch (error) {
        if (!isCurrent) return;
        setLoadError(error instanceof ApiError ? error.message : CHAT_MESSAGES.historyFailed);
        setStatus('error');
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [api, peerId, attempt, addMessages]);

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current[0];
    if (!first) return;
    setOlder('loading');
    try {
      const page = await api.call(chatHistory, { receiver_id: peerId, before_id: first.id, size: SIZE });
      if (!isAlive.current) return;
      addMessages(page.messages);
      setPeerReadId((id) => Math.max(id, page.peer_read_id));
      setOlder(page.has_more && page.messages.length > 0 ? 'idle' : 'done');
    } catch {
      if (isAlive.current) setOlder('error');
    }
  }, [api, peerId, addMessages]);

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

  // Pushed messages of this conversation (the other person's, or the viewer's from another device).
  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessage, (message) => {
    if (!isOfConversation(message, viewerId, peerId)) return;
    if (!messagesRef.current.some((m) => m.id === message.id)) countSend(message);
    addMessages([message]);
    if (message.sender_id === peerId) {
      setTypingUntil(0);
      // They replied: the stranger limit no longer holds.
      setSendLeft(null);
    }
  });

  // A card changed (a team invitation answered or closed): the stored copy is replaced.
  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessageUpdated, (message) => {
    if (!isOfConversation(message, viewerId, peerId)) return;
    if (messagesRef.current.some((m) => m.id === message.id)) addMessages([message]);
  });

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

  // After a reconnect (or a first connect that came after the history): everything after
  // the newest message held, page by page, merged by id.
  useLiveCatchUp(() => {
    if (status !== 'ready') {
      setAttempt((n) => n + 1);
      return;
    }
    void (async () => {
      const newestHeld = messagesRef.current.at(-1)?.id;
      if (newestHeld === undefined) {
        const page = await api.call(chatHistory, { receiver_id: peerId, size: SIZE });
        if (!isAlive.current) return;
        addMessages(page.messages);
        setPeerReadId((id) => Math.max(id, page.peer_read_id));
        setOlder(page.has_more ? 'idle' : 'done');
        return;
      }
      let since: number = newestHeld;
      for (;;) {
        const page: HistoryPage = await api.call(chatHistory, { receiver_id: peerId, since_id: since, size: SIZE });
        if (!isAlive.current) return;
        addMessages(page.messages);
        // They replied meanwhile: the stranger limit no longer holds.
        if (page.messages.some((m) => m.sender_id === peerId)) setSendLeft(null);
        setPeerReadId((id) => Math.max(id, page.peer_read_id));
        const newest: number | undefined = page.messages.at(-1)?.id;
        if (!page.has_more || newest === undefined || newest <= since) break;
        since = newest;
      }
    })().catch(() => {
      // The next reconnect tries again; what is on screen stays.
    });
  });

  // Reading: the newest of the other person's messages, once settled, while on screen.
  const markedId = useRef(0);
  const newestFromPeer = findNewestFrom(messages, peerId);
  useEffect(() => {
    if (!isReading || status !== 'ready' || newestFromPeer <= markedId.current) return;
    const timer = setTimeout(() => {
      markedId.current = Math.max(markedId.current, newestFromPeer);
      api.call(markAsRead, { message_type: 'private', receiver_id: peerId, id: newestFromPeer }).then(
        () => {
          const current = conversationRef.current;
          if (current) callbacks.current.onRead?.(current);
        },
        () => {
          // Marked again with the next message or the next visit.
          markedId.current = 0;
        },
      );
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, isReading, status, newestFromPeer, peerId]);

  const deliver = useCallback(
    async (clientMsgId: string) => {
      const update = (patch: Partial<PendingMessage>) =>
        setPending((all) => all.map((p) => (p.clientMsgId === clientMsgId ? { ...p, ...patch } : p)));
      const item = pendingRef.current.find((p) => p.clientMsgId === clientMsgId);
      if (!item) return;
      update({ state: 'sending', error: '' });
      try {
        let mediaSrc = item.mediaSrc;
        if (item.msgType === MSG_TYPE.image && !mediaSrc && item.file) {
          const uploaded = await uploadMedia(item.file, 'image');
          mediaSrc = uploaded.path;
          update({ mediaSrc });
        }
        const stored = await api.call(chatSend, {
          receiver_id: peerId,
          talk_type: TALK_TYPE.private,
          msg_type: item.msgType,
          content: item.content,
          media_src: mediaSrc,
          post_id: item.postId ?? undefined,
          prd_id: item.prdId ?? undefined,
          client_msg_id: clientMsgId,
        });
        if (!isAlive.current) return;
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
        addMessages([stored]);
        setPending((all) => all.filter((p) => p.clientMsgId !== clientMsgId));
        countSend(stored);
        callbacks.current.onMessage?.(stored);
      } catch (error) {
        if (isAlive.current) update({ state: 'failed', error: errorText(error) });
      }
    },
    [api, peerId, addMessages, countSend],
  );

  const enqueue = useCallback(
    (message: Omit<PendingMessage, 'clientMsgId' | 'state' | 'error' | 'createdAt'>) => {
      const item: PendingMessage = {
        ...message,
        clientMsgId: newClientMsgId(),
        state: 'sending',
        error: '',
        createdAt: new Date().toISOString(),
      };
      pendingRef.current = [...pendingRef.current, item];
      setPending(pendingRef.current);
      void deliver(item.clientMsgId);
    },
    [deliver],
  );

  const sendText = useCallback(
    (text: string) =>
      enqueue({
        msgType: MSG_TYPE.text,
        content: text,
        postId: null,
        prdId: null,
        mediaSrc: '',
        file: null,
        previewUrl: '',
      }),
    [enqueue],
  );

  const sendImage = useCallback(
    (file: File) =>
      enqueue({
        msgType: MSG_TYPE.image,
        content: '',
        postId: null,
        prdId: null,
        mediaSrc: '',
        file,
        previewUrl: URL.createObjectURL(file),
      }),
    [enqueue],
  );

  // Object URLs of images never sent go with the conversation.
  useEffect(
    () => () => {
      for (const p of pendingRef.current) if (p.previewUrl) URL.revokeObjectURL(p.previewUrl);
    },
    [],
  );

  return {
    status,
    loadError,
    retryOpen: () => setAttempt((n) => n + 1),
    conversation,
    messages,
    pending,
    peerReadId,
    older,
    loadOlder,
    isTyping: typingUntil > 0,
    sendLeft,
    sendText,
    sendImage,
    retry: (clientMsgId: string) => void deliver(clientMsgId),
  };
}

function findNewestFrom(messages: readonly ChatMessage[], senderId: number): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && message.sender_id === senderId) return message.id;
  }
  return 0;
}
