import {
  type ChatMessage,
  type ChatReadEvent,
  type ChatTypingEvent,
  type ChatUnreadEvent,
  REALTIME_EVENTS,
} from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { type RealtimeHub, teamRoom } from '../../platform/realtime.ts';
import { countUnread } from './conversations.service.ts';

/** What the chat services need besides their input: the database, the sockets, a log for failed pushes. */
export type ChatDeps = { db: Db; realtime: RealtimeHub; log: Pick<FastifyBaseLogger, 'warn'> };

// Pushes run after commit and never fail the write that caused them: a client that
// missed one catches up (history since_id, the unread total on connect).

/** Pushes `userId`'s unread total to all their sockets. */
export async function pushUnread(deps: ChatDeps, userId: number): Promise<void> {
  try {
    const payload: ChatUnreadEvent = { total: await countUnread(deps.db, userId) };
    deps.realtime.toUser(userId, REALTIME_EVENTS.chatUnread, payload);
  } catch (err) {
    deps.log.warn({ err, userId }, 'chat: could not push the unread total');
  }
}

/** Tells both people of a conversation that `read.reader_id` has read it up to `read.read_id` (the sender's 已读). */
export function pushRead(deps: ChatDeps, peerId: number, read: ChatReadEvent): void {
  deps.realtime.toUser(read.reader_id, REALTIME_EVENTS.chatRead, read);
  deps.realtime.toUser(peerId, REALTIME_EVENTS.chatRead, read);
}

/**
 * A stored message to the receiver and to the sender's own sockets (their other
 * devices), with the receiver's new unread total. A sender who had unread messages has
 * now read them by replying: the receiver learns it (chat:read) and the sender's devices
 * their new total.
 */
export function deliverMessage(deps: ChatDeps, message: ChatMessage, state: { senderHadUnread: boolean }): void {
  deps.realtime.toUser(message.receiver_id, REALTIME_EVENTS.chatMessage, message);
  deps.realtime.toUser(message.sender_id, REALTIME_EVENTS.chatMessage, message);
  void pushUnread(deps, message.receiver_id);
  if (state.senderHadUnread) {
    pushRead(deps, message.receiver_id, {
      conversation_id: message.conversation_id,
      reader_id: message.sender_id,
      read_id: message.id,
    });
    void pushUnread(deps, message.sender_id);
  }
}

/** Shows the receiver that `typing.user_id` is typing in conversation `typing.conversation_id`. */
export function pushTyping(deps: ChatDeps, receiverId: number, typing: ChatTypingEvent): void {
  deps.realtime.toUser(receiverId, REALTIME_EVENTS.chatTyping, typing);
}

/**
 * A stored team message to the team's room (every member's sockets, the sender's other
 * devices too) but the sockets of members blocked either way with the sender, and the
 * new unread totals of the members it counted for (and of the sender, when replying
 * read what they had unread).
 */
export function deliverTeamMessage(
  deps: ChatDeps,
  message: ChatMessage,
  state: { teamId: number; countedFor: readonly number[]; hiddenFrom: readonly number[]; senderHadUnread: boolean },
): void {
  deps.realtime.toRoom(teamRoom(state.teamId), REALTIME_EVENTS.chatMessage, message, state.hiddenFrom);
  for (const userId of state.countedFor) void pushUnread(deps, userId);
  if (state.senderHadUnread) void pushUnread(deps, message.sender_id);
}
