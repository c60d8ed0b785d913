import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

// Payment attempts and every notification about them (docs/decisions/0019-payments.md).
// Amounts are integer fen, currency CNY.

/**
 * One attempt to collect an order's amount through one provider and channel. An order
 * (a VIP order now, a shop order next: `purpose` + `order_ref`) may have several — the
 * payer switched from WeChat to Alipay — and at most one of them is ever `paid` for it:
 * the one that settles first closes the others in the same transaction, and money that
 * still arrives on a closed attempt is kept as `refund_state = 'due'` and given back.
 *
 * state: pending → paid | failed | closed. refund_state: none → due → processing → done.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Our number for the attempt (the provider's out_trade_no). */
    tradeNo: text('trade_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'restrict' }),
    /** Which kind of order it pays ('vip', 'shop'). */
    purpose: text('purpose').notNull(),
    /** The order's id in its module. */
    orderRef: bigint('order_ref', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    amountFen: integer('amount_fen').notNull(),
    description: text('description').notNull(),
    state: text('state').notNull().default('pending'),
    /** The provider's number once it reported the attempt (transaction_id, trade_no). */
    providerTradeNo: text('provider_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** After this the attempt can no longer be paid (the provider refuses it too). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Where the payer returns (H5) — also the sandbox's "done" link. */
    returnUrl: text('return_url').notNull(),
    refundState: text('refund_state').notNull().default('none'),
    /** Why money on this attempt goes back ('paid after the order ended', 'refunded by an admin'). */
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_trade_no_idx').on(t.tradeNo),
    index('payments_order_idx').on(t.purpose, t.orderRef),
    // Reconciliation reads the open attempts, oldest first.
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.state} = 'pending'`),
    index('payments_refund_due_idx').on(t.id).where(sql`${t.refundState} in ('due', 'processing')`),
    check('payments_state', sql`${t.state} in ('pending', 'paid', 'failed', 'closed')`),
    check('payments_refund_state', sql`${t.refundState} in ('none', 'due', 'processing', 'done')`),
    check('payments_amount_positive', sql`${t.amountFen} > 0`),
  ],
);

/**
 * Every verified notification (and every answer a query, charge or refund gave) and what was
 * done with it: the audit trail of money. Never shown to users. Unverified posts to the
 * notify route are only logged: anyone can send them.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** notify, query (reconciliation), charge (auto-renew). */
    source: text('source').notNull(),
    tradeNo: text('trade_no'),
    /** settled, duplicate, refund_due, failed, closed, unknown_trade, mismatch (refunds: success, processing). */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notices_trade_idx').on(t.tradeNo)],
);
