// Chat and notification rules the server and the browser both apply (docs/decisions/0014-chat.md).

/** SPEC.md §3 "Chat message" talk_type: 1 a private chat between two people, 2 a team chat. */
export const TALK_TYPE = { private: 1, group: 2 } as const;
/**
 * SPEC.md §3 "Chat message" msg_type. 6 is a team invitation card, sent only through
 * send-team-invitation (docs/decisions/0017-teams.md), never through chat/send.
 */
export const MSG_TYPE = { text: 1, image: 2, video: 3, post: 4, product: 5, team_invite: 6 } as const;
export type MsgType = (typeof MSG_TYPE)[keyof typeof MSG_TYPE];

/** Longest text message, in characters. */
export const CHAT_TEXT_MAX_LENGTH = 2000;
/** A client message id: what makes a retried send store one message. */
export const CLIENT_MSG_ID_MAX_LENGTH = 64;
/**
 * Anti-spam (docs/decisions/0014-chat.md): until the receiver has replied or follows the
 * sender, a sender may send at most this many messages in the conversation.
 */
export const STRANGER_MESSAGE_LIMIT = 3;
/** How long a typing indicator lasts without another typing event, and the least time between two. */
export const TYPING_SHOW_MS = 5000;
export const TYPING_THROTTLE_MS = 2000;

/** mutual: both follow each other; following: whom the viewer follows; followers: who follows the viewer. */
export const FRIEND_TYPES = ['mutual', 'following', 'followers'] as const;

/** What mark-as-read marks: a private chat, a team chat, or a notification list (contract notify.ts). */
export const READ_TARGETS = ['private', 'group', 'interaction', 'system', 'team'] as const;
export type ReadTarget = (typeof READ_TARGETS)[number];

/** The three lists of /notification. */
export const NOTIFY_CATEGORIES = ['interaction', 'system', 'team'] as const;
export type NotifyCategory = (typeof NOTIFY_CATEGORIES)[number];

/** Interaction actions (pager's `action` filter). */
export const INTERACTION_ACTIONS = ['like', 'comment', 'reply', 'follow', 'mention'] as const;
export type InteractionAction = (typeof INTERACTION_ACTIONS)[number];
/** System notice types (sysPager's `type` filter): announcements, and results of moderation and reports. */
export const SYSTEM_TYPES = ['notice', 'moderation'] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

/** How many of the latest actors a collapsed notification lists by name. */
export const NOTIFY_ACTORS_SHOWN = 3;

/**
 * A team invitation card's state: pending until the invitee accepts or rejects it (once);
 * closed when the team no longer takes anyone (expired, cancelled, disbanded).
 */
export const TEAM_INVITE_STATUSES = ['pending', 'accepted', 'rejected', 'closed'] as const;
export type TeamInviteStatus = (typeof TEAM_INVITE_STATUSES)[number];

/** chat:read: `reader_id` has read conversation `conversation_id` up to message `read_id`. */
export type ChatReadEvent = { conversation_id: number; reader_id: number; read_id: number };
/** chat:typing as the receiver gets it. */
export type ChatTypingEvent = { conversation_id: number; user_id: number };
/** chat:typing as a client sends it. */
export type ChatTypingInput = { receiver_id: number };
/** chat:unread: unread messages over all of the user's conversations. */
export type ChatUnreadEvent = { total: number };
