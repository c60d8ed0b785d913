import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

// VIP membership (docs/decisions/0020-vip.md). The entitlement itself — until when the
// membership runs — is the account's `vip_until` (accounts.setVipUntil), which every read of
// is_vip uses; these tables keep what was sold, what was bought, and the auto-renew choice.

/** The plans on sale, seeded with SPEC.md §9's fallback values; prices in fen. */
export const vipPlans = pgTable(
  'vip_plans',
  {
    type: text('type').primaryKey(),
    name: text('name').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
    priceFen: integer('price_fen').notNull(),
    unit: text('unit').notNull(),
    mostPopular: boolean('most_popular').notNull().default(false),
    /** How long one purchase adds; null = for ever (lifetime). */
    months: integer('months'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('vip_plans_type', sql`${t.type} in ('monthly', 'yearly', 'lifetime')`),
    check('vip_plans_price_positive', sql`${t.priceFen} > 0`),
  ],
);

/**
 * One purchase of a plan. The amount and the plan are fixed when it is created (a price
 * change later does not touch it). state: created → paid | failed | expired; paid → refunded.
 * A renewal (auto-renew) names the membership end it extends, once per end.
 */
export const vipOrders = pgTable(
  'vip_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'restrict' }),
    planType: text('plan_type').notNull(),
    planName: text('plan_name').notNull(),
    amountFen: integer('amount_fen').notNull(),
    months: integer('months'),
    state: text('state').notNull().default('created'),
    payType: text('pay_type'),
    /** The membership end this renewal extends (auto-renew), else null. */
    renewsUntil: timestamp('renews_until', { withTimezone: true }),
    /** Until when the membership ran after this order was paid. */
    grantedUntil: timestamp('granted_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** An unpaid order can be paid until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('vip_orders_order_no_idx').on(t.orderNo),
    index('vip_orders_user_idx').on(t.userId, t.id.desc()),
    index('vip_orders_open_idx').on(t.expiresAt).where(sql`${t.state} = 'created'`),
    uniqueIndex('vip_orders_renewal_idx').on(t.userId, t.renewsUntil),
    check('vip_orders_state', sql`${t.state} in ('created', 'paid', 'failed', 'expired', 'refunded')`),
  ],
);

/** Each member's plan (of the latest paid order) and auto-renew choice. */
export const vipMemberships = pgTable(
  'vip_memberships',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().references(userKey, { onDelete: 'cascade' }),
    planType: text('plan_type').notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** The pay type of the latest paid order: renewals are charged (or offered) through it. */
    payType: text('pay_type').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vip_memberships_auto_renew_idx').on(t.userId).where(sql`${t.autoRenew}`)],
);
