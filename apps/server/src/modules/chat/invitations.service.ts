// Team invitations: private messages (msg_type 6) carrying a team's card. The chat module
// stores the card the teams module hands it and keeps its state; the teams module decides
// who may invite, accept or reject (docs/decisions/0017-teams.md), through a guard run in
// the same transaction and the settling functions below.
import { type ChatMessage, MSG_TYPE, REALTIME_EVENTS, TALK_TYPE, type TeamInviteStatus } from '@evcircle/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { announce, transaction } from '../../platform/events.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import './chat.events.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import { type ConversationRow, ensurePrivateConversation, lockPairForWrite } from './conversations.service.ts';
import { type ChatDeps, deliverMessage } from './delivery.ts';
import { type MessageRow, toChatMessages } from './message-view.ts';
import { peerOf } from './pair.ts';
import { assertMaySend, lockMembers, recordSent } from './send.service.ts';
import type { TeamGuard } from './team-chat.service.ts';

/** The team an invitation is for, as its card shows it, and the inviter's words. */
export type TeamInviteInput = { teamId: number; title: string; expiresAt: Date; message: string };

/**
 * Sends `receiverId` an invitation to a team from `senderId`: a private message under
 * every rule of private chat (CHAT_SELF, CHAT_USER_NOT_FOUND, CHAT_BLOCKED, the stranger
 * rule), in one transaction that runs the teams module's `guard` after locking both
 * accounts (the team still accepts people, the sender is a member). An invitation from the
 * same sender to the same team still pending in the conversation is answered again
 * instead of sending a second one. After commit it reaches both people like any message.
 */
export async function sendTeamInvite(
  deps: ChatDeps,
  senderId: number,
  receiverId: number,
  invite: TeamInviteInput,
  guard: TeamGuard,
): Promise<ChatMessage> {
  if (invite.message !== '') assertNoProhibitedWords(invite.message, 'message');
  const outcome = await transaction(deps.db, async (tx) => {
    await lockPairForWrite(tx, senderId, receiverId);
    await guard(tx);
    const conversation = await ensurePrivateConversation(tx, senderId, receiverId);
    const { sender, receiver } = await lockMembers(tx, conversation.id, senderId);
    const [pending] = await tx
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          eq(chatMessages.senderId, senderId),
          eq(chatMessages.inviteTeamId, invite.teamId),
          eq(chatMessages.inviteStatus, 'pending'),
        ),
      )
      .limit(1);
    if (pending) return { conversation, message: pending, isNew: false, senderHadUnread: false };
    await assertMaySend(tx, sender, receiver);
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        senderId,
        msgType: MSG_TYPE.team_invite,
        content: invite.message,
        inviteTeamId: invite.teamId,
        invite: { title: invite.title, expiresAt: invite.expiresAt.toISOString() },
        inviteStatus: 'pending',
      })
      .returning();
    if (!message) throw new Error('the invitation was not stored');
    await recordSent(tx, conversation, message, receiver.userId);
    return { conversation, message, isNew: true, senderHadUnread: sender.unread > 0 };
  });
  const [view] = await toChatMessages(deps.db, outcome.conversation, [outcome.message]);
  if (!view) throw new Error(`invitation ${outcome.message.id} could not be shown`);
  if (outcome.isNew) deliverMessage(deps, view, { senderHadUnread: outcome.senderHadUnread });
  return view;
}

/** An invitation the viewer received, as the teams module settles it. */
export type ReceivedInvitation = { messageId: number; teamId: number; senderId: number; status: TeamInviteStatus };

/**
 * Inside a transaction: the invitation `messageId` to team `teamId` that `viewerId`
 * received, locked FOR UPDATE, or null when there is none (someone else's, one the viewer
 * sent, not an invitation, another team's). The caller locks the team first (the order
 * cancelling a team takes).
 */
export async function lockReceivedInvitation(
  tx: Db,
  viewerId: number,
  teamId: number,
  messageId: number,
): Promise<ReceivedInvitation | null> {
  const [row] = await tx
    .select({ id: chatMessages.id, senderId: chatMessages.senderId, status: chatMessages.inviteStatus })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, viewerId)),
    )
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.msgType, MSG_TYPE.team_invite),
        eq(chatMessages.inviteTeamId, teamId),
        ne(chatMessages.senderId, viewerId),
        eq(conversations.talkType, TALK_TYPE.private),
      ),
    )
    .for('update', { of: chatMessages });
  if (!row) return null;
  return { messageId: row.id, teamId, senderId: row.senderId, status: (row.status ?? 'closed') as TeamInviteStatus };
}

/** Sets a pending invitation's state (accepted or rejected); both people get the message again after commit. */
export async function settleInvitation(
  tx: Db,
  messageId: number,
  status: Extract<TeamInviteStatus, 'accepted' | 'rejected'>,
): Promise<void> {
  const settled = await tx
    .update(chatMessages)
    .set({ inviteStatus: status })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.inviteStatus, 'pending')))
    .returning({ id: chatMessages.id });
  if (settled.length > 0) await announce(tx, 'chat.invitations.changed', { messageIds: [messageId] });
}

/**
 * Closes every pending invitation to team `teamId` (it ended). NOTE: rows another
 * transaction holds are skipped: only an account's deletion can hold them while the team
 * is locked by the caller, and it is deleting them.
 */
export async function closeTeamInvitations(tx: Db, teamId: number): Promise<void> {
  const pending = tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.inviteTeamId, teamId), eq(chatMessages.inviteStatus, 'pending')))
    .for('update', { skipLocked: true });
  const closed = await tx
    .update(chatMessages)
    .set({ inviteStatus: 'closed' })
    .where(inArray(chatMessages.id, pending))
    .returning({ id: chatMessages.id });
  if (closed.length > 0) await announce(tx, 'chat.invitations.changed', { messageIds: closed.map((row) => row.id) });
}

/** One stored message, ready to show, with its conversation. */
export async function findMessageView(db: Db, messageId: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select({ message: chatMessages, conversation: conversations })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, messageId));
  if (!row) return null;
  const [view] = await toChatMessages(db, row.conversation, [row.message]);
  return view ?? null;
}

/**
 * After commit: the changed invitations, shown again to both people of each conversation
 * (chat:message-updated), so both cards read their new state at once.
 */
export async function pushChangedInvitations(db: Db, messageIds: readonly number[]): Promise<void> {
  const hub = realtimeOf(db);
  if (!hub || messageIds.length === 0) return;
  const rows = await db
    .select({ message: chatMessages, conversation: conversations })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(inArray(chatMessages.id, [...messageIds]))
    .orderBy(asc(chatMessages.id));
  const byConversation = new Map<number, { conversation: ConversationRow; messages: MessageRow[] }>();
  for (const { message, conversation } of rows) {
    const entry = byConversation.get(conversation.id) ?? { conversation, messages: [] };
    entry.messages.push(message);
    byConversation.set(conversation.id, entry);
  }
  for (const { conversation, messages } of byConversation.values()) {
    for (const view of await toChatMessages(db, conversation, messages)) {
      hub.toUser(view.sender_id, REALTIME_EVENTS.chatMessageUpdated, view);
      hub.toUser(peerOf(conversation, view.sender_id), REALTIME_EVENTS.chatMessageUpdated, view);
    }
  }
}
