// VIP through the API: plans, orders, the sandbox paying through the signed notification
// path, the membership each payment extends, and nobody touching another's order.
import {
  createApiClient,
  STATUS,
  sandboxCheckout,
  sandboxComplete,
  userInfo,
  vipCreateOrder,
  vipOrderHistory,
  vipOrderStatus,
  vipPayOrder,
  vipPlans,
  vipStatus,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { notifications } from '../notify/notify.tables.ts';
import { paymentNotices, payments } from '../payments/payments.tables.ts';
import { pointsBalance } from '../points/index.ts';
import { addMonths } from './vip.service.ts';
import { vipOrders } from './vip.tables.ts';
import { postNotification, sandboxOrder } from './vip.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

function anonymous() {
  return createApiClient({ baseUrl: '', signSecret: t.config.API_SIGN_SECRET, fetch: createInjectFetch(t.app) });
}

describe('plans and status', () => {
  it('sells the three plans of SPEC.md §9, the yearly marked most popular', async () => {
    expect(await anonymous().call(vipPlans, {})).toEqual([
      { type: 'monthly', name: '月度会员', original_price: 49.9, price: 39.9, unit: '月', most_popular: false },
      { type: 'yearly', name: '年度会员', original_price: 499, price: 399, unit: '年', most_popular: true },
      { type: 'lifetime', name: '终身会员', original_price: 1299, price: 999, unit: '终身', most_popular: false },
    ]);
  });

  it('answers a logged-out caller 用户未登录, and a new member is_vip 0', async () => {
    const failure = await apiFailure(anonymous().call(vipStatus, {}));
    expect(failure.status).toBe(STATUS.NOT_LOGGED_IN);
    const me = await newPerson(t);
    expect(await me.api.call(vipStatus, {})).toEqual({
      is_vip: 0,
      plan_type: '',
      expires_at: '',
      lifetime: false,
      days_left: 0,
      auto_renew: false,
      auto_renew_available: false,
    });
  });
});

describe('buying a plan in the sandbox', () => {
  it('takes the amount from the plan on the server, whatever the client sends', async () => {
    const me = await newPerson(t);
    const order = await me.api.call(vipCreateOrder, { plan_type: 'yearly', amount: '0.01', price: 1 } as never);
    expect(order).toMatchObject({ plan_type: 'yearly', amount: 399, state: 'created', state_text: '待支付' });
    const [row] = await t.app.db.select().from(vipOrders).where(eq(vipOrders.orderNo, order.order_id));
    expect(row?.amountFen).toBe(39_900);
  });

  it('pays through the signed notification path: the member is VIP at once, with points and a notice', async () => {
    const me = await newPerson(t);
    const { orderNo, trade_no, t: ticket } = await sandboxOrder(me, 'monthly');
    expect(trade_no.startsWith(orderNo)).toBe(true);
    const view = await anonymous().call(sandboxCheckout, { trade_no, t: ticket });
    expect(view).toMatchObject({ amount: 39.9, state: 'pending', description: '车友圈 VIP 月度会员' });

    const before = Date.now();
    const done = await anonymous().call(sandboxComplete, { trade_no, t: ticket, outcome: 'paid' });
    expect(done.state).toBe('paid');

    const status = await me.api.call(vipOrderStatus, { order_id: orderNo });
    expect(status).toMatchObject({ state: 'paid', pay_type: 'sandbox', vip: { is_vip: 1, plan_type: 'monthly' } });
    const until = new Date(status.vip.expires_at).getTime();
    expect(until).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime() - 1000);
    expect(until).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    expect(await me.api.call(userInfo, { uid: me.id })).toMatchObject({ is_vip: 1, isVIP: true });
    expect(await pointsBalance(t.app.db, me.id)).toBe(39);
    await settleEvents(t.app.db);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, me.id));
    expect(told.map((n) => n.title)).toEqual(['VIP 会员已开通']);
    const notices = await t.app.db.select().from(paymentNotices).where(eq(paymentNotices.tradeNo, trade_no));
    expect(notices.map((n) => n.outcome)).toEqual(['settled']);
  });

  it('a replayed notification, sent 10 times at once, grants once', async () => {
    const me = await newPerson(t);
    const { orderNo, trade_no } = await sandboxOrder(me, 'monthly');
    const sandbox = t.app.payments.sandbox;
    if (!sandbox) throw new Error('sandbox off');
    const notification = sandbox.notification(trade_no, 'paid', 3990);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotification(t, 'sandbox', notification)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));

    const status = await me.api.call(vipOrderStatus, { order_id: orderNo });
    expect(status.state).toBe('paid');
    const oneMonth = addMonths(new Date(), 1).getTime();
    expect(new Date(status.vip.expires_at).getTime()).toBeLessThanOrEqual(oneMonth);
    expect(await pointsBalance(t.app.db, me.id)).toBe(39);
    const outcomes = (await t.app.db.select().from(paymentNotices).where(eq(paymentNotices.tradeNo, trade_no))).map(
      (n) => n.outcome,
    );
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
  });

  it('refuses a tampered signature, a changed amount and another merchant, granting nothing', async () => {
    const me = await newPerson(t);
    const { orderNo, trade_no } = await sandboxOrder(me, 'monthly');
    const sandbox = t.app.payments.sandbox;
    if (!sandbox) throw new Error('sandbox off');

    const real = sandbox.notification(trade_no, 'paid', 3990);
    const tampered = { ...real, rawBody: real.rawBody.replace('"amount_fen":3990', '"amount_fen":1') };
    expect((await postNotification(t, 'sandbox', tampered)).statusCode).toBe(400);

    const cheap = sandbox.notification(trade_no, 'paid', 1);
    expect((await postNotification(t, 'sandbox', cheap)).statusCode).toBe(400);

    const other = sandbox.notification(trade_no, 'paid', 3990);
    const otherBody = other.rawBody.replace('evcircle-sandbox', 'someone-else');
    const resigned = sandbox.notification('x', 'paid', 1); // a valid signature for a different body
    expect((await postNotification(t, 'sandbox', { headers: resigned.headers, rawBody: otherBody })).statusCode).toBe(
      400,
    );

    expect((await me.api.call(vipOrderStatus, { order_id: orderNo })).state).toBe('created');
    expect((await me.api.call(vipStatus, {})).is_vip).toBe(0);
    const outcomes = (await t.app.db.select().from(paymentNotices)).filter(
      (n) => n.tradeNo === trade_no || n.tradeNo === null,
    );
    expect(outcomes.some((n) => n.outcome === 'mismatch')).toBe(true);
  });
});

describe('nobody touches another person’s order', () => {
  it('answers ORDER_NOT_FOUND for another member’s order everywhere, and a wrong checkout ticket finds nothing', async () => {
    const [owner, other] = await Promise.all([newPerson(t), newPerson(t)]);
    const { orderNo, trade_no } = await sandboxOrder(owner, 'monthly');
    // Each call made only when awaited: a refusal made early would go unhandled meanwhile.
    for (const call of [
      () => other.api.call(vipOrderStatus, { order_id: orderNo }),
      () => other.api.call(vipPayOrder, { order_id: orderNo, pay_type: 'sandbox', pay_channel: 'qr' }),
    ]) {
      expect((await apiFailure(call())).message).toBe('订单不存在');
    }
    expect((await other.api.call(vipOrderHistory, {})).items).toEqual([]);
    const failure = await apiFailure(anonymous().call(sandboxCheckout, { trade_no, t: 'forged-ticket' }));
    expect(failure.status).toBe(STATUS.NOT_FOUND);
    const attempts = await t.app.db.select().from(payments).where(eq(payments.tradeNo, trade_no));
    expect(attempts[0]?.state).toBe('pending');
  });
});

describe('how long a membership runs', () => {
  it('adds a monthly on top of an active yearly, and lifetime ends buying', async () => {
    const me = await newPerson(t);
    const yearly = await sandboxOrder(me, 'yearly');
    await anonymous().call(sandboxComplete, { trade_no: yearly.trade_no, t: yearly.t, outcome: 'paid' });
    const afterYear = new Date((await me.api.call(vipStatus, {})).expires_at);
    expect(afterYear.getTime()).toBeGreaterThan(Date.now() + 364 * DAY);

    const monthly = await sandboxOrder(me, 'monthly');
    await anonymous().call(sandboxComplete, { trade_no: monthly.trade_no, t: monthly.t, outcome: 'paid' });
    expect(new Date((await me.api.call(vipStatus, {})).expires_at).getTime()).toBe(addMonths(afterYear, 1).getTime());

    const lifetime = await sandboxOrder(me, 'lifetime');
    await anonymous().call(sandboxComplete, { trade_no: lifetime.trade_no, t: lifetime.t, outcome: 'paid' });
    expect(await me.api.call(vipStatus, {})).toMatchObject({
      is_vip: 1,
      lifetime: true,
      days_left: -1,
      expires_at: '',
    });
    expect((await apiFailure(me.api.call(vipCreateOrder, { plan_type: 'monthly' }))).message).toBe(
      '您已是终身会员，无需再次购买',
    );
    const history = await me.api.call(vipOrderHistory, {});
    expect(history.items.map((o) => [o.plan_type, o.state])).toEqual([
      ['lifetime', 'paid'],
      ['monthly', 'paid'],
      ['yearly', 'paid'],
    ]);
  });

  it('clamps the day: 1月31日 + 1 month is the last day of February (Asia/Shanghai)', () => {
    expect(addMonths(new Date('2027-01-31T02:00:00Z'), 1).toISOString()).toBe('2027-02-28T02:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T02:00:00Z'), 1).toISOString()).toBe('2028-02-29T02:00:00.000Z');
    // 23:30 on 31 January in Shanghai is 15:30 UTC the same day: still the 31st there.
    expect(addMonths(new Date('2027-01-31T15:30:00Z'), 1).toISOString()).toBe('2027-02-28T15:30:00.000Z');
    expect(addMonths(new Date('2028-02-29T04:00:00Z'), 12).toISOString()).toBe('2029-02-28T04:00:00.000Z');
  });
});
