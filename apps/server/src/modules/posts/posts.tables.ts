import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

export type StoredImage = { src: string; width: number; height: number };

/** Community posts: text with up to 9 images or one video. */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** One of POST_THEMES: mod, beauty, travel, tesla, exp. */
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** Storage keys (or URLs) with pixel sizes. */
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    /** Storage key of the video; '' for image posts. */
    videoSrc: text('video_src').notNull().default(''),
    /** Cover image for a video post; '' means "first frame of the video". */
    videoCover: text('video_cover').notNull().default(''),
    videoDurationMs: integer('video_duration_ms').notNull().default(0),
    /** Storage key of the video's HLS master playlist; '' until its ladder is ready. */
    videoHls: text('video_hls').notNull().default(''),
    /** Storage key of the video's WebVTT captions; '' for none. */
    videoCaption: text('video_caption').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    playCount: integer('play_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Legacy flags the client reads (SPEC.md §3); kept 0 unless a feature sets them. */
    istla: smallint('istla').notNull().default(0),
    xySort: integer('xy_sort').notNull().default(0),
    ship: smallint('ship').notNull().default(0),
    xianyu: smallint('xianyu').notNull().default(0),
    goods: smallint('goods').notNull().default(0),
    xyPrice: numeric('xy_price', { precision: 10, scale: 2 }).notNull().default('0.00'),
    xyLink: text('xy_link').notNull().default(''),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Check-in post (打卡). */
    checkin: smallint('checkin').notNull().default(0),
    /**
     * Feed rank, stored so the feed is one index scan. See posts.service.ts hotScore():
     * log10(max(1, engagement)) + createdAtSeconds / 45000, so a day of age weighs about
     * as much as 6.8x less engagement... recomputed whenever a counter changes.
     */
    hotScore: doublePrecision('hot_score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_feed_idx').on(t.hotScore.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('posts_type_feed_idx').on(t.type, t.hotScore.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('posts_user_idx').on(t.userId, t.createdAt.desc()).where(sql`${t.deletedAt} is null`),
    // Posts with a place, for the radius scans of geo-posts (earth_box, geo-posts.ts).
    index('posts_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} is not null and ${t.deletedAt} is null`),
  ],
);

/** For foreign keys to a post: other modules' tables reference `posts.id` through this (see index.ts). */
export const postKey = () => posts.id;

/** Who liked which post: one row per like, so a like counts once. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: bigint('post_id', { mode: 'number' }).notNull().references(postKey, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);

/**
 * Shares and plays already counted: one row per post, kind ('share' | 'play'), actor
 * ('u:<uid>' or 'ip:<address>') and time bucket, so repeats within a bucket count once.
 */
export const postCountedActs = pgTable(
  'post_counted_acts',
  {
    postId: bigint('post_id', { mode: 'number' }).notNull().references(postKey, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    /** e.g. '2026-11-23' for shares (a day), '2026-11-23T10' for plays (an hour). */
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.kind, t.actor, t.bucket] })],
);
