import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';
import { postKey } from '../posts/index.ts';

/**
 * Shared lock chimes: a WAV an owner uploaded (`fileKey`, one of their uploads, shared
 * once) and the Tesla-theme post that announced it. A chime is listed while its post is
 * live; `postId` is null only between the insert and the post's creation in a share.
 */
export const chimes = pgTable(
  'chimes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms').notNull(),
    channels: smallint('channels').notNull(),
    postId: bigint('post_id', { mode: 'number' }).references(postKey, { onDelete: 'cascade' }),
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('chimes_popular_idx')
      .on(t.downloads.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.postId} is not null`),
    index('chimes_user_idx').on(t.userId),
  ],
);

/**
 * Who downloaded which chime on which Asia/Shanghai day: `viewer` is `u:<user id>` or
 * `ip:<HMAC of the address>` (never the address itself). One row counts one download.
 */
export const chimeDownloads = pgTable(
  'chime_downloads',
  {
    chimeId: bigint('chime_id', { mode: 'number' })
      .notNull()
      .references(() => chimes.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chimeId, t.day, t.viewer] }), index('chime_downloads_day_idx').on(t.day)],
);
