import {
  ApiError,
  type ChatMessage,
  type Conversation,
  chatFriends,
  chatSend,
  formatMessage,
  MSG_TYPE,
  PAGE_SIZE,
  privateChats,
  resolveMediaUrl,
  TALK_TYPE,
} from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { newClientMsgId } from '~/lib/client-msg-id.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { ConversationSkeletons } from './conversation-list.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import { relationLabel } from './relation-label.ts';

/** What is shared: a post (msg_type 4) or a product (msg_type 5). */
export type ChatShareTarget = { kind: 'post'; pid: number } | { kind: 'product'; pid: number };

export type ShareToChatSheetProps = {
  open: boolean;
  target: ChatShareTarget;
  onClose: () => void;
  /** After it was sent (the sheet has closed). */
  onShared?: (message: ChatMessage) => void;
};

/** Someone to send to: a recent conversation's person, or a friend. */
type Recipient = { uid: number; name: string; avatar: string; hint: string };

type Loaded = { status: 'loading' | 'done' | 'error'; recent: Recipient[]; friends: Recipient[] };

function fromConversation(conversation: Conversation): Recipient {
  return {
    uid: conversation.receiver_id,
    name: conversation.title,
    avatar: conversation.avatar,
    hint: conversation.last_message?.preview ?? '',
  };
}

/**
 * 分享到私信: the recent conversations and the friends (mutual follows, without those
 * already listed); a tap sends the post or product card to that person, closes the sheet
 * and says 已发送. A failed send says why in the sheet; tapping again resends the same
 * message (its client id kept), which the server stores once.
 */
export function ShareToChatSheet({ open, target, onClose, onShared }: ShareToChatSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title={CHAT_MESSAGES.shareTitle} data-testid="share-chat-sheet">
      <ShareBody target={target} onClose={onClose} onShared={onShared} />
    </Sheet>
  );
}

function ShareBody({ target, onClose, onShared }: Omit<ShareToChatSheetProps, 'open'>) {
  const api = useApi();
  const toast = useToast();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', recent: [], friends: [] });
  const [sendingTo, setSendingTo] = useState<number | null>(null);
  const [error, setError] = useState('');
  /** One client id per person while the sheet is open: a second tap after a failure is a retry. */
  const clientIds = useRef(new Map<number, string>());

  useEffect(() => {
    let isCurrent = true;
    Promise.all([
      api.call(privateChats, { idx: 1, size: PAGE_SIZE.chats }),
      api.call(chatFriends, { type: 'mutual', idx: 1, size: PAGE_SIZE.chats, word: '' }),
    ]).then(
      ([chats, friends]) => {
        if (!isCurrent) return;
        const recent = chats.items.filter((c) => c.talk_type === TALK_TYPE.private).map(fromConversation);
        const listed = new Set(recent.map((r) => r.uid));
        setLoaded({
          status: 'done',
          recent,
          friends: friends.items
            .filter((f) => !listed.has(f.uid))
            .map((f) => ({ uid: f.uid, name: f.nickname, avatar: f.avatar, hint: relationLabel(f) })),
        });
      },
      () => isCurrent && setLoaded({ status: 'error', recent: [], friends: [] }),
    );
    return () => {
      isCurrent = false;
    };
  }, [api]);

  const send = async (recipient: Recipient) => {
    if (sendingTo !== null) return;
    let clientMsgId = clientIds.current.get(recipient.uid);
    if (!clientMsgId) {
      clientMsgId = newClientMsgId();
      clientIds.current.set(recipient.uid, clientMsgId);
    }
    setSendingTo(recipient.uid);
    setError('');
    try {
      const message = await api.call(chatSend, {
        receiver_id: recipient.uid,
        talk_type: TALK_TYPE.private,
        msg_type: target.kind === 'post' ? MSG_TYPE.post : MSG_TYPE.product,
        content: '',
        media_src: '',
        post_id: target.kind === 'post' ? target.pid : undefined,
        prd_id: target.kind === 'product' ? target.pid : undefined,
        client_msg_id: clientMsgId,
      });
      onClose();
      toast.show(CHAT_MESSAGES.shared, { tone: 'success' });
      onShared?.(message);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : CHAT_MESSAGES.shareFailed);
    } finally {
      setSendingTo(null);
    }
  };

  if (loaded.status === 'loading') {
    return (
      <ul aria-busy="true">
        <ConversationSkeletons count={5} />
      </ul>
    );
  }
  if (loaded.status === 'error') {
    return (
      <p role="alert" className="px-4 py-12 text-center text-sm text-gray-500 dark:text-gray-400">
        {CHAT_MESSAGES.listFailed}
      </p>
    );
  }
  if (loaded.recent.length === 0 && loaded.friends.length === 0) {
    return (
      <p data-testid="share-chat-empty" className="px-4 py-12 text-center text-sm text-gray-500 dark:text-gray-400">
        {CHAT_MESSAGES.shareEmpty}
      </p>
    );
  }
  return (
    <div className="pb-3">
      {error ? (
        <p
          role="alert"
          data-testid="share-chat-error"
          className="mx-4 mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/60 dark:text-red-300"
        >
          {error}
        </p>
      ) : null}
      <Group
        title={CHAT_MESSAGES.shareRecent}
        people={loaded.recent}
        sendingTo={sendingTo}
        onSend={send}
        imageBase={imageBase}
      />
      <Group
        title={CHAT_MESSAGES.shareFriends}
        people={loaded.friends}
        sendingTo={sendingTo}
        onSend={send}
        imageBase={imageBase}
      />
    </div>
  );
}

type GroupProps = {
  title: string;
  people: Recipient[];
  sendingTo: number | null;
  onSend: (person: Recipient) => Promise<void>;
  imageBase: string;
};

function Group({ title, people, sendingTo, onSend, imageBase }: GroupProps) {
  if (people.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="px-4 pt-3 pb-1 text-xs font-medium text-gray-500 dark:text-gray-400">{title}</h3>
      <ul>
        {people.map((person) => (
          <li key={person.uid}>
            <button
              type="button"
              data-testid="share-chat-row"
              data-uid={person.uid}
              aria-label={formatMessage(CHAT_MESSAGES.shareTo, { name: person.name })}
              disabled={sendingTo !== null}
              onClick={() => void onSend(person)}
              className="flex w-full items-center gap-3 px-4 py-2.5 text-left hover:bg-gray-50 disabled:opacity-70 dark:hover:bg-gray-800/60"
            >
              <Avatar src={resolveMediaUrl(person.avatar, imageBase)} name={person.name} size={40} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{person.name}</span>
                {person.hint ? (
                  <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{person.hint}</span>
                ) : null}
              </span>
              {sendingTo === person.uid ? (
                <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin text-gray-400" />
              ) : (
                <span className="shrink-0 rounded-full bg-primary-600 px-3 py-1 text-xs font-medium text-white">
                  {CHAT_MESSAGES.send}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
