import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';
import { postKey } from '../posts/index.ts';

/** Comments on posts; a reply is a comment whose parent_id is the top-level comment it sits under. */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint('post_id', { mode: 'number' }).notNull().references(postKey, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** Null for a top-level comment; the top-level comment's id for a reply (one level deep). */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** The user a reply answers, when it answers another reply. */
    replyToUserId: bigint('reply_to_user_id', { mode: 'number' }).references(userKey, { onDelete: 'set null' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    /** Live replies (top-level comments only). */
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The client's own id of this comment (SPEC.md §7: comment save and reply retry once when
     * the network fails): the same author sending the same id again gets this comment back.
     */
    clientMsgId: text('client_msg_id'),
  },
  (t) => [
    uniqueIndex('comments_client_msg_idx').on(t.userId, t.clientMsgId).where(sql`${t.clientMsgId} is not null`),
    index('comments_post_idx').on(t.postId, t.id.desc()).where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('comments_parent_idx').on(t.parentId, t.id).where(sql`${t.deletedAt} is null`),
    index('comments_user_idx').on(t.userId),
  ],
);

/** Who liked which comment or reply: one row per like, so a like counts once. */
export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);
