import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/**
 * A person's notifications. `category` is interaction, system or team; `action` the kind
 * (like, comment, reply, follow, mention; notice, moderation; team_nearby, team_join,
 * team_cancelled, team_disbanded). Likes and follows of one thing, and joins of one team,
 * collapse while unread: one row per (user, groupKey) with
 * `readAt` null gathers the actors (`notification_actors`); once read, the next one
 * starts a new row. `actorId` is the latest actor.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    action: text('action').notNull(),
    /** What collapses together (e.g. like:post:12), null for notifications that never collapse. */
    groupKey: text('group_key'),
    actorId: bigint('actor_id', { mode: 'number' }).references(userKey, { onDelete: 'cascade' }),
    actorCount: integer('actor_count').notNull().default(0),
    postId: bigint('post_id', { mode: 'number' }),
    commentId: bigint('comment_id', { mode: 'number' }),
    /** The team a team notification is about (its `title` is the team's). */
    teamId: bigint('team_id', { mode: 'number' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    /** A system notice's target path; interactions derive theirs from post and actor (notify-reads.ts). */
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.category, t.updatedAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.userId, t.category, t.action).where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_group_uq')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
    // A disbanded team's notifications, whose links then lead nowhere.
    index('notifications_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`),
  ],
);

/** The people a collapsed notification gathers: each once, however often they act. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_latest_idx').on(t.notificationId, t.createdAt.desc()),
    // A deleted account leaves every list it is gathered in (forgetActor).
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);
