import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/**
 * The points (integral) ledger: append-only; the balance is the sum of a user's rows.
 * `(user_id, reason, ref)` is unique so a grant (a day's check-in, an invite) happens once.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** checkin, signup, invite, invited, … */
    reason: text('reason').notNull(),
    /** What makes the grant unique within its reason: a date, an invitee id. */
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_once_idx').on(t.userId, t.reason, t.ref),
    index('points_ledger_user_idx').on(t.userId, t.id),
  ],
);
