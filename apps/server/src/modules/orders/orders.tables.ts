import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';
import { productKey } from '../shop/index.ts';

// The shop's orders and the address book (docs/decisions/0021-shop-orders.md). Amounts
// are integer fen.

/** A person's delivery addresses; at most one default each (a partial unique index). */
export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('shop_addresses_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** The address an order goes to, as it was when the order was made. */
export type AddressSnapshot = {
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
};

/**
 * One order of cart lines. Its money is fixed at creation from the prices then: goods +
 * freight − points = payable. state: unpaid → unshipped (paid) → shipped → completed;
 * unpaid → cancelled; unshipped | shipped | completed → refunded.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userKey, { onDelete: 'restrict' }),
    state: text('state').notNull().default('unpaid'),
    goodsFen: integer('goods_fen').notNull(),
    freightFen: integer('freight_fen').notNull(),
    pointsUsed: integer('points_used').notNull().default(0),
    pointsFen: integer('points_fen').notNull().default(0),
    payableFen: integer('payable_fen').notNull(),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    /** A provider, or 'points' for an order paid entirely by points. */
    payType: text('pay_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpaid order can be paid until then; then it is cancelled and its stock and points go back. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    courier: text('courier'),
    trackingNo: text('tracking_no'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'buyer' or 'expired'. */
    cancelReason: text('cancel_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
  },
  (t) => [
    uniqueIndex('shop_orders_order_no_idx').on(t.orderNo),
    index('shop_orders_user_idx').on(t.userId, t.id.desc()),
    index('shop_orders_state_idx').on(t.state, t.id.desc()),
    // The jobs: unpaid orders by the end of their window, shipped ones by when they shipped.
    index('shop_orders_unpaid_idx').on(t.expiresAt).where(sql`${t.state} = 'unpaid'`),
    index('shop_orders_shipped_idx').on(t.shippedAt).where(sql`${t.state} = 'shipped'`),
    check(
      'shop_orders_state',
      sql`${t.state} in ('unpaid', 'unshipped', 'shipped', 'completed', 'cancelled', 'refunded')`,
    ),
    check(
      'shop_orders_money',
      sql`${t.goodsFen} > 0 and ${t.freightFen} >= 0 and ${t.pointsFen} >= 0 and ${t.payableFen} = ${t.goodsFen} + ${t.freightFen} - ${t.pointsFen} and ${t.payableFen} >= 0`,
    ),
  ],
);

/** What an order bought, copied from the product and SKU when it was made (a later edit does not change it). */
export const shopOrderLines = pgTable(
  'shop_order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    // NOTE: no cascade: an ordered product is never deleted from under its orders.
    productId: bigint('product_id', { mode: 'number' }).notNull().references(productKey),
    /** The SKU's identity (the shop's sku_key): stock goes back to it. */
    skuKey: text('sku_key').notNull(),
    skuId: bigint('sku_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    specText: text('spec_text').notNull(),
    cover: text('cover').notNull(),
    priceFen: integer('price_fen').notNull(),
    number: integer('number').notNull(),
  },
  (t) => [index('shop_order_lines_order_idx').on(t.orderId), index('shop_order_lines_product_idx').on(t.productId)],
);
