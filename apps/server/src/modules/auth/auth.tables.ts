import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** Login sessions. Only a SHA-256 of the token is stored; deleting the row revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the bearer token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** 'sms' or 'scan'. */
    method: text('method').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** SMS login codes: one live code per number; a new request replaces it. */
export const smsCodes = pgTable('sms_codes', {
  /** `${acode}-${mobile}`. */
  phone: text('phone').primaryKey(),
  /** Hex SHA-256 of phone + code. */
  codeHash: text('code_hash').notNull(),
  /** Wrong tries so far; the code dies at SMS_CODE_MAX_ATTEMPTS. */
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** 3-digit challenges for foreign area codes (SPEC.md §4); single use, short-lived. */
export const smsChallenges = pgTable('sms_challenges', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
