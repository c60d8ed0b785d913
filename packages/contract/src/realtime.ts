/** Socket.IO is mounted at this path on the same port. */
export const REALTIME_PATH = '/realtime';

/**
 * Socket.IO event names. A socket opened with the session (cookie or bearer token) joins
 * its user's room; payload types live with their domains (chat.ts, notify.ts).
 * - echo: the connection-check page pings, the server echoes (anyone);
 * - chat:message (server → the sender's other devices and the receiver; in a team chat
 *   every member's sockets, through the team's room): a stored ChatMessage;
 * - chat:read (server → both people): ChatReadEvent, someone read a conversation up to an id;
 * - chat:typing (client → server: { receiver_id }; server → the receiver: ChatTypingEvent);
 * - chat:unread (server → the user): ChatUnreadEvent, on connect and whenever it changes;
 * - chat:message-updated (server → both people): a stored ChatMessage whose card changed
 *   (a team invitation accepted, rejected or closed): replace the one with its id;
 * - team:changed (server → a team's members): TeamChangedEvent (team-rules.ts), someone
 *   joined, answered or left, or the team was cancelled or disbanded;
 * - notify:new (server → the user): a Notification, new or gathering one more actor;
 * - notify:unread (server → the user): NotifyUnread, on connect and whenever it changes;
 * - ai:job (server → the user): an AiJob (ai.ts) whenever its state or progress changes.
 */
export const REALTIME_EVENTS = {
  echo: 'echo',
  chatMessage: 'chat:message',
  chatRead: 'chat:read',
  chatTyping: 'chat:typing',
  chatUnread: 'chat:unread',
  chatMessageUpdated: 'chat:message-updated',
  teamChanged: 'team:changed',
  notification: 'notify:new',
  notifyUnread: 'notify:unread',
  aiJob: 'ai:job',
} as const;
export type EchoPayload = { sentAt: number; text: string };
