import {
  type AdminShopOrder,
  AppError,
  ORDER_AUTO_COMPLETE_DAYS,
  type PayType,
  SHOP_ORDER_STATE_NAMES,
  type ShopOrder,
  type ShopOrderState,
} from '@evcircle/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paidAttemptOf } from '../payments/index.ts';
import { yuanOf } from './order-money.ts';
import { shopOrderLines, shopOrders } from './orders.tables.ts';

// Orders as the buyer and the admin read them (0021-shop-orders.md). Only the buyer reads
// their own: another person's order is ORDER_NOT_FOUND, its existence not told.

export const SHOP_PURPOSE = 'shop';

export type OrderRow = typeof shopOrders.$inferSelect;
export type OrderLineRow = typeof shopOrderLines.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (at: Date | null) => at?.toISOString() ?? '';

/**
 * The state a reader sees: an unpaid order past its window is cancelled at once (it can
 * no longer be paid); the job writes it down and gives its stock and points back.
 */
export function visibleState(row: OrderRow, now: Date): ShopOrderState {
  if (row.state === 'unpaid' && row.expiresAt.getTime() <= now.getTime()) return 'cancelled';
  return row.state as ShopOrderState;
}

export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], now = new Date()): ShopOrder {
  const state = visibleState(row, now);
  const lapsed = state === 'cancelled' && row.state === 'unpaid';
  return {
    order_id: row.orderNo,
    state,
    state_text: SHOP_ORDER_STATE_NAMES[state],
    lines: lines.map((line) => ({
      pid: line.productId,
      sku_id: line.skuId,
      title: line.title,
      cover: line.cover,
      spec_text: line.specText,
      price: yuanOf(line.priceFen),
      number: line.number,
      amount: yuanOf(line.priceFen * line.number),
    })),
    goods_total: yuanOf(row.goodsFen),
    freight: yuanOf(row.freightFen),
    points_used: row.pointsUsed,
    points_deduction: yuanOf(row.pointsFen),
    payable: yuanOf(row.payableFen),
    address: row.address,
    pay_type: (row.payType as PayType | 'points' | null) ?? '',
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: iso(row.paidAt),
    courier: row.courier ?? '',
    tracking_no: row.trackingNo ?? '',
    shipped_at: iso(row.shippedAt),
    auto_complete_at:
      row.state === 'shipped' && row.shippedAt
        ? new Date(row.shippedAt.getTime() + ORDER_AUTO_COMPLETE_DAYS * DAY_MS).toISOString()
        : '',
    completed_at: iso(row.completedAt),
    cancelled_at: lapsed ? row.expiresAt.toISOString() : iso(row.cancelledAt),
    cancel_reason: lapsed ? 'expired' : ((row.cancelReason as 'buyer' | 'expired' | null) ?? ''),
    refunded_at: iso(row.refundedAt),
    refund_reason: row.refundReason ?? '',
  };
}

/** The lines of these orders, by order id, in the order they were made. */
export async function linesOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLineRow[]>> {
  const byOrder = new Map<number, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(shopOrderLines)
    .where(inArray(shopOrderLines.orderId, [...orderIds]))
    .orderBy(asc(shopOrderLines.id));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** An order as its buyer reads it. */
export async function orderView(db: Db, row: OrderRow): Promise<ShopOrder> {
  return toOrder(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** The viewer's own order by its number; anyone else's is ORDER_NOT_FOUND. `lock` locks its row (in a transaction). */
export async function ownOrder(db: Db, userId: number, orderNo: string, { lock = false } = {}): Promise<OrderRow> {
  const query = db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.orderNo, orderNo), eq(shopOrders.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** Any order by its number (the admin's); ORDER_NOT_FOUND when there is none. */
export async function orderByNo(db: Db, orderNo: string, { lock = false } = {}): Promise<OrderRow> {
  const query = db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** The filter of a state tab: 'unpaid' holds only orders still payable, 'cancelled' also those that lapsed. */
function stateWhere(state: ShopOrderState | '', now: Date): SQL | undefined {
  const at = now.toISOString();
  if (state === '') return undefined;
  if (state === 'unpaid') return and(eq(shopOrders.state, 'unpaid'), sql`${shopOrders.expiresAt} > ${at}`);
  if (state === 'cancelled') {
    return or(
      eq(shopOrders.state, 'cancelled'),
      and(eq(shopOrders.state, 'unpaid'), sql`${shopOrders.expiresAt} <= ${at}`),
    );
  }
  return eq(shopOrders.state, state);
}

type Page = { state: ShopOrderState | ''; page: number; size: number };

async function orderPage(db: Db, where: SQL | undefined, { page, size }: Page, now: Date) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shopOrders)
      .where(where)
      .orderBy(desc(shopOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(shopOrders).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  const n = Number(total?.n ?? 0);
  return {
    rows,
    items: rows.map((row) => toOrder(row, lines.get(row.id) ?? [], now)),
    total: n,
    hasMore: page * size < n,
  };
}

/** The viewer's orders, newest first, one tab at a time. */
export async function listOwnOrders(db: Db, userId: number, query: Page, now = new Date()) {
  const { items, total, hasMore } = await orderPage(
    db,
    and(eq(shopOrders.userId, userId), stateWhere(query.state, now)),
    query,
    now,
  );
  return { items, total, hasMore };
}

/** Where the money of a refunded order is ('none' for an order paid by points alone). */
async function refundStateOf(db: Db, row: OrderRow): Promise<AdminShopOrder['refund_state']> {
  if (row.payableFen === 0 || row.paidAt === null) return 'none';
  const attempt = await paidAttemptOf(db, SHOP_PURPOSE, row.id);
  return (attempt?.refundState as AdminShopOrder['refund_state'] | undefined) ?? 'none';
}

/** An order as the admin reads it: the buyer and where a refund's money is. */
export async function adminView(db: Db, row: OrderRow): Promise<AdminShopOrder> {
  return { ...(await orderView(db, row)), uid: row.userId, refund_state: await refundStateOf(db, row) };
}

/** Every order, newest first; `word` matches the order number, the receiver's name or mobile, or a line's title. */
export async function listAllOrders(db: Db, query: Page & { word: string }, now = new Date()) {
  const word = query.word.replace(/[\\%_]/g, (c) => `\\${c}`);
  const matches =
    word === ''
      ? undefined
      : or(
          ilike(shopOrders.orderNo, `%${word}%`),
          sql`${shopOrders.address}->>'name' ilike ${`%${word}%`}`,
          sql`${shopOrders.address}->>'mobile' like ${`%${word}%`}`,
          sql`exists (select 1 from ${shopOrderLines} where ${shopOrderLines.orderId} = ${shopOrders.id} and ${shopOrderLines.title} ilike ${`%${word}%`})`,
        );
  const { rows, items, total, hasMore } = await orderPage(db, and(stateWhere(query.state, now), matches), query, now);
  const refundStates = await Promise.all(rows.map((row) => refundStateOf(db, row)));
  return {
    items: items.map((item, i) => ({
      ...item,
      uid: rows[i]?.userId ?? 0,
      refund_state: refundStates[i] ?? 'none',
    })),
    total,
    hasMore,
  };
}
