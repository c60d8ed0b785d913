import { type PayType, VIP_RENEW_DAYS_BEFORE } from '@evcircle/contract';
import { and, eq, gt, lte } from 'drizzle-orm';
import { transaction } from '../../platform/events.ts';
import { LIFETIME_VIP_UNTIL, users } from '../accounts/index.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { chargeAttempt } from '../payments/index.ts';
import { newOrderNo, VIP_PURPOSE } from './vip.service.ts';
import { vipMemberships, vipOrders, vipPlans } from './vip.tables.ts';

// Auto-renew (docs/decisions/0020-vip.md): VIP_RENEW_DAYS_BEFORE days before a membership
// with auto-renew ends, one renewal order is made for that end (a unique index makes it
// once however many processes run the job). A provider that can charge without the payer
// (the sandbox; WeChat Pay and Alipay only under a separate deduction agreement) is
// charged; otherwise the member gets a reminder with the order to pay. A failed charge
// turns auto-renew off and tells the member.

const DAY_MS = 24 * 60 * 60 * 1000;

const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export async function runRenewals(
  deps: PaymentsDeps,
  now = new Date(),
): Promise<{ charged: number; reminded: number; failed: number }> {
  const horizon = new Date(now.getTime() + VIP_RENEW_DAYS_BEFORE * DAY_MS);
  const due = await deps.db
    .select({
      userId: vipMemberships.userId,
      planType: vipMemberships.planType,
      payType: vipMemberships.payType,
      until: users.vipUntil,
    })
    .from(vipMemberships)
    .innerJoin(users, eq(users.id, vipMemberships.userId))
    .where(and(eq(vipMemberships.autoRenew, true), gt(users.vipUntil, now), lte(users.vipUntil, horizon)))
    .limit(200);
  const result = { charged: 0, reminded: 0, failed: 0 };
  for (const member of due) {
    const until = member.until;
    if (!until || until.getTime() >= LIFETIME_VIP_UNTIL.getTime()) continue;
    const [plan] = await deps.db.select().from(vipPlans).where(eq(vipPlans.type, member.planType));
    if (!plan || plan.months === null) continue;
    const order = await transaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(vipOrders)
        .values({
          orderNo: newOrderNo(now),
          userId: member.userId,
          planType: plan.type,
          planName: plan.name,
          amountFen: plan.priceFen,
          months: plan.months,
          renewsUntil: until,
          createdAt: now,
          // The member may pay a reminder's order until the membership ends.
          expiresAt: until,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    });
    if (!order) continue;
    const payType = member.payType as PayType;
    let charged: 'paid' | 'failed' | null = null;
    if (deps.payments.providers.has(payType)) {
      charged = await chargeAttempt(deps, {
        userId: member.userId,
        purpose: VIP_PURPOSE,
        orderRef: order.id,
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        description: `车友圈 VIP ${order.planName}（自动续费）`,
        expiresAt: order.expiresAt,
        payType,
        returnUrl: `${deps.publicUrl}/vip?order=${encodeURIComponent(order.orderNo)}`,
      });
    }
    const event = {
      userId: member.userId,
      orderNo: order.orderNo,
      expiresAt: until.toISOString(),
      amount: yuanText(order.amountFen),
    };
    if (charged === 'paid') {
      result.charged += 1;
    } else if (charged === 'failed') {
      result.failed += 1;
      await transaction(deps.db, async (tx, announce) => {
        await tx
          .update(vipMemberships)
          .set({ autoRenew: false, updatedAt: new Date() })
          .where(eq(vipMemberships.userId, member.userId));
        await announce('vip.renewal', { ...event, outcome: 'failed' });
      });
    } else {
      result.reminded += 1;
      await transaction(deps.db, async (_tx, announce) => announce('vip.renewal', { ...event, outcome: 'reminder' }));
    }
  }
  return result;
}
