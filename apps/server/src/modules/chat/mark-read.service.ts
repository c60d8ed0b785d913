import { AppError, type ReadTarget } from '@evcircle/contract';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { markNotificationsRead } from '../notify/index.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import { findPrivateConversation } from './conversations.service.ts';
import { type ChatDeps, pushRead, pushUnread } from './delivery.ts';
import { peerOf } from './pair.ts';
import { markTeamRead } from './team-chat.service.ts';

/**
 * mark-as-read: a private chat, or a team chat (`id` is the team: a member's only,
 * CHAT_CONVERSATION_NOT_FOUND otherwise); a notification list through the notify
 * module, which pushes its own counts. Answers what stays unread there.
 */
export async function markRead(
  deps: ChatDeps,
  viewerId: number,
  target: { message_type: ReadTarget; id?: number; receiver_id?: number },
): Promise<{ unread: number }> {
  switch (target.message_type) {
    case 'private':
      if (target.receiver_id === undefined)
        throw new AppError('VALIDATION_FAILED', { detail: '私聊须提供 receiver_id' });
      return markPrivateRead(deps, viewerId, target.receiver_id, target.id);
    case 'group':
      if (target.id === undefined) throw new AppError('VALIDATION_FAILED', { detail: '群聊须提供 id' });
      return markTeamRead(deps, viewerId, target.id, undefined);
    default:
      return { unread: await markNotificationsRead(deps.db, viewerId, target.message_type, target.id) };
  }
}

/**
 * Marks the viewer's private conversation with `receiverId` read up to message `upTo`
 * (every message when left out): the viewer's lastReadId becomes the larger of what it
 * was and `upTo` (never past the conversation's last message), and unread the messages
 * of the other person after it, counted again, in one transaction under the viewer's
 * member row lock. Answers what stays unread. After commit both people learn how far
 * the viewer has read (chat:read) and the viewer's devices the new total (chat:unread).
 * The conversation is found by the viewer and the receiver together, so nobody can mark
 * a conversation they are not in: CHAT_CONVERSATION_NOT_FOUND when the two have none.
 */
export async function markPrivateRead(
  deps: ChatDeps,
  viewerId: number,
  receiverId: number,
  upTo: number | undefined,
): Promise<{ unread: number }> {
  const conversation = await findPrivateConversation(deps.db, viewerId, receiverId);
  if (!conversation) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');

  const result = await transaction(deps.db, async (tx) => {
    const [member] = await tx
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, viewerId)))
      .for('update');
    if (!member) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    // Read after the lock: a message sent meanwhile has committed its last-message id.
    const lastMessageId = await lastMessageIdOf(tx, conversation.id);
    const readId = Math.max(member.lastReadId, Math.min(upTo ?? lastMessageId, lastMessageId));
    const unread = await countUnreadAfter(tx, conversation.id, viewerId, readId);
    if (readId !== member.lastReadId || unread !== member.unread) {
      await tx
        .update(conversationMembers)
        .set({ lastReadId: readId, unread })
        .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.userId, viewerId)));
    }
    return { readId, unread, hasAdvanced: readId > member.lastReadId, hasUnreadChanged: unread !== member.unread };
  });

  if (result.hasAdvanced) {
    pushRead(deps, peerOf(conversation, viewerId), {
      conversation_id: conversation.id,
      reader_id: viewerId,
      read_id: result.readId,
    });
  }
  if (result.hasUnreadChanged) await pushUnread(deps, viewerId);
  return { unread: result.unread };
}

async function lastMessageIdOf(tx: Db, conversationId: number): Promise<number> {
  const [row] = await tx
    .select({ id: conversations.lastMessageId })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.id ?? 0;
}

/** The other person's messages after `readId` (a range of chat_messages_conversation_idx). */
async function countUnreadAfter(tx: Db, conversationId: number, viewerId: number, readId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.id, readId),
        ne(chatMessages.senderId, viewerId),
      ),
    );
  return row?.n ?? 0;
}
