import {
  type AdminShopOrder,
  AppError,
  type ErrorCode,
  ORDER_AUTO_COMPLETE_DAYS,
  SHOP_ORDER_STATE_NAMES,
  type ShopOrder,
  type ShopOrderState,
} from '@evcircle/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import {
  closeAtProviders,
  closeOpenAttempts,
  hasOpenAttempt,
  type PaymentsDeps,
  paidAttemptOf,
  requestRefund,
} from '../payments/index.ts';
import { grantPoints } from '../points/index.ts';
import { releaseStock } from '../shop/index.ts';
import { adminView, type OrderRow, orderByNo, orderView, ownOrder, SHOP_PURPOSE, visibleState } from './order-views.ts';
import { shopOrderLines, shopOrders } from './orders.tables.ts';

// What happens to an order after it is made (docs/decisions/0021-shop-orders.md): the
// buyer cancels an unpaid one or confirms receipt; unpaid orders lapse and shipped ones
// complete on their own (orders-jobs.ts); an admin ships and refunds.
//
// NOTE: lock order. Settling a payment locks the attempt, then the order ('payment.paid').
// Whatever here closes attempts does so first (closeOpenAttempts locks them) and locks the
// order after, so the two never wait on each other in a circle.

const DAY_MS = 24 * 60 * 60 * 1000;

function refuse(code: ErrorCode, row: OrderRow, now: Date): never {
  throw new AppError(code, { state: SHOP_ORDER_STATE_NAMES[visibleState(row, now)] });
}

async function stockOf(tx: Db, orderId: number) {
  return tx
    .select({ productId: shopOrderLines.productId, skuKey: shopOrderLines.skuKey, number: shopOrderLines.number })
    .from(shopOrderLines)
    .where(eq(shopOrderLines.orderId, orderId));
}

/** Gives an order's points back through the ledger, once per order (its ref is the order number). */
async function returnPoints(tx: Db, row: OrderRow): Promise<void> {
  if (row.pointsUsed > 0) await grantPoints(tx, row.userId, row.pointsUsed, 'order_return', row.orderNo);
}

/** Cancels a locked unpaid order: its stock and points go back in the same transaction. */
async function cancelLocked(tx: Db, row: OrderRow, reason: 'buyer' | 'expired', now: Date): Promise<OrderRow> {
  const [cancelled] = await tx
    .update(shopOrders)
    .set({ state: 'cancelled', cancelledAt: now, cancelReason: reason })
    .where(eq(shopOrders.id, row.id))
    .returning();
  if (!cancelled) throw new Error('shop order vanished while cancelled');
  await releaseStock(tx, await stockOf(tx, row.id));
  await returnPoints(tx, row);
  return cancelled;
}

/**
 * The buyer cancels their unpaid order (even one whose window just passed). Its open
 * attempts are closed here and at the providers; money that still arrives on one is
 * flagged for refund by the payments module.
 */
export async function cancelOrder(deps: PaymentsDeps, userId: number, orderNo: string, now = new Date()) {
  const found = await ownOrder(deps.db, userId, orderNo);
  const { closed, order } = await transaction(deps.db, async (tx) => {
    const closed = await closeOpenAttempts(tx, SHOP_PURPOSE, found.id);
    const row = await ownOrder(tx, userId, orderNo, { lock: true });
    if (row.state !== 'unpaid') refuse('ORDER_NOT_CANCELLABLE', row, now);
    return { closed, order: await cancelLocked(tx, row, 'buyer', now) };
  });
  await closeAtProviders(deps, closed);
  return orderView(deps.db, order);
}

/**
 * Cancels unpaid orders whose pay window has passed, giving their stock and points back.
 * An order with an attempt still open is left for reconciliation to ask its provider
 * first, so money paid at the last second is never turned away (as vip's expireOrders).
 */
export async function expireOrders(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.state, 'unpaid'), sql`${shopOrders.expiresAt} <= ${now.toISOString()}`))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    if (await hasOpenAttempt(deps.db, SHOP_PURPOSE, id)) continue;
    const closed = await transaction(deps.db, async (tx) => {
      const open = await closeOpenAttempts(tx, SHOP_PURPOSE, id);
      const [row] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
      if (row?.state === 'unpaid') {
        await cancelLocked(tx, row, 'expired', now);
        expired += 1;
      }
      return open;
    });
    await closeAtProviders(deps, closed);
  }
  return expired;
}

/** The buyer confirms receipt of their shipped order: 已完成. */
export async function confirmOrder(db: Db, userId: number, orderNo: string, now = new Date()): Promise<ShopOrder> {
  const row = await transaction(db, async (tx) => {
    const locked = await ownOrder(tx, userId, orderNo, { lock: true });
    if (locked.state !== 'shipped') refuse('ORDER_NOT_CONFIRMABLE', locked, now);
    const [done] = await tx
      .update(shopOrders)
      .set({ state: 'completed', completedAt: now })
      .where(eq(shopOrders.id, locked.id))
      .returning();
    return done ?? locked;
  });
  return orderView(db, row);
}

/** Completes orders shipped ORDER_AUTO_COMPLETE_DAYS ago or more that the buyer has not confirmed. */
export async function completeShippedOrders(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ORDER_AUTO_COMPLETE_DAYS * DAY_MS).toISOString();
  const rows = await db
    .update(shopOrders)
    .set({ state: 'completed', completedAt: now })
    .where(and(eq(shopOrders.state, 'shipped'), sql`${shopOrders.shippedAt} <= ${before}`))
    .returning({ id: shopOrders.id });
  return rows.length;
}

/**
 * An admin ships a paid order with its courier and tracking number; on a shipped order the
 * same call corrects them (the shipping time stays).
 */
export async function shipOrder(
  db: Db,
  input: { orderNo: string; courier: string; trackingNo: string },
  now = new Date(),
): Promise<AdminShopOrder> {
  const row = await transaction(db, async (tx) => {
    const locked = await orderByNo(tx, input.orderNo, { lock: true });
    if (locked.state !== 'unshipped' && locked.state !== 'shipped') refuse('ORDER_NOT_SHIPPABLE', locked, now);
    const [shipped] = await tx
      .update(shopOrders)
      .set({
        state: 'shipped',
        courier: input.courier,
        trackingNo: input.trackingNo,
        shippedAt: locked.shippedAt ?? now,
      })
      .where(eq(shopOrders.id, locked.id))
      .returning();
    return shipped ?? locked;
  });
  return adminView(db, row);
}

const REFUNDABLE: readonly ShopOrderState[] = ['unshipped', 'shipped', 'completed'];

/**
 * An admin refunds a paid order in full: the paid attempt is flagged and the payments
 * module's refund job gives the money back through its provider; the points go back now.
 * Stock goes back only when nothing was shipped (shipped goods are not on the shelf).
 */
export async function refundOrder(
  db: Db,
  input: { orderNo: string; reason: string },
  now = new Date(),
): Promise<AdminShopOrder> {
  const row = await transaction(db, async (tx) => {
    const locked = await orderByNo(tx, input.orderNo, { lock: true });
    if (!REFUNDABLE.includes(locked.state as ShopOrderState)) refuse('ORDER_NOT_REFUNDABLE', locked, now);
    if (locked.payableFen > 0) {
      const attempt = await paidAttemptOf(tx, SHOP_PURPOSE, locked.id);
      if (!attempt || !(await requestRefund(tx, attempt.id, input.reason))) {
        refuse('ORDER_NOT_REFUNDABLE', locked, now);
      }
    }
    const [refunded] = await tx
      .update(shopOrders)
      .set({ state: 'refunded', refundedAt: now, refundReason: input.reason })
      .where(eq(shopOrders.id, locked.id))
      .returning();
    if (locked.state === 'unshipped') await releaseStock(tx, await stockOf(tx, locked.id));
    await returnPoints(tx, locked);
    return refunded ?? locked;
  });
  return adminView(db, row);
}
