import { type ChatMessage, type Conversation, MSG_TYPE, TALK_TYPE } from '@evcircle/contract/client';
import { CHAT_MESSAGES } from './messages.ts';

/** Messages in id order, each once: `incoming` wins over an older copy of the same id. */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The other person of a private message, seen by `viewerId`. */
export function peerOf(message: Pick<ChatMessage, 'sender_id' | 'receiver_id'>, viewerId: number): number {
  return message.sender_id === viewerId ? message.receiver_id : message.sender_id;
}

/** Whether a pushed message belongs to the private conversation with `peerId`. */
export function isOfConversation(message: ChatMessage, viewerId: number, peerId: number): boolean {
  return message.talk_type === TALK_TYPE.private && peerOf(message, viewerId) === peerId;
}

/** What a list shows of a message: its text, or [图片] / [视频] / [帖子] / [商品]. */
export function previewOf(message: Pick<ChatMessage, 'msg_type' | 'content'>): string {
  switch (message.msg_type) {
    case MSG_TYPE.text:
      return message.content;
    case MSG_TYPE.image:
      return CHAT_MESSAGES.previewImage;
    case MSG_TYPE.video:
      return CHAT_MESSAGES.previewVideo;
    case MSG_TYPE.post:
      return CHAT_MESSAGES.previewPost;
    case MSG_TYPE.product:
      return CHAT_MESSAGES.previewProduct;
    case MSG_TYPE.team_invite:
      return CHAT_MESSAGES.previewTeamInvite;
    default:
      return CHAT_MESSAGES.unsupported;
  }
}

export type ConversationChange = {
  /** The conversation is open and visible: what arrives is read at once. */
  isOpenAndVisible: boolean;
  viewerId: number;
};

/**
 * The list after a message arrived live: its conversation moves to the top with the new
 * preview and time, one more unread when it came from the other person and is not being
 * read right now. Answers null when the conversation is not in the list (fetch it).
 */
export function applyLiveMessage(
  list: readonly Conversation[],
  message: ChatMessage,
  { isOpenAndVisible, viewerId }: ConversationChange,
): Conversation[] | null {
  // A team message belongs to its conversation alone (its sender may also be a private peer).
  const peer = message.talk_type === TALK_TYPE.private ? peerOf(message, viewerId) : null;
  const index = list.findIndex(
    (c) => c.id === message.conversation_id || (c.talk_type === TALK_TYPE.private && c.receiver_id === peer),
  );
  const current = list[index];
  if (!current) return null;
  // The same message again (a reconnect, another tab): nothing moves.
  if (current.last_message && current.last_message.id >= message.id) return list as Conversation[];
  const isIncoming = message.sender_id !== viewerId;
  const updated: Conversation = {
    ...current,
    last_message: {
      id: message.id,
      msg_type: message.msg_type,
      sender_id: message.sender_id,
      preview: previewOf(message),
      created_at: message.created_at,
    },
    updated_at: message.created_at,
    unread: isIncoming && !isOpenAndVisible ? current.unread + 1 : isOpenAndVisible ? 0 : current.unread,
    // Once they reply, the stranger limit no longer applies.
    send_left: isIncoming ? null : current.send_left,
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

/** The state an own message shows: sending (no answer yet), failed, sent, or read by the other person. */
export type DeliveryState = 'sending' | 'failed' | 'sent' | 'read';

/** Sent or read: read once the other person has read up to it (ids only grow). */
export function deliveryOf(messageId: number, peerReadId: number): DeliveryState {
  return messageId <= peerReadId ? 'read' : 'sent';
}
