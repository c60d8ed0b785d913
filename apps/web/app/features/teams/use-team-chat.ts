import {
  ApiError,
  type ChatMessage,
  MSG_TYPE,
  markAsRead,
  PAGE_SIZE,
  REALTIME_EVENTS,
  sendTeamChat,
  TALK_TYPE,
  teamChatHistory,
} from '@evcircle/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mergeMessages, newClientMsgId } from '~/features/chat/index.ts';
import { useLiveCatchUp, useLiveEvent } from '~/features/realtime/index.ts';
import { uploadMedia } from '~/features/uploads/index.ts';
import { useApi } from '~/lib/api.ts';
import { TEAMS_MESSAGES } from './messages.ts';

const SIZE = PAGE_SIZE.chats;
/** Reading goes to the server once things settle: a burst of messages is one mark. */
const MARK_READ_DELAY_MS = 400;

/** A message of the viewer's not stored yet: being sent, or failed (a retry sends the same client id). */
export type PendingTeamMessage = {
  clientMsgId: string;
  msgType: number;
  content: string;
  mediaSrc: string;
  file: File | null;
  previewUrl: string;
  state: 'sending' | 'failed';
  error: string;
  createdAt: string;
};

export type OlderStatus = 'idle' | 'loading' | 'error' | 'done';

type HistoryPage = { messages: ChatMessage[]; has_more: boolean };

type Options = {
  teamId: string;
  /** The chat is on screen in a tab in front: what arrives is read at once. */
  isReading: boolean;
};

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return TEAMS_MESSAGES.actionFailed;
}

/**
 * One team's chat, for a member: the newest page, older pages by page number (pages count
 * back from the newest, so a page fetched after new messages overlaps the one before it;
 * merging by id drops the repeats), messages pushed live into the team's room, the
 * catch-up after a reconnect (since_id until nothing more), sends with a client id (a
 * retry stores one message), and marking the chat read while it is on screen.
 */
export function useTeamChat({ teamId, isReading }: Options) {
  const api = useApi();
  const numericId = Number(teamId);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingTeamMessage[]>([]);
  const [older, setOlder] = useState<OlderStatus>('idle');
  const [attempt, setAttempt] = useState(0);
  const pagesLoaded = useRef(0);
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
    const stored = new Set(incoming.map((m) => m.client_msg_id).filter(Boolean));
    if (stored.size > 0)
      setPending((all) =>
        all.some((p) => stored.has(p.clientMsgId)) ? all.filter((p) => !stored.has(p.clientMsgId)) : all,
      );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry after a failure
  useEffect(() => {
    let isCurrent = true;
    setStatus('loading');
    api.call(teamChatHistory, { team_id: teamId, page: 1, size: SIZE }).then(
      (page) => {
        if (!isCurrent) return;
        pagesLoaded.current = 1;
        addMessages(page.messages);
        setOlder(page.has_more ? 'idle' : 'done');
        setStatus('ready');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setLoadError(errorText(error));
        setStatus('error');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, teamId, attempt, addMessages]);

  const loadOlder = useCallback(async () => {
    setOlder('loading');
    try {
      const next = pagesLoaded.current + 1;
      const page = await api.call(teamChatHistory, { team_id: teamId, page: next, size: SIZE });
      if (!isAlive.current) return;
      pagesLoaded.current = next;
      addMessages(page.messages);
      setOlder(page.has_more && page.messages.length > 0 ? 'idle' : 'done');
    } catch {
      if (isAlive.current) setOlder('error');
    }
  }, [api, teamId, addMessages]);

  useLiveEvent<ChatMessage>(REALTIME_EVENTS.chatMessage, (message) => {
    if (message.talk_type !== TALK_TYPE.group || message.team_id !== numericId) return;
    addMessages([message]);
  });

  // After a reconnect (or a first connect that came after the history): all that came since.
  useLiveCatchUp(() => {
    if (status !== 'ready') {
      setAttempt((n) => n + 1);
      return;
    }
    void (async () => {
      const newestHeld = messagesRef.current.at(-1)?.id;
      if (newestHeld === undefined) {
        const page = await api.call(teamChatHistory, { team_id: teamId, page: 1, size: SIZE });
        if (isAlive.current) addMessages(page.messages);
        return;
      }
      let since: number = newestHeld;
      for (;;) {
        const page: HistoryPage = await api.call(teamChatHistory, { team_id: teamId, since_id: since, limit: SIZE });
        if (!isAlive.current) return;
        addMessages(page.messages);
        const newest: number | undefined = page.messages.at(-1)?.id;
        if (!page.has_more || newest === undefined || newest <= since) break;
        since = newest;
      }
    })().catch(() => {
      // The next reconnect tries again; what is on screen stays.
    });
  });

  // Reading: once the newest message is settled, while on screen.
  const markedId = useRef(0);
  const newest = messages.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!isReading || status !== 'ready' || newest <= markedId.current) return;
    const timer = setTimeout(() => {
      markedId.current = newest;
      api.call(markAsRead, { message_type: 'group', id: numericId }).catch(() => {
        // Marked again with the next message or the next visit.
        markedId.current = 0;
      });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, isReading, status, newest, numericId]);

  const deliver = useCallback(
    async (clientMsgId: string) => {
      const update = (patch: Partial<PendingTeamMessage>) =>
        setPending((all) => all.map((p) => (p.clientMsgId === clientMsgId ? { ...p, ...patch } : p)));
      const item = pendingRef.current.find((p) => p.clientMsgId === clientMsgId);
      if (!item) return;
      update({ state: 'sending', error: '' });
      try {
        let mediaSrc = item.mediaSrc;
        if (item.msgType === MSG_TYPE.image && !mediaSrc && item.file) {
          mediaSrc = (await uploadMedia(item.file, 'image')).path;
          update({ mediaSrc });
        }
        const answer = await api.call(sendTeamChat, {
          team_id: teamId,
          msg_type: item.msgType,
          content: item.content,
          media_src: mediaSrc,
          client_msg_id: clientMsgId,
        });
        if (!isAlive.current) return;
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
        addMessages([answer.message]);
        setPending((all) => all.filter((p) => p.clientMsgId !== clientMsgId));
      } catch (error) {
        if (isAlive.current) update({ state: 'failed', error: errorText(error) });
      }
    },
    [api, teamId, addMessages],
  );

  const enqueue = useCallback(
    (message: Pick<PendingTeamMessage, 'msgType' | 'content' | 'file' | 'previewUrl'>) => {
      const item: PendingTeamMessage = {
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
