import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** Reports of posts, comments and users, settled by admins in the moderation queue. */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** 'post', 'comment' or 'user'. */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** Author of the reported content, or the reported user. */
    targetUserId: bigint('target_user_id', { mode: 'number' }).notNull(),
    /** A REPORT_REASONS code. */
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    /** 'open', 'removed' or 'dismissed'. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(userKey, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_queue_idx').on(t.status, t.id),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);
