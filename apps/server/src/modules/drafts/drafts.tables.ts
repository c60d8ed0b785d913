import { bigint, doublePrecision, index, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';
import type { StoredImage } from '../posts/index.ts';

/** Unpublished posts; only their owner reads, changes or deletes them. */
export const drafts = pgTable(
  'drafts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** One of POST_THEMES, or '' while none is picked. */
    type: text('type').notNull().default(''),
    content: text('content').notNull().default(''),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    videoSrc: text('video_src').notNull().default(''),
    /** Storage key of the video's WebVTT captions (a caption upload of the owner's); '' for none. */
    videoCaption: text('video_caption').notNull().default(''),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    checkin: smallint('checkin').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_user_idx').on(t.userId, t.updatedAt.desc())],
);
