import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/**
 * Every file a user uploaded for a post (through our server or directly to the storage
 * host). A post or draft may only refer to its author's own uploads; sizes and video
 * facts come from here, never from the client.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Storage key, e.g. `posts/2026/11/<uid>-<random>.webp`. */
    key: text('key').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** 'image', 'video' or 'caption' (a WebVTT file). */
    kind: text('kind').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Videos: length and the storage key of the first-frame cover. */
    durationMs: integer('duration_ms').notNull().default(0),
    coverKey: text('cover_key').notNull().default(''),
    /** Videos: the HLS ladder's state, '' (never asked), 'pending', 'ready' or 'failed' (TRANSCODE_STATES). */
    transcodeState: text('transcode_state').notNull().default(''),
    /** Videos: how many times the ladder was queued (each queueing is one job, keyed by it). */
    transcodeAttempts: integer('transcode_attempts').notNull().default(0),
    /** Videos: storage key of the ladder's master playlist, '' unless ready. */
    hlsKey: text('hls_key').notNull().default(''),
    /** Videos: the ladder's heights, tallest first; [] unless ready. */
    renditions: jsonb('renditions').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);
