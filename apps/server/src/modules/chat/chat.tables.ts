import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** A chat's media as stored: the upload's key and sizes (a video's cover key and length too). */
export type StoredChatMedia = { key: string; width: number; height: number; coverKey: string; durationMs: number };

/** A team invitation's card as stored with its message: the team as it was when invited. */
export type StoredTeamInvite = { title: string; expiresAt: string };

/**
 * A conversation: a private chat (talk_type 1) between `userLow` < `userHigh`, one per
 * pair; a team chat (talk_type 2) has a `teamId` instead (one per team) and the team's
 * `title` (the chat module knows no teams: the teams module names it when it opens it).
 * Members and their read state are in `conversation_members`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    talkType: smallint('talk_type').notNull(),
    userLow: bigint('user_low', { mode: 'number' }).references(userKey, { onDelete: 'cascade' }),
    userHigh: bigint('user_high', { mode: 'number' }).references(userKey, { onDelete: 'cascade' }),
    teamId: bigint('team_id', { mode: 'number' }),
    title: text('title').notNull().default(''),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_uq').on(t.userLow, t.userHigh).where(sql`${t.talkType} = 1`),
    uniqueIndex('conversations_team_uq').on(t.teamId).where(sql`${t.teamId} is not null`),
  ],
);

/**
 * Who is in a conversation, and each member's state: the newest message they have read,
 * their unread count (kept in the send's transaction), how many messages they have sent
 * (the stranger rule) and the time of the conversation's last message (their list's order).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    unread: integer('unread').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId, t.lastMessageAt.desc(), t.conversationId.desc()),
  ],
);

/**
 * Messages. `clientMsgId` (unique per sender when given) makes a retried send store one
 * message. Ids only grow: history pages by id. A team invitation (msg_type 6) keeps its
 * team's id, its card and its state (pending, accepted, rejected, closed): the teams
 * module settles and closes it through the chat module's functions.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    msgType: smallint('msg_type').notNull(),
    content: text('content').notNull().default(''),
    media: jsonb('media').$type<StoredChatMedia>(),
    postId: bigint('post_id', { mode: 'number' }),
    productId: bigint('product_id', { mode: 'number' }),
    clientMsgId: text('client_msg_id'),
    inviteTeamId: bigint('invite_team_id', { mode: 'number' }),
    invite: jsonb('invite').$type<StoredTeamInvite>(),
    inviteStatus: text('invite_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_id_uq').on(t.senderId, t.clientMsgId).where(sql`${t.clientMsgId} is not null`),
    // The pending invitations of a team, closed together when it ends.
    index('chat_messages_pending_invite_idx').on(t.inviteTeamId).where(sql`${t.inviteStatus} = 'pending'`),
  ],
);
