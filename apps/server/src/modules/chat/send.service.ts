import { AppError, type ChatMessage, MSG_TYPE, TALK_TYPE } from '@evcircle/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type Announce, transaction } from '../../platform/events.ts';
import './chat.events.ts';
import { storageKeyOf } from '../posts/index.ts';
import { followedAmong } from '../relations/index.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import {
  type ConversationRow,
  ensurePrivateConversation,
  lockPairForWrite,
  type MemberRow,
  sendLeft,
} from './conversations.service.ts';
import { type ChatDeps, deliverMessage } from './delivery.ts';
import { type ContentInput, type MessageContent, resolveMessageContent, type SendInput } from './message-input.ts';
import { type MessageRow, toChatMessages } from './message-view.ts';
import { peerOf } from './pair.ts';

/** What a send asks for, as far as a retry must repeat it (the field its msg_type uses, nothing else). */
export type Requested = Pick<MessageContent, 'msgType' | 'content' | 'postId' | 'productId'> & {
  mediaKey: string | null;
};

function requestedBy(input: ContentInput): Requested {
  const isMedia = input.msg_type === MSG_TYPE.image || input.msg_type === MSG_TYPE.video;
  return {
    msgType: input.msg_type,
    content: input.content,
    mediaKey: isMedia ? storageKeyOf(input.media_src) : null,
    postId: input.msg_type === MSG_TYPE.post ? (input.post_id ?? null) : null,
    productId: input.msg_type === MSG_TYPE.product ? (input.prd_id ?? null) : null,
  };
}

/**
 * What a retry is matched by, in a private chat or a team's: who sends, the client id
 * (null when the client gave none), and what the retry must repeat.
 */
export type RetryKey = { senderId: number; clientMsgId: string | null; requested: Requested };

/** The retry key of a send of `senderId` (an empty client_msg_id is none). */
export function retryKeyOf(senderId: number, input: ContentInput & { client_msg_id: string }): RetryKey {
  return {
    senderId,
    clientMsgId: input.client_msg_id === '' ? null : input.client_msg_id,
    requested: requestedBy(input),
  };
}

/**
 * Sends a private message from `senderId` (chatSend). The conversation is opened when
 * the two have none. With a client_msg_id, a retry of the same send answers the stored
 * message (no second row, no second delivery), also when both arrive at once; the same
 * id for a different message is CHAT_CLIENT_ID_REUSED.
 *
 * One transaction writes the message, the conversation's last message, both members'
 * lastMessageAt, the receiver's unread + 1, and the sender's sentCount + 1 and read
 * state (sending a message reads the conversation). Both member rows are locked first,
 * in user id order: the stranger rule (at most STRANGER_MESSAGE_LIMIT messages until the
 * receiver replies or follows) is counted under that lock, so concurrent sends cannot
 * exceed it, and two people sending to each other at once cannot deadlock.
 * After commit the message goes to both people's sockets (deliverMessage).
 */
export async function sendMessage(deps: ChatDeps, senderId: number, input: SendInput): Promise<ChatMessage> {
  if (input.talk_type !== TALK_TYPE.private) throw new AppError('CHAT_TYPE_UNSUPPORTED');
  if (senderId === input.receiver_id) throw new AppError('CHAT_SELF');
  const send: PendingSend = { ...retryKeyOf(senderId, input), receiverId: input.receiver_id };
  const replay = await findPrivateReplay(deps.db, send);
  if (replay) return replay;
  const content = await resolveMessageContent(deps.db, senderId, input);

  const outcome = await transaction(deps.db, (tx, announce) => storeMessage(tx, send, content, announce));
  if (outcome.kind === 'replay') return outcome.replay;
  const view = await showSentMessage(deps.db, outcome.conversation, outcome.message);
  deliverMessage(deps, view, { senderHadUnread: outcome.senderHadUnread });
  return view;
}

/** One send on its way: who to whom, its client id, and what a retry must repeat. */
type PendingSend = RetryKey & { receiverId: number };

type StoreOutcome =
  | { kind: 'replay'; replay: ChatMessage }
  | { kind: 'sent'; conversation: ConversationRow; message: MessageRow; senderHadUnread: boolean };

/** The transaction of sendMessage: checks under the locks, then writes the message and the state it changes. */
async function storeMessage(
  tx: Db,
  send: PendingSend,
  content: MessageContent,
  announce: Announce,
): Promise<StoreOutcome> {
  await lockPairForWrite(tx, send.senderId, send.receiverId);
  const conversation = await ensurePrivateConversation(tx, send.senderId, send.receiverId);
  const { sender, receiver } = await lockMembers(tx, conversation.id, send.senderId);
  // Read after the locks: a retry that was waiting for them now sees the first one's message.
  const earlier = await findPrivateReplay(tx, send);
  if (earlier) return { kind: 'replay', replay: earlier };
  await assertMaySend(tx, sender, receiver);

  // A conflict here is a send with the same id committed meanwhile (to someone else: the
  // member locks keep the sends into this conversation in line).
  const inserted = await insertMessage(tx, conversation.id, send, content, () => findPrivateReplay(tx, send));
  if (inserted.kind === 'replay') return inserted;
  await recordSent(tx, conversation, inserted.message, receiver.userId);
  await announce('chat.message.sent', {
    messageId: inserted.message.id,
    conversationId: conversation.id,
    senderId: send.senderId,
    receiverId: receiver.userId,
  });
  return { kind: 'sent', conversation, message: inserted.message, senderHadUnread: sender.unread > 0 };
}

/** findReplay for a private send: the stored message must have gone to the same receiver. */
function findPrivateReplay(db: Db, send: PendingSend): Promise<ChatMessage | null> {
  return findReplay(
    db,
    send,
    (conversation) =>
      conversation.talkType === TALK_TYPE.private && peerOf(conversation, send.senderId) === send.receiverId,
  );
}

/**
 * The sender's stored message with this send's client_msg_id, when the send repeats it
 * (in the same chat, as `isSameChat` judges its conversation, with the same content);
 * null when there is none (or the send has no client id); CHAT_CLIENT_ID_REUSED when it
 * is a different message or went to another chat.
 */
export async function findReplay(
  db: Db,
  send: RetryKey,
  isSameChat: (conversation: ConversationRow) => boolean,
): Promise<ChatMessage | null> {
  if (send.clientMsgId === null) return null;
  const [row] = await db
    .select({ message: chatMessages, conversation: conversations })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.senderId, send.senderId), eq(chatMessages.clientMsgId, send.clientMsgId)))
    .limit(1);
  if (!row) return null;
  if (!isSameChat(row.conversation) || !asksFor(row.message, send.requested)) {
    throw new AppError('CHAT_CLIENT_ID_REUSED');
  }
  const [view] = await toChatMessages(db, row.conversation, [row.message]);
  return view ?? null;
}

/**
 * Inserts the message of `send` into conversation `conversationId`. Only its
 * client_msg_id can conflict: then the send is a retry of one committed meanwhile
 * (`findRetried` answers it) or CHAT_CLIENT_ID_REUSED.
 */
export async function insertMessage(
  tx: Db,
  conversationId: number,
  send: RetryKey,
  content: MessageContent,
  findRetried: () => Promise<ChatMessage | null>,
): Promise<{ kind: 'sent'; message: MessageRow } | { kind: 'replay'; replay: ChatMessage }> {
  const [message] = await tx
    .insert(chatMessages)
    .values({ conversationId, senderId: send.senderId, ...content, clientMsgId: send.clientMsgId })
    .onConflictDoNothing()
    .returning();
  if (message) return { kind: 'sent', message };
  const replay = await findRetried();
  if (replay) return { kind: 'replay', replay };
  throw new AppError('CHAT_CLIENT_ID_REUSED');
}

/** A message just stored, as its sender is answered it (and its chat delivered it). */
export async function showSentMessage(
  db: Db,
  conversation: ConversationRow,
  message: MessageRow,
): Promise<ChatMessage> {
  const [view] = await toChatMessages(db, conversation, [message]);
  if (!view) throw new Error(`message ${message.id} could not be shown`);
  return view;
}

/** Whether a stored message is what `requested` asks for (a retry with the same client_msg_id). */
function asksFor(stored: MessageRow, requested: Requested): boolean {
  return (
    stored.msgType === requested.msgType &&
    stored.content === requested.content &&
    (stored.media?.key ?? null) === requested.mediaKey &&
    stored.postId === requested.postId &&
    stored.productId === requested.productId
  );
}

/** Locks both member rows of a private conversation FOR UPDATE, in user id order. */
export async function lockMembers(
  tx: Db,
  conversationId: number,
  senderId: number,
): Promise<{ sender: MemberRow; receiver: MemberRow }> {
  const rows = await tx
    .select()
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId))
    .orderBy(conversationMembers.userId)
    .for('update');
  const sender = rows.find((row) => row.userId === senderId);
  const receiver = rows.find((row) => row.userId !== senderId);
  if (!sender || !receiver) throw new Error(`conversation ${conversationId} lacks a member`);
  return { sender, receiver };
}

/** The stranger rule: CHAT_STRANGER_LIMIT once the sender has used the messages a stranger may send. */
export async function assertMaySend(tx: Db, sender: MemberRow, receiver: MemberRow): Promise<void> {
  const peerHasSent = receiver.sentCount > 0;
  if (sendLeft({ sentCount: sender.sentCount, peerHasSent, peerFollows: false }) !== 0) return;
  const peerFollows = (await followedAmong(tx, receiver.userId, [sender.userId])).has(sender.userId);
  if (sendLeft({ sentCount: sender.sentCount, peerHasSent, peerFollows }) === 0) {
    throw new AppError('CHAT_STRANGER_LIMIT');
  }
}

/** The writes a stored message makes to its conversation and both members' state. */
export async function recordSent(tx: Db, conversation: ConversationRow, message: MessageRow, receiverId: number) {
  const latest = await recordSenderSent(tx, conversation, message);
  await tx
    .update(conversationMembers)
    .set({ lastMessageAt: latest, unread: sql`${conversationMembers.unread} + 1` })
    .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, receiverId)));
}

/**
 * The writes a stored message makes in any chat before its readers are counted: the
 * conversation's last message, and the sender's lastMessageAt, sent count and read state
 * (sending a message reads the conversation). Answers the lastMessageAt the readers take.
 */
export async function recordSenderSent(tx: Db, conversation: ConversationRow, message: MessageRow): Promise<SQL> {
  // NOTE: created_at is the transaction's start; one that waited for the member locks
  // may be older than the message before it, and the list order must not step back.
  const latest = sql`greatest(${conversationMembers.lastMessageAt}, ${message.createdAt.toISOString()}::timestamptz)`;
  await tx.update(conversations).set({ lastMessageId: message.id }).where(eq(conversations.id, conversation.id));
  await tx
    .update(conversationMembers)
    .set({
      lastMessageAt: latest,
      sentCount: sql`${conversationMembers.sentCount} + 1`,
      lastReadId: message.id,
      unread: 0,
    })
    .where(
      and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, message.senderId)),
    );
  return latest;
}
