// Team chats (talk_type 2): one conversation per team, its members kept by the teams
// module in the same transactions as team membership, messages, read state, lists and
// delivery shared with private chats (docs/decisions/0017-teams.md). The chat module
// knows no teams: who may write, and whether the team still accepts anything, is the
// teams module's `guard`, run inside the send's transaction.
import { AppError, type ChatMessage, TALK_TYPE } from '@evcircle/contract';
import { and, asc, count, desc, eq, gt, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { announce, transaction } from '../../platform/events.ts';
import { lockLiveUsers } from '../accounts/index.ts';
import { blockedEitherWayIdsOf } from '../relations/index.ts';
import './chat.events.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import { type ConversationRow, findTeamConversation, type MemberRow } from './conversations.service.ts';
import { type ChatDeps, deliverTeamMessage, pushUnread } from './delivery.ts';
import { type ContentInput, resolveMessageContent } from './message-input.ts';
import { type MessageRow, toChatMessages } from './message-view.ts';
import {
  findReplay,
  insertMessage,
  type RetryKey,
  recordSenderSent,
  retryKeyOf,
  showSentMessage,
} from './send.service.ts';

/**
 * The teams module's check of a team write, run first in its transaction (with its
 * `tx`): it locks what it reads and throws its AppError when the write may not happen.
 */
export type TeamGuard = (tx: Db) => Promise<void>;

/**
 * Opens team `teamId`'s chat, named `title`, with its creator as the first member; in
 * the team's creation transaction. Answers the conversation's id.
 */
export async function openTeamChat(tx: Db, teamId: number, title: string, creatorId: number): Promise<number> {
  const [created] = await tx
    .insert(conversations)
    .values({ talkType: TALK_TYPE.group, teamId, title })
    .returning({ id: conversations.id });
  if (!created) throw new Error(`team ${teamId}'s chat was not created`);
  await tx.insert(conversationMembers).values({ conversationId: created.id, userId: creatorId });
  await announce(tx, 'chat.team.joined', { teamId, userId: creatorId });
  return created.id;
}

/**
 * Makes `userId` a member of team `teamId`'s chat (nothing when they are one), in the
 * transaction that makes them a member of the team. A new member reads the chat's
 * history from the start, with nothing unread.
 */
export async function addTeamChatMember(tx: Db, teamId: number, userId: number): Promise<void> {
  const conversation = await findTeamConversation(tx, teamId);
  if (!conversation) throw new Error(`team ${teamId} has no chat`);
  const added = await tx
    .insert(conversationMembers)
    .values({ conversationId: conversation.id, userId, lastReadId: conversation.lastMessageId ?? 0 })
    .onConflictDoNothing()
    .returning({ userId: conversationMembers.userId });
  if (added.length > 0) await announce(tx, 'chat.team.joined', { teamId, userId });
}

/**
 * Takes `userId` out of team `teamId`'s chat, in the transaction that takes them out of
 * the team. `withMessages` (a deleted account) removes what they said there too, and
 * the chat's last message steps back to the newest one left.
 */
export async function removeTeamChatMember(
  tx: Db,
  teamId: number,
  userId: number,
  options: { withMessages?: boolean } = {},
): Promise<void> {
  const conversation = await findTeamConversation(tx, teamId);
  if (!conversation) return;
  await tx
    .delete(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, userId)));
  if (options.withMessages) {
    await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.senderId, userId)));
    await tx
      .update(conversations)
      .set({
        lastMessageId: sql`(select max(${chatMessages.id}) from ${chatMessages} where ${chatMessages.conversationId} = ${conversation.id})`,
      })
      .where(eq(conversations.id, conversation.id));
  }
  await announce(tx, 'chat.team.left', { teamId, userId });
}

/** Deletes team `teamId`'s chat, its messages and members (a disbanded team, a deleted creator). */
export async function deleteTeamChat(tx: Db, teamId: number): Promise<void> {
  const removed = await tx
    .delete(conversations)
    .where(and(eq(conversations.teamId, teamId), eq(conversations.talkType, TALK_TYPE.group)))
    .returning({ id: conversations.id });
  if (removed.length > 0) await announce(tx, 'chat.team.closed', { teamId });
}

/** The team ids of the chats `userId` is a member of (their sockets join those rooms). */
export async function teamChatIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ teamId: conversations.teamId })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, userId), eq(conversations.talkType, TALK_TYPE.group)));
  return rows.flatMap((row) => (row.teamId === null ? [] : [row.teamId]));
}

/** A team send: what the message says, and its client id. */
export type TeamSendInput = ContentInput & { client_msg_id: string };

type PendingTeamSend = RetryKey & { teamId: number };

type TeamStoreOutcome =
  | { kind: 'replay'; replay: ChatMessage }
  | {
      kind: 'sent';
      conversation: ConversationRow;
      message: MessageRow;
      countedFor: number[];
      hiddenFrom: number[];
      senderHadUnread: boolean;
    };

/**
 * Sends a message from `senderId` to team `teamId`'s chat, under the private chat's
 * message rules (message-input.ts) and client_msg_id retries (the same id again answers
 * the stored message; for a different message or another chat, CHAT_CLIENT_ID_REUSED).
 *
 * One transaction: the sender's account locked against its deletion, the teams module's
 * guard (the team accepts messages, the sender is a member), the sender's member row
 * locked, then the message, the conversation's last message, the sender's read state
 * and sent count, and every other member's unread + 1 and lastMessageAt, except members
 * blocked either way with the sender (they are never shown the message). After commit the
 * message goes to the team's room but those members' sockets (deliverTeamMessage).
 */
export async function sendTeamMessage(
  deps: ChatDeps,
  senderId: number,
  teamId: number,
  input: TeamSendInput,
  guard: TeamGuard,
): Promise<ChatMessage> {
  const send: PendingTeamSend = { ...retryKeyOf(senderId, input), teamId };
  const replay = await findTeamReplay(deps.db, send);
  if (replay) return replay;
  const content = await resolveMessageContent(deps.db, senderId, input);

  const outcome = await transaction(deps.db, async (tx): Promise<TeamStoreOutcome> => {
    // The account first, then the team (the guard), then the chat: the order an account's
    // deletion takes them in, so the two never wait for each other in a circle.
    const live = await lockLiveUsers(tx, [senderId]);
    if (!live.has(senderId)) throw new AppError('NOT_LOGGED_IN');
    await guard(tx);
    const conversation = await findTeamConversation(tx, teamId);
    const sender = conversation ? await lockMember(tx, conversation.id, senderId) : null;
    if (!conversation || !sender) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    // Read after the lock: a retry that was waiting for it now sees the first one's message.
    const earlier = await findTeamReplay(tx, send);
    if (earlier) return { kind: 'replay', replay: earlier };

    const inserted = await insertMessage(tx, conversation.id, send, content, () => findTeamReplay(tx, send));
    if (inserted.kind === 'replay') return inserted;
    const { message } = inserted;
    const { countedFor, hiddenFrom } = await recordTeamSent(tx, conversation, message);
    return { kind: 'sent', conversation, message, countedFor, hiddenFrom, senderHadUnread: sender.unread > 0 };
  });
  if (outcome.kind === 'replay') return outcome.replay;
  const view = await showSentMessage(deps.db, outcome.conversation, outcome.message);
  deliverTeamMessage(deps, view, {
    teamId,
    countedFor: outcome.countedFor,
    hiddenFrom: outcome.hiddenFrom,
    senderHadUnread: outcome.senderHadUnread,
  });
  return view;
}

async function lockMember(tx: Db, conversationId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await tx
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .for('update');
  return row ?? null;
}

/** findReplay for a team send: the stored message must be in the same team's chat. */
function findTeamReplay(db: Db, send: PendingTeamSend): Promise<ChatMessage | null> {
  return findReplay(
    db,
    send,
    (conversation) => conversation.talkType === TALK_TYPE.group && conversation.teamId === send.teamId,
  );
}

/**
 * The writes a team message makes: the conversation's last message; the sender's read
 * state, sent count and lastMessageAt; the other members' unread + 1 and lastMessageAt,
 * but not of members blocked either way with the sender. Answers whom it counted for
 * and whom it is hidden from.
 */
async function recordTeamSent(
  tx: Db,
  conversation: ConversationRow,
  message: MessageRow,
): Promise<{ countedFor: number[]; hiddenFrom: number[] }> {
  const latest = await recordSenderSent(tx, conversation, message);
  const ofConversation = eq(conversationMembers.conversationId, conversation.id);
  const counted = await tx
    .update(conversationMembers)
    .set({ lastMessageAt: latest, unread: sql`${conversationMembers.unread} + 1` })
    .where(
      and(
        ofConversation,
        ne(conversationMembers.userId, message.senderId),
        notInArray(conversationMembers.userId, blockedEitherWayIdsOf(message.senderId)),
      ),
    )
    .returning({ userId: conversationMembers.userId });
  const hidden = await tx
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(ofConversation, inArray(conversationMembers.userId, blockedEitherWayIdsOf(message.senderId))));
  return { countedFor: counted.map((row) => row.userId), hiddenFrom: hidden.map((row) => row.userId) };
}

/** A page of a team chat (contract teamChatHistory). */
export type TeamHistoryQuery = { page: number; size: number; since_id?: number; limit?: number };
export type TeamHistoryPage = { messages: ChatMessage[]; has_more: boolean };

/**
 * A page of team `teamId`'s chat for a member (CHAT_CONVERSATION_NOT_FOUND for anyone
 * else), oldest first in every page, leaving out the messages of people blocked either
 * way with the viewer. `since_id`: the messages after it (keyset on
 * chat_messages_conversation_idx), at most `limit` (default `size`). Otherwise page
 * `page` counted back from the newest, `size` a page.
 */
export async function readTeamHistory(
  db: Db,
  viewerId: number,
  teamId: number,
  query: TeamHistoryQuery,
): Promise<TeamHistoryPage> {
  const conversation = await findTeamConversation(db, teamId);
  const [member] = conversation
    ? await db
        .select({ userId: conversationMembers.userId })
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, viewerId)))
    : [];
  if (!conversation || !member) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');

  const visible = and(
    eq(chatMessages.conversationId, conversation.id),
    notInArray(chatMessages.senderId, blockedEitherWayIdsOf(viewerId)),
  ) as SQL;
  if (query.since_id !== undefined) {
    const limit = query.limit ?? query.size;
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(visible, gt(chatMessages.id, query.since_id)))
      .orderBy(asc(chatMessages.id))
      .limit(limit + 1);
    return {
      messages: await toChatMessages(db, conversation, rows.slice(0, limit)),
      has_more: rows.length > limit,
    };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(visible)
    .orderBy(desc(chatMessages.id))
    .limit(query.size + 1)
    .offset((query.page - 1) * query.size);
  const page = rows.slice(0, query.size).reverse();
  return { messages: await toChatMessages(db, conversation, page), has_more: rows.length > query.size };
}

/**
 * mark-as-read of a team chat (message_type group, id = the team): the viewer's
 * lastReadId becomes the larger of what it was and `upTo` (never past the last message;
 * everything when left out), and unread the messages after it from others, blocked ones
 * left out, counted again, under the viewer's member row lock. Anyone who is not a member
 * gets CHAT_CONVERSATION_NOT_FOUND. After commit the viewer's devices get their new total.
 */
export async function markTeamRead(
  deps: ChatDeps,
  viewerId: number,
  teamId: number,
  upTo: number | undefined,
): Promise<{ unread: number }> {
  const result = await transaction(deps.db, async (tx) => {
    const conversation = await findTeamConversation(tx, teamId);
    const member = conversation ? await lockMember(tx, conversation.id, viewerId) : null;
    if (!conversation || !member) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const [last] = await tx
      .select({ id: conversations.lastMessageId })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    const lastMessageId = last?.id ?? 0;
    const readId = Math.max(member.lastReadId, Math.min(upTo ?? lastMessageId, lastMessageId));
    const [row] = await tx
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          gt(chatMessages.id, readId),
          ne(chatMessages.senderId, viewerId),
          notInArray(chatMessages.senderId, blockedEitherWayIdsOf(viewerId)),
        ),
      );
    const unread = row?.n ?? 0;
    if (readId !== member.lastReadId || unread !== member.unread) {
      await tx
        .update(conversationMembers)
        .set({ lastReadId: readId, unread })
        .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, viewerId)));
    }
    return { unread, hasChanged: unread !== member.unread };
  });
  if (result.hasChanged) await pushUnread(deps, viewerId);
  return { unread: result.unread };
}
