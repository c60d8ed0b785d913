import { AppError, type ChatMessage } from '@evcircle/contract';
import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { chatMessages, conversationMembers } from './chat.tables.ts';
import { findPrivateConversation } from './conversations.service.ts';
import { toChatMessages } from './message-view.ts';
import { peerOf } from './pair.ts';

export type HistoryQuery = { receiver_id: number; since_id?: number; before_id?: number; size: number };
export type HistoryPage = { messages: ChatMessage[]; has_more: boolean; peer_read_id: number };

/**
 * A page of the viewer's private conversation with `receiver_id` (contract chatHistory):
 * keyset by message id on chat_messages_conversation_idx, so a page never skips or
 * repeats a message however many arrive meanwhile. Messages are oldest first in every
 * case. The conversation is found by the viewer and the receiver together: no id of
 * someone else's conversation can reach it. No conversation yet answers an empty page.
 */
export async function readHistory(db: Db, viewerId: number, query: HistoryQuery): Promise<HistoryPage> {
  if (query.receiver_id === viewerId) throw new AppError('CHAT_SELF');
  const conversation = await findPrivateConversation(db, viewerId, query.receiver_id);
  if (!conversation) return { messages: [], has_more: false, peer_read_id: 0 };

  const isCatchUp = query.since_id !== undefined;
  const where = and(eq(chatMessages.conversationId, conversation.id), cursorOf(query));
  const [rows, peerReadId] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(where)
      .orderBy(isCatchUp ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(query.size + 1),
    lastReadIdOf(db, conversation.id, peerOf(conversation, viewerId)),
  ]);
  const page = rows.slice(0, query.size);
  if (!isCatchUp) page.reverse();
  return {
    messages: await toChatMessages(db, conversation, page),
    has_more: rows.length > query.size,
    peer_read_id: peerReadId,
  };
}

/** The id range a page reads: after since_id, before before_id, or all (the newest page). */
function cursorOf(query: HistoryQuery): SQL | undefined {
  if (query.since_id !== undefined) return gt(chatMessages.id, query.since_id);
  if (query.before_id !== undefined) return lt(chatMessages.id, query.before_id);
  return undefined;
}

async function lastReadIdOf(db: Db, conversationId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ lastReadId: conversationMembers.lastReadId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  return row?.lastReadId ?? 0;
}
