import { TALK_TYPE } from '@evcircle/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { conversationMembers, conversations } from './chat.tables.ts';

/**
 * A deleted account's private conversations go with it, both sides, in the deletion's
 * transaction: the messages (theirs and the replies to them, which read as half a
 * conversation without them) and both member rows cascade from the conversation.
 * Sends to or from the account take its row FOR KEY SHARE (lockLiveUsers), so none can
 * commit beside the deletion and open a new conversation with it.
 *
 * Team chats are the teams module's to clean up, in the same transaction (it locks the
 * team first, as every team write does): removeTeamChatMember with `withMessages`, or
 * deleteTeamChat for the teams the account started.
 */
export async function deleteConversationsOf(tx: Db, userId: number): Promise<void> {
  const theirs = tx
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  await tx
    .delete(conversations)
    .where(and(inArray(conversations.id, theirs), eq(conversations.talkType, TALK_TYPE.private)));
}
