/** Socket.IO is mounted at this path on the same port. */
export const REALTIME_PATH = '/realtime';

/**
 * Socket.IO event names. A socket opened with the session (cookie or bearer token) joins
 * its user's room; payload types live with their domains (chat.ts, notify.ts).
 * - echo: the connection-check page pings, the server echoes (anyone);
 * - chat:message (server → the sender's other devices and the receiver): a stored ChatMessage;
 * - chat:read (server → both people): ChatReadEvent, someone read a conversation up to an id;
 * - chat:typing (client → server: { receiver_id }; server → the receiver: ChatTypingEvent);
 * - chat:unread (server → the user): ChatUnreadEvent, on connect and whenever it changes;
 * - notify:new (server → the user): a Notification, new or gathering one more actor;
 * - notify:unread (server → the user): NotifyUnread, on connect and whenever it changes.
 */
export const REALTIME_EVENTS = {
  echo: 'echo',
  chatMessage: 'chat:message',
  chatRead: 'chat:read',
  chatTyping: 'chat:typing',
  chatUnread: 'chat:unread',
  notification: 'notify:new',
  notifyUnread: 'notify:unread',
} as const;
export type EchoPayload = { sentAt: number; text: string };
