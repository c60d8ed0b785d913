import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

// AI tools (docs/decisions/0022-ai.md). A generation is one row from the call that asks for
// it to its end: the quota counts these rows, the points ledger refers to them by id, and
// the gallery lists them.

/**
 * One text-to-image or text-to-video generation. state: queued → running → succeeded |
 * failed. The day (Beijing) it counts against is fixed when it is asked for; a failed one
 * counts against nothing (its points come back, refunded = true).
 */
export const aiJobs = pgTable(
  'ai_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    prompt: text('prompt').notNull(),
    style: text('style').notNull(),
    aspect: text('aspect').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Pictures asked for (video: 1). */
    count: integer('count').notNull().default(1),
    /** Asked through the members' endpoint. */
    vip: boolean('vip').notNull().default(false),
    /** 'free', 'points' or 'vip'. */
    charge: text('charge').notNull(),
    points: integer('points').notNull().default(0),
    refunded: boolean('refunded').notNull().default(false),
    /** The Beijing calendar day the generation counts against ('2026-11-26'). */
    day: text('day').notNull(),
    providerName: text('provider_name').notNull(),
    providerLocal: boolean('provider_local').notNull(),
    /** The storage stem the results are written under, fixed at the first run so a retry overwrites. */
    stem: text('stem'),
    /** Storage keys of the results (pictures, or the one video). */
    resultKeys: jsonb('result_keys').$type<string[]>().notNull().default([]),
    posterKey: text('poster_key').notNull().default(''),
    error: text('error').notNull().default(''),
    /** Runs started (a crash or a provider outage makes more than one). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Removed from the gallery by its owner (the row stays: the day's quota and the ledger refer to it). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_jobs_user_day_idx').on(t.userId, t.day),
    index('ai_jobs_gallery_idx').on(t.userId, t.id),
    index('ai_jobs_unfinished_idx').on(t.createdAt).where(sql`${t.state} in ('queued', 'running')`),
    check('ai_jobs_kind', sql`${t.kind} in ('image', 'video')`),
    check('ai_jobs_state', sql`${t.state} in ('queued', 'running', 'succeeded', 'failed')`),
    check('ai_jobs_charge', sql`${t.charge} in ('free', 'points', 'vip')`),
    check('ai_jobs_progress', sql`${t.progress} between 0 and 100`),
  ],
);

/** The avatar choices a user was offered; each generate-avatar call makes a new set (batch). */
export const aiAvatars = pgTable(
  'ai_avatars',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    style: text('style').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_avatars_user_idx').on(t.userId, t.batch)],
);

/**
 * Translations already paid for, by a hash of (target language, text): the same text is
 * never sent to the provider twice. The text itself is not kept.
 */
export const aiTranslations = pgTable('ai_translations', {
  hash: text('hash').primaryKey(),
  sourceLang: text('source_lang').notNull(),
  targetLang: text('target_lang').notNull(),
  translated: text('translated').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
