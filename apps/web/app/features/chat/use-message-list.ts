import { type ChatMessage, MSG_TYPE, PAGE_SIZE, REALTIME_EVENTS } from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { uploadMedia } from '~/features/uploads/index.ts';
import { newClientMsgId } from '~/lib/client-msg-id.ts';
import { mergeMessages } from './chat-rules.ts';

/** How many messages a history page asks for. */
export const CHAT_PAGE_SIZE = PAGE_SIZE.chats;
/** Reading goes to the server once things settle: a burst of messages is one mark. */
const MARK_READ_DELAY_MS = 400;

/** A message of the viewer's the server has not stored yet: being sent, or failed (with a retry). */
export type PendingMessage = {
  /** Sent again on a retry, so the server stores it once however often it is sent. */
  clientMsgId: string;
  msgType: number;
  content: string;
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

export type OlderStatus = 'idle' | 'loading' | 'error' | 'done';

/** A page of a chat's history as the server answers it, oldest message first. */
export type HistoryPage = { messages: ChatMessage[]; has_more: boolean };

/**
 * Which part of the history a page is: the newest messages (on opening, or a catch-up
 * when nothing is held), the ones before the oldest held, or the ones after the newest held.
 */
export type PageKind = 'newest' | 'older' | 'since';

/**
 * What makes one chat different from another: the endpoints it reads and sends through,
 * which pushed messages are its own, what it marks read, and what it keeps beside the
 * messages (through the `on…` hooks). Read afresh on every render.
 */
export type MessageSource<Page extends HistoryPage, Opened extends Page = Page> = {
  /** Opening: whatever the chat needs first, then its newest page. */
  open: () => Promise<Opened>;
  /** The newest page again (a catch-up when nothing is held yet). */
  newest: () => Promise<Page>;
  /** The page before the oldest message held. */
  older: (oldest: ChatMessage) => Promise<Page>;
  /** The page after message `sinceId` (the catch-up after a reconnect). */
  since: (sinceId: number) => Promise<Page>;
  /** Stores one of the viewer's messages (`mediaSrc` holds the uploaded image). */
  send: (message: PendingMessage) => Promise<ChatMessage>;
  /** Marks the chat read up to message `id`. */
  markRead: (id: number) => Promise<unknown>;
  /** The newest message whose reading counts (0: none). */
  readUpTo: (messages: readonly ChatMessage[]) => number;
  /** Whether a pushed message belongs to this chat. */
  isOwnChat: (message: ChatMessage) => boolean;
  /** What the viewer reads when opening failed, and when a send failed. */
  openErrorText: (error: unknown) => string;
  sendErrorText: (error: unknown) => string;
  onOpened?: (opened: Opened) => void;
  /** Every page read (the opening one too), once its messages are merged. */
  onPage?: (page: Page, kind: PageKind) => void;
  /** A pushed message of this chat; `isNew` when it was not held before. */
  onPushed?: (message: ChatMessage, isNew: boolean) => void;
  /** One of the viewer's messages the server stored in answer to a send. */
  onStored?: (message: ChatMessage) => void;
};

type Options<Page extends HistoryPage, Opened extends Page> = {
  /** The chat held: a change opens it afresh. */
  chatKey: string | number;
  /** The chat is on screen in a tab in front: what arrives is read at once. */
  isReading: boolean;
  source: MessageSource<Page, Opened>;
};

/**
 * The messages of one chat, private or team: the newest page on opening (again after a
 * failure), older pages upward, messages pushed live and cards updated live, the catch-up
 * after a reconnect (since_id until nothing more), each merged by id; the viewer's sends
 * with a client id (a retry reuses it, so the server stores it once), an image uploaded
 * first; and marking read while it is being read. What differs between chats comes in
 * through `source`.
 */
export function useMessageList<Page extends HistoryPage, Opened extends Page = Page>({
  chatKey,
  isReading,
  source,
}: Options<Page, Opened>) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [older, setOlder] = useState<OlderStatus>('idle');
  const [attempt, setAttempt] = useState(0);

  const sourceRef = useRef(source);
  sourceRef.current = source;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
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

  // Open: the newest page (and whatever the chat needs first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chatKey` is the chat opened, `attempt` the retry after a failure
  useEffect(() => {
    let isCurrent = true;
    setStatus('loading');
    sourceRef.current.open().then(
      (opened) => {
        if (!isCurrent) return;
        sourceRef.current.onOpened?.(opened);
        addMessages(opened.messages);
        sourceRef.current.onPage?.(opened, 'newest');
        setOlder(opened.has_more ? 'idle' : 'done');
        setStatus('ready');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setLoadError(sourceRef.current.openErrorText(error));
        setStatus('error');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [chatKey, attempt, addMessages]);

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current[0];
    if (!first) return;
    setOlder('loading');
    try {
      const page = await sourceRef.current.older(first);
      if (!isAlive.current) return;
      addMessages(page.messages);
      sourceRef.current.onPage?.(page, 'older');
      setOlder(page.has_more && page.messages.length > 0 ? 'idle' : 'done');
    } catch {
      if (isAlive.current) setOlder('error');
    }
  }, [addMessages]);

  // Pushed messages of this chat (others', or the viewer's from another device).
  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessage, (message) => {
    if (!sourceRef.current.isOwnChat(message)) return;
    const isNew = !messagesRef.current.some((m) => m.id === message.id);
    addMessages([message]);
    sourceRef.current.onPushed?.(message, isNew);
  });

  // A card changed (a team invitation answered or closed): the held copy is replaced.
  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessageUpdated, (message) => {
    if (!sourceRef.current.isOwnChat(message)) return;
    if (messagesRef.current.some((m) => m.id === message.id)) addMessages([message]);
  });

  // After a reconnect (or a first connect that came after the history): everything after
  // the newest message held, page by page, merged by id.
  useLiveCatchUp(() => {
    if (status !== 'ready') {
      setAttempt((n) => n + 1);
      return;
    }
    const from = sourceRef.current;
    void (async () => {
      const newestHeld = messagesRef.current.at(-1)?.id;
      if (newestHeld === undefined) {
        const page = await from.newest();
        if (!isAlive.current) return;
        addMessages(page.messages);
        from.onPage?.(page, 'newest');
        setOlder(page.has_more ? 'idle' : 'done');
        return;
      }
      let since: number = newestHeld;
      for (;;) {
        const page: Page = await from.since(since);
        if (!isAlive.current) return;
        addMessages(page.messages);
        from.onPage?.(page, 'since');
        const newest: number | undefined = page.messages.at(-1)?.id;
        if (!page.has_more || newest === undefined || newest <= since) break;
        since = newest;
      }
    })().catch(() => {
      // The next reconnect tries again; what is on screen stays.
    });
  });

  // Reading: up to the newest message that counts, once settled, while on screen.
  const markedId = useRef(0);
  const readUpTo = source.readUpTo(messages);
  useEffect(() => {
    if (!isReading || status !== 'ready' || readUpTo <= markedId.current) return;
    const timer = setTimeout(() => {
      markedId.current = Math.max(markedId.current, readUpTo);
      sourceRef.current.markRead(readUpTo).catch(() => {
        // Marked again with the next message or the next visit.
        markedId.current = 0;
      });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReading, status, readUpTo]);

  const deliver = useCallback(
    async (clientMsgId: string) => {
      const update = (patch: Partial<PendingMessage>) =>
        setPending((all) => all.map((p) => (p.clientMsgId === clientMsgId ? { ...p, ...patch } : p)));
      const item = pendingRef.current.find((p) => p.clientMsgId === clientMsgId);
      if (!item) return;
      const to = sourceRef.current;
      update({ state: 'sending', error: '' });
      try {
        let mediaSrc = item.mediaSrc;
        if (item.msgType === MSG_TYPE.image && !mediaSrc && item.file) {
          mediaSrc = (await uploadMedia(item.file, 'image')).path;
          update({ mediaSrc });
        }
        const stored = await to.send({ ...item, mediaSrc });
        if (!isAlive.current) return;
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
        addMessages([stored]);
        setPending((all) => all.filter((p) => p.clientMsgId !== clientMsgId));
        to.onStored?.(stored);
      } catch (error) {
        if (isAlive.current) update({ state: 'failed', error: to.sendErrorText(error) });
      }
    },
    [addMessages],
  );

  const enqueue = useCallback(
    (message: Pick<PendingMessage, 'msgType' | 'content' | 'file' | 'previewUrl'>) => {
      const item: PendingMessage = {
        ...message,
        mediaSrc: '',
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
    (text: string) => enqueue({ msgType: MSG_TYPE.text, content: text, file: null, previewUrl: '' }),
    [enqueue],
  );
  const sendImage = useCallback(
    (file: File) => enqueue({ msgType: MSG_TYPE.image, content: '', file, previewUrl: URL.createObjectURL(file) }),
    [enqueue],
  );

  // Object URLs of images never sent go with the chat.
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
    messages,
    pending,
    older,
    loadOlder,
    sendText,
    sendImage,
    retry: (clientMsgId: string) => void deliver(clientMsgId),
  };
}
