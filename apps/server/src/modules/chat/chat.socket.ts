import { type ChatUnreadEvent, IdSchema, REALTIME_EVENTS, TYPING_THROTTLE_MS } from '@evcircle/contract';
import { z } from 'zod';
import { teamRoom, type UserSocket } from '../../platform/realtime.ts';
import { isBlockedEitherWay } from '../relations/index.ts';
import { countUnread, findPrivateConversation } from './conversations.service.ts';
import { type ChatDeps, pushTyping } from './delivery.ts';
import { teamChatIdsOf } from './team-chat.service.ts';

const TypingInputSchema = z.object({ receiver_id: IdSchema });

/**
 * The chat side of a logged-in socket: it joins the rooms of the user's team chats, then
 * gets its unread total (so once the total arrives, team messages reach it), and typing
 * indicators it relays (chat:typing { receiver_id } → the receiver's sockets get
 * { conversation_id, user_id }). A typing event is relayed at most once per
 * TYPING_THROTTLE_MS per socket, only into an existing conversation without a block
 * either way; anything malformed is dropped without an answer.
 */
export function handleChatSocket(deps: ChatDeps, socket: UserSocket): void {
  const userId = socket.data.userId;
  teamChatIdsOf(deps.db, userId)
    .then(async (teamIds) => {
      await socket.join(teamIds.map(teamRoom));
      const payload: ChatUnreadEvent = { total: await countUnread(deps.db, userId) };
      socket.emit(REALTIME_EVENTS.chatUnread, payload);
    })
    .catch((err: unknown) => deps.log.warn({ err, userId }, 'chat: could not set up a socket'));

  let lastTypingAt = 0;
  socket.on(REALTIME_EVENTS.chatTyping, (payload: unknown) => {
    const parsed = TypingInputSchema.safeParse(payload);
    if (!parsed.success || parsed.data.receiver_id === userId) return;
    const now = Date.now();
    if (now - lastTypingAt < TYPING_THROTTLE_MS) return;
    lastTypingAt = now;
    relayTyping(deps, userId, parsed.data.receiver_id).catch((err: unknown) =>
      deps.log.warn({ err, userId }, 'chat: could not relay a typing indicator'),
    );
  });
}

async function relayTyping(deps: ChatDeps, userId: number, receiverId: number): Promise<void> {
  const conversation = await findPrivateConversation(deps.db, userId, receiverId);
  if (!conversation) return;
  if (await isBlockedEitherWay(deps.db, userId, receiverId)) return;
  pushTyping(deps, receiverId, { conversation_id: conversation.id, user_id: userId });
}
