import { randomInt } from 'node:crypto';
import {
  AppError,
  ORDER_PAY_WINDOW_MINUTES,
  type OrderLine,
  type PayChannel,
  type PayType,
  SHOP_ORDER_STATE_NAMES,
  type ShopOrder,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { type PaymentsDeps, requestRefund, startAttempt } from '../payments/index.ts';
import { pointsBalance, spendPoints } from '../points/index.ts';
import { addProductSales, type CheckoutLine, checkoutLines, removeOrderedLines, reserveStock } from '../shop/index.ts';
import { defaultAddress, ownAddress, snapshotOf, toAddress } from './addresses.service.ts';
import { type OrderMoney, orderMoney, pointsLimitOf, yuanOf } from './order-money.ts';
import { type OrderRow, orderView, ownOrder, SHOP_PURPOSE, visibleState } from './order-views.ts';
import { shopOrderLines, shopOrders } from './orders.tables.ts';

// Checking out and paying (docs/decisions/0021-shop-orders.md): the chosen cart lines are
// priced on the server now; an order is made in one transaction that reserves stock,
// spends points and empties those lines from the cart; it is paid through the payments
// module ('shop' attempts), and a payment's arrival moves it to 待发货 in the settling
// transaction.

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A new order number: S + Shanghai yymmddHHMMss + six random digits (19 characters). */
export function newOrderNo(now: Date): string {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  const stamp = local.slice(2, 19).replace(/[-T:]/g, '');
  return `S${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function toLine(line: CheckoutLine): OrderLine {
  return {
    pid: line.productId,
    sku_id: line.skuId,
    title: line.title,
    cover: line.cover,
    spec_text: line.specText,
    price: yuanOf(line.price),
    number: line.number,
    amount: yuanOf(line.price * line.number),
  };
}

/**
 * The money of these lines with `usePoints`: ORDER_LINE_UNAVAILABLE for a line off sale or
 * whose SKU is gone, STOCK_NOT_ENOUGH for more than is in stock (sold out included), POINTS_OVER_LIMIT above
 * the cap, POINTS_NOT_ENOUGH above the balance (read in the caller's transaction).
 */
async function priced(db: Db, userId: number, lines: readonly CheckoutLine[], usePoints: number) {
  const unavailable = lines.find((line) => !line.listed);
  if (unavailable) throw new AppError('ORDER_LINE_UNAVAILABLE', { title: unavailable.title || '商品' });
  const short = lines.find((line) => line.number > line.stock);
  if (short) throw new AppError('STOCK_NOT_ENOUGH', { stock: short.stock }, { stock: short.stock, cid: short.cid });
  const money = orderMoney(lines, 0);
  const limit = pointsLimitOf(money.goodsFen);
  if (usePoints > limit) throw new AppError('POINTS_OVER_LIMIT', { limit });
  const balance = await pointsBalance(db, userId);
  if (usePoints > balance) throw new AppError('POINTS_NOT_ENOUGH', { balance });
  return { money: orderMoney(lines, usePoints), limit, balance };
}

export type CheckoutInput = { cids: number[]; addressId?: number; usePoints: number };

/** What the chosen lines cost now, with freight and points, and where they would go; writes nothing. */
export async function previewOrder(db: Db, userId: number, input: CheckoutInput, now = new Date()) {
  const lines = await checkoutLines(db, userId, input.cids, now);
  const address =
    input.addressId === undefined ? await defaultAddress(db, userId) : await ownAddress(db, userId, input.addressId);
  const { money, limit, balance } = await priced(db, userId, lines, input.usePoints);
  return {
    lines: lines.map(toLine),
    ...moneyAnswer(money),
    address: address ? toAddress(address) : null,
    points: { balance, usable: Math.min(balance, limit), limit },
  };
}

function moneyAnswer(money: OrderMoney) {
  return {
    goods_total: yuanOf(money.goodsFen),
    freight: yuanOf(money.freightFen),
    points_used: money.pointsUsed,
    points_deduction: yuanOf(money.pointsFen),
    payable: yuanOf(money.payableFen),
  };
}

/**
 * Makes an order of the chosen cart lines in one transaction: priced again now, every
 * line checked, stock reserved under row locks, lines and address copied, points spent
 * through the ledger (under the spender's lock), the lines taken out of the cart. An
 * order paid entirely by points is paid at once; any other is payable for
 * ORDER_PAY_WINDOW_MINUTES. Any refusal rolls everything back.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: CheckoutInput & { addressId: number },
  now = new Date(),
): Promise<ShopOrder> {
  return transaction(db, async (tx) => {
    const lines = await checkoutLines(tx, userId, input.cids, now, { lock: true });
    const address = await ownAddress(tx, userId, input.addressId);
    const { money } = await priced(tx, userId, lines, input.usePoints);
    await reserveStock(tx, lines);
    const [order] = await tx
      .insert(shopOrders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        ...money,
        address: snapshotOf(address),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ORDER_PAY_WINDOW_MINUTES * 60_000),
      })
      .returning();
    if (!order) throw new Error('shop order not created');
    await tx.insert(shopOrderLines).values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        skuKey: line.skuKey,
        skuId: line.skuId,
        title: line.title,
        specText: line.specText,
        cover: line.cover,
        priceFen: line.price,
        number: line.number,
      })),
    );
    if (money.pointsUsed > 0 && !(await spendPoints(tx, userId, money.pointsUsed, 'order', order.orderNo))) {
      throw new AppError('POINTS_NOT_ENOUGH', { balance: await pointsBalance(tx, userId) });
    }
    await removeOrderedLines(
      tx,
      userId,
      lines.map((line) => line.cid),
    );
    const settled = money.payableFen === 0 ? await markPaid(tx, order, 'points', now) : order;
    return orderView(tx, settled);
  });
}

/** The order is paid: 待发货, and its units count into the products' sales. In the caller's transaction. */
async function markPaid(tx: Db, order: OrderRow, payType: string, paidAt: Date): Promise<OrderRow> {
  const [paid] = await tx
    .update(shopOrders)
    .set({ state: 'unshipped', payType, paidAt })
    .where(eq(shopOrders.id, order.id))
    .returning();
  const lines = await tx
    .select({ productId: shopOrderLines.productId, number: shopOrderLines.number })
    .from(shopOrderLines)
    .where(eq(shopOrderLines.orderId, order.id));
  await addProductSales(tx, lines);
  if (!paid) throw new Error('shop order vanished while paid');
  return paid;
}

export type PayInput = { orderNo: string; payType: PayType; channel: PayChannel; clientIp: string };

/** Starts paying one's own unpaid order through a provider: what the client shows (a QR code) or opens. */
export async function payOrder(deps: PaymentsDeps, userId: number, input: PayInput, now = new Date()) {
  const row = await ownOrder(deps.db, userId, input.orderNo);
  const state = visibleState(row, now);
  if (state !== 'unpaid') throw new AppError('ORDER_NOT_PAYABLE', { state: SHOP_ORDER_STATE_NAMES[state] });
  return startAttempt(deps, {
    userId,
    purpose: SHOP_PURPOSE,
    orderRef: row.id,
    orderNo: row.orderNo,
    amountFen: row.payableFen,
    description: `车友圈商城订单 ${row.orderNo}`,
    expiresAt: row.expiresAt,
    payType: input.payType,
    channel: input.channel,
    clientIp: input.clientIp,
    returnUrl: `${deps.publicUrl}/orders/${encodeURIComponent(row.orderNo)}`,
  });
}

/**
 * A payment of a shop order arrived ('payment.paid', in the settling transaction, which
 * settles each order once): an unpaid order — even one just past its window that the job
 * has not cancelled, its stock still held — becomes 待发货. Money for an order already
 * cancelled (its stock and points went back) is flagged to be given back, never kept.
 */
export async function receivePayment(
  tx: Db,
  payment: { paymentId: number; orderRef: number; amountFen: number; provider: string; paidAt: string },
): Promise<void> {
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, payment.orderRef)).for('update');
  if (!order) return;
  if (order.state === 'unpaid' && payment.amountFen === order.payableFen) {
    await markPaid(tx, order, payment.provider, new Date(payment.paidAt));
    return;
  }
  await requestRefund(tx, payment.paymentId, '订单已结束后到账');
}
