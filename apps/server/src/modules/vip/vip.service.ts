import { randomInt } from 'node:crypto';
import {
  AppError,
  ORDER_PAY_WINDOW_MINUTES,
  ORDER_STATE_NAMES,
  type OrderState,
  type PayChannel,
  type PayType,
  VIP_PLAN_FALLBACK,
  VIP_POINTS_PER_YUAN,
  type VipOrder,
  type VipPlan,
  type VipPlanType,
  type vipStatus,
} from '@evcircle/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { announce, transaction } from '../../platform/events.ts';
import { LIFETIME_VIP_UNTIL, setVipUntil, vipUntilOf } from '../accounts/index.ts';
import {
  closeAtProviders,
  closeOpenAttempts,
  hasOpenAttempt,
  type PaymentsDeps,
  startAttempt,
} from '../payments/index.ts';
import { grantPoints } from '../points/index.ts';
import { vipMemberships, vipOrders, vipPlans } from './vip.tables.ts';

// VIP plans, orders and membership (docs/decisions/0020-vip.md). Amounts are fen inside,
// yuan numbers in answers; the amount of an order comes from the plan on the server.

export const VIP_PURPOSE = 'vip';

type VipStatus = z.infer<typeof vipStatus.data>;
type OrderRow = typeof vipOrders.$inferSelect;
type PlanRow = typeof vipPlans.$inferSelect;

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus whole calendar months on the Asia/Shanghai calendar, the day clamped to the
 * month's last (1月31日 + 1 month = 2月28/29日), the time of day kept.
 */
export function addMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + SHANGHAI_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const moved = Date.UTC(
    year,
    month,
    day,
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - SHANGHAI_OFFSET_MS);
}

/**
 * The membership end after paying a plan: counted from the later of now and the current
 * end (a monthly bought during an active yearly adds a month after the year), or for ever.
 */
export function extendedUntil(current: Date | null, months: number | null, now: Date): Date {
  if (months === null) return LIFETIME_VIP_UNTIL;
  const base = current !== null && current.getTime() > now.getTime() ? current : now;
  return addMonths(base, months);
}

const yuan = (fen: number) => fen / 100;

/** A new order number: V + Shanghai yymmddHHMMss + six random digits (19 characters). */
export function newOrderNo(now: Date): string {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  const stamp = local.slice(2, 19).replace(/[-T:]/g, '');
  return `V${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

function toPlan(row: PlanRow): VipPlan {
  return {
    type: row.type as VipPlanType,
    name: row.name,
    original_price: yuan(row.originalPriceFen),
    price: yuan(row.priceFen),
    unit: row.unit,
    most_popular: row.mostPopular,
  };
}

/** The plans on sale; the database is seeded from SPEC.md §9 on first use. */
export async function listPlans(db: Db): Promise<VipPlan[]> {
  let rows = await db.select().from(vipPlans).orderBy(asc(vipPlans.position));
  if (rows.length === 0) {
    await seedPlans(db);
    rows = await db.select().from(vipPlans).orderBy(asc(vipPlans.position));
  }
  return rows.map(toPlan);
}

const PLAN_MONTHS: Record<VipPlanType, number | null> = { monthly: 1, yearly: 12, lifetime: null };

/** Writes SPEC.md §9's plans when there are none (a fresh database); existing plans are left as edited. */
export async function seedPlans(db: Db): Promise<void> {
  await db
    .insert(vipPlans)
    .values(
      VIP_PLAN_FALLBACK.map((plan, position) => ({
        type: plan.type,
        name: plan.name,
        originalPriceFen: Math.round(plan.original_price * 100),
        priceFen: Math.round(plan.price * 100),
        unit: plan.unit,
        mostPopular: plan.most_popular,
        months: PLAN_MONTHS[plan.type],
        position,
      })),
    )
    .onConflictDoNothing();
}

async function planOf(db: Db, type: VipPlanType): Promise<PlanRow> {
  await listPlans(db);
  const [row] = await db.select().from(vipPlans).where(eq(vipPlans.type, type));
  if (!row) throw new AppError('VIP_PLAN_NOT_FOUND');
  return row;
}

/** The viewer's membership as vip/status answers it. */
export async function membershipStatus(db: Db, userId: number, now = new Date()): Promise<VipStatus> {
  const [until, [membership]] = await Promise.all([
    vipUntilOf(db, userId),
    db.select().from(vipMemberships).where(eq(vipMemberships.userId, userId)),
  ]);
  const active = until !== null && until.getTime() > now.getTime();
  const lifetime = active && until.getTime() >= LIFETIME_VIP_UNTIL.getTime();
  return {
    is_vip: active ? 1 : 0,
    plan_type: (membership?.planType as VipPlanType | undefined) ?? '',
    expires_at: active && !lifetime ? until.toISOString() : '',
    lifetime,
    days_left: lifetime ? -1 : active ? Math.ceil((until.getTime() - now.getTime()) / DAY_MS) : 0,
    auto_renew: active && !lifetime && (membership?.autoRenew ?? false),
    auto_renew_available: active && !lifetime,
  };
}

function orderState(row: OrderRow, now: Date): OrderState {
  // An unpaid order past its window reads expired at once; the job writes it down later.
  if (row.state === 'created' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.state as OrderState;
}

export function toOrder(row: OrderRow, now = new Date()): VipOrder {
  const state = orderState(row, now);
  return {
    order_id: row.orderNo,
    plan_type: row.planType as VipPlanType,
    plan_name: row.planName,
    amount: yuan(row.amountFen),
    state,
    state_text: ORDER_STATE_NAMES[state],
    pay_type: state === 'paid' || state === 'refunded' ? ((row.payType as PayType | null) ?? '') : '',
    renewal: row.renewsUntil !== null,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? '',
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Creates an order for a plan at the plan's price now; a lifetime member has nothing left to buy. */
export async function createOrder(db: Db, userId: number, planType: VipPlanType, now = new Date()): Promise<VipOrder> {
  const plan = await planOf(db, planType);
  const until = await vipUntilOf(db, userId);
  if (until !== null && until.getTime() >= LIFETIME_VIP_UNTIL.getTime()) throw new AppError('VIP_ALREADY_LIFETIME');
  const [row] = await db
    .insert(vipOrders)
    .values({
      orderNo: newOrderNo(now),
      userId,
      planType: plan.type,
      planName: plan.name,
      amountFen: plan.priceFen,
      months: plan.months,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_PAY_WINDOW_MINUTES * 60_000),
    })
    .returning();
  if (!row) throw new Error('vip order not created');
  return toOrder(row, now);
}

/** The viewer's own order; anyone else's is ORDER_NOT_FOUND (never "forbidden": its existence is not told). */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(vipOrders)
    .where(and(eq(vipOrders.orderNo, orderNo), eq(vipOrders.userId, userId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

export type PayOrderInput = { orderNo: string; payType: PayType; channel: PayChannel; clientIp: string };

/** Starts paying an order through a provider: what the client shows (a QR code) or opens (a redirect). */
export async function payOrder(deps: PaymentsDeps, userId: number, input: PayOrderInput, now = new Date()) {
  const row = await ownOrder(deps.db, userId, input.orderNo);
  const state = orderState(row, now);
  if (state !== 'created') throw new AppError('ORDER_NOT_PAYABLE', { state: ORDER_STATE_NAMES[state] });
  return startAttempt(deps, {
    userId,
    purpose: VIP_PURPOSE,
    orderRef: row.id,
    orderNo: row.orderNo,
    amountFen: row.amountFen,
    description: `车友圈 VIP ${row.planName}`,
    expiresAt: row.expiresAt,
    payType: input.payType,
    channel: input.channel,
    clientIp: input.clientIp,
    returnUrl: `${deps.publicUrl}/vip?order=${encodeURIComponent(row.orderNo)}`,
  });
}

export async function orderStatus(db: Db, userId: number, orderNo: string) {
  const row = await ownOrder(db, userId, orderNo);
  return { ...toOrder(row), vip: await membershipStatus(db, userId) };
}

export async function orderHistory(db: Db, userId: number, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(vipOrders)
      .where(eq(vipOrders.userId, userId))
      .orderBy(desc(vipOrders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(vipOrders).where(eq(vipOrders.userId, userId)),
  ]);
  const now = new Date();
  const n = Number(total?.n ?? 0);
  return { items: rows.map((row) => toOrder(row, now)), total: n, hasMore: page * size < n };
}

/** Switches auto-renew; only an active, time-limited membership can renew. */
export async function setAutoRenew(db: Db, userId: number, on: boolean): Promise<VipStatus> {
  const status = await membershipStatus(db, userId);
  if (on && !status.auto_renew_available) throw new AppError('VIP_AUTO_RENEW_UNAVAILABLE');
  await db
    .update(vipMemberships)
    .set({ autoRenew: on, updatedAt: new Date() })
    .where(eq(vipMemberships.userId, userId));
  return membershipStatus(db, userId);
}

/**
 * A payment of a VIP order arrived ('payment.paid', in the settling transaction): the order
 * is paid, the membership extended from the later of now and its current end, points
 * granted (VIP_POINTS_PER_YUAN per whole yuan), the plan remembered for renewals. The
 * payments module settles each order once, so this runs once per order.
 */
export async function grantPaidOrder(
  tx: Db,
  payment: { orderRef: number; provider: string; paidAt: string },
): Promise<void> {
  const [order] = await tx.select().from(vipOrders).where(eq(vipOrders.id, payment.orderRef)).for('update');
  // Money for an order that failed or expired meanwhile still buys what it was for.
  if (!order || order.state === 'paid' || order.state === 'refunded') return;
  const paidAt = new Date(payment.paidAt);
  const now = new Date();
  const current = await vipUntilOf(tx, order.userId, true);
  const until = extendedUntil(current, order.months, now);
  await setVipUntil(tx, order.userId, until);
  await tx
    .update(vipOrders)
    .set({ state: 'paid', payType: payment.provider, paidAt, grantedUntil: until })
    .where(eq(vipOrders.id, order.id));
  await tx
    .insert(vipMemberships)
    .values({ userId: order.userId, planType: order.planType, payType: payment.provider })
    .onConflictDoUpdate({
      target: vipMemberships.userId,
      set: {
        planType: order.planType,
        payType: payment.provider,
        // A lifetime membership has nothing to renew.
        autoRenew: order.months === null ? false : sql`${vipMemberships.autoRenew}`,
        updatedAt: now,
      },
    });
  const points = Math.floor(order.amountFen / 100) * VIP_POINTS_PER_YUAN;
  if (points > 0) await grantPoints(tx, order.userId, points, 'vip', order.orderNo);
  await announce(tx, 'vip.granted', {
    userId: order.userId,
    orderNo: order.orderNo,
    planName: order.planName,
    until: order.months === null ? null : until.toISOString(),
    renewal: order.renewsUntil !== null,
  });
}

/** The order's last attempt failed at the provider (the payer's 支付失败): the order is failed. */
export async function failOrder(tx: Db, orderRef: number): Promise<void> {
  await tx
    .update(vipOrders)
    .set({ state: 'failed' })
    .where(and(eq(vipOrders.id, orderRef), eq(vipOrders.state, 'created')));
}

/**
 * Writes down orders whose pay window has passed: their open attempts are closed here and
 * at the providers. An order with an attempt still open is left for reconciliation to ask
 * its provider first, so money paid at the last second is never turned away.
 */
export async function expireOrders(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: vipOrders.id })
    .from(vipOrders)
    .where(and(eq(vipOrders.state, 'created'), sql`${vipOrders.expiresAt} <= ${now.toISOString()}`))
    .limit(100);
  let expired = 0;
  for (const { id } of due) {
    if (await hasOpenAttempt(deps.db, VIP_PURPOSE, id)) continue;
    const closed = await transaction(deps.db, async (tx) => {
      const open = await closeOpenAttempts(tx, VIP_PURPOSE, id);
      const rows = await tx
        .update(vipOrders)
        .set({ state: 'expired' })
        .where(and(eq(vipOrders.id, id), eq(vipOrders.state, 'created')))
        .returning({ id: vipOrders.id });
      expired += rows.length;
      return open;
    });
    await closeAtProviders(deps, closed);
  }
  return expired;
}
