// An order's life through the API: paid in the sandbox through the signed notification
// path, replays changing nothing, cancelled or lapsed with stock and points back, shipped,
// confirmed or completed on its own, refunded by an admin; nobody touching another's order.
import {
  adminOrderInfo,
  adminOrderList,
  adminOrderRefund,
  adminOrderShip,
  ERRORS,
  orderCancel,
  orderConfirm,
  orderInfo,
  orderList,
  orderPay,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { paymentsDeps } from '../payments/index.ts';
import { processRefunds } from '../payments/payments.service.ts';
import { paymentNotices, payments } from '../payments/payments.tables.ts';
import { pointsBalance } from '../points/index.ts';
import { postNotification } from '../vip/vip.test-helper.ts';
import { completeShippedOrders, expireOrders } from './order-life.service.ts';
import { shopOrders } from './orders.tables.ts';
import {
  address,
  givePoints,
  orderOf,
  payInSandbox,
  product,
  sandboxPay,
  stockAndSales,
} from './orders.test-helper.ts';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await newPerson(t, { role: 'admin' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function buyer() {
  const me = await newPerson(t);
  return { me, addressId: await address(me) };
}

async function attemptOf(tradeNo: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  if (!row) throw new Error(`no attempt ${tradeNo}`);
  return row;
}

describe('paying', () => {
  it('a sandbox payment makes the order 待发货 and counts its units into sales; a replay changes nothing', async () => {
    const { me, addressId } = await buyer();
    const pid = await product(t, '45', 6);
    const order = await orderOf(me, pid, addressId, 2);
    expect(order.payable).toBe('100.00');
    const pay = await me.api.call(orderPay, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'qr' });
    expect(pay).toMatchObject({ kind: 'qr', amount: 100 });

    const { trade_no } = await payInSandbox(t, me, order.order_id);
    expect(await me.api.call(orderInfo, { order_id: order.order_id })).toMatchObject({
      state: 'unshipped',
      state_text: '待发货',
      pay_type: 'sandbox',
    });
    expect(await stockAndSales(t, pid)).toEqual({ stock: 4, sales: 2 });
    expect((await attemptOf(trade_no)).returnUrl).toBe(`${t.config.PUBLIC_URL}/orders/${order.order_id}`);

    const sandbox = t.app.payments.sandbox;
    if (!sandbox) throw new Error('sandbox off');
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => postNotification(t, 'sandbox', sandbox.notification(trade_no, 'paid', 10_000))),
    );
    expect(replays.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await stockAndSales(t, pid)).toEqual({ stock: 4, sales: 2 });
    expect((await me.api.call(orderInfo, { order_id: order.order_id })).state).toBe('unshipped');
    const outcomes = (await t.app.db.select().from(paymentNotices).where(eq(paymentNotices.tradeNo, trade_no))).map(
      (n) => n.outcome,
    );
    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(5);

    const again = await apiFailure(
      me.api.call(orderPay, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' }),
    );
    expect(again).toMatchObject({ status: STATUS.CONFLICT, message: '订单待发货，无法支付' });
  });
});

describe('unpaid orders', () => {
  it('the buyer cancels: stock and points go back at once, the open attempt is closed', async () => {
    const { me, addressId } = await buyer();
    await givePoints(t, me, 500);
    const pid = await product(t, '30', 3);
    const order = await orderOf(me, pid, addressId, 2, 500);
    expect(await pointsBalance(t.app.db, me.id)).toBe(0);
    expect((await stockAndSales(t, pid)).stock).toBe(1);
    const { trade_no } = await sandboxPay(me, order.order_id);

    const cancelled = await me.api.call(orderCancel, { order_id: order.order_id });
    expect(cancelled).toMatchObject({ state: 'cancelled', state_text: '已取消', cancel_reason: 'buyer' });
    expect(await stockAndSales(t, pid)).toEqual({ stock: 3, sales: 0 });
    expect(await pointsBalance(t.app.db, me.id)).toBe(500);
    expect((await attemptOf(trade_no)).state).toBe('closed');

    // Money that still arrives for it is flagged to go back; the order stays cancelled.
    const sandbox = t.app.payments.sandbox;
    if (!sandbox) throw new Error('sandbox off');
    expect((await postNotification(t, 'sandbox', sandbox.notification(trade_no, 'paid', 6500))).statusCode).toBe(200);
    expect((await attemptOf(trade_no)).refundState).toBe('due');
    expect((await me.api.call(orderInfo, { order_id: order.order_id })).state).toBe('cancelled');
    expect(await stockAndSales(t, pid)).toEqual({ stock: 3, sales: 0 });

    const twice = await apiFailure(me.api.call(orderCancel, { order_id: order.order_id }));
    expect(twice.message).toBe('订单已取消，无法取消');
    expect(await pointsBalance(t.app.db, me.id)).toBe(500);
  });

  it('lapse after the pay window: read cancelled at once, the job gives stock and points back once no attempt is open', async () => {
    const { me, addressId } = await buyer();
    await givePoints(t, me, 200);
    const pid = await product(t, '40', 2);
    const order = await orderOf(me, pid, addressId, 1, 200);
    const { trade_no } = await sandboxPay(me, order.order_id);
    await t.app.db
      .update(shopOrders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(shopOrders.orderNo, order.order_id));

    expect(await me.api.call(orderInfo, { order_id: order.order_id })).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'expired',
    });
    expect((await me.api.call(orderList, { state: 'unpaid' })).items).toEqual([]);
    expect((await me.api.call(orderList, { state: 'cancelled' })).items.map((o) => o.order_id)).toEqual([
      order.order_id,
    ]);
    const pay = await apiFailure(
      me.api.call(orderPay, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' }),
    );
    expect(pay.message).toBe('订单已取消，无法支付');

    // An attempt still open waits for reconciliation to ask its provider first.
    const deps = paymentsDeps(t.app);
    await expireOrders(deps);
    expect((await stockAndSales(t, pid)).stock).toBe(1);
    expect(await pointsBalance(t.app.db, me.id)).toBe(0);

    await t.app.db.update(payments).set({ state: 'closed' }).where(eq(payments.tradeNo, trade_no));
    expect(await expireOrders(deps)).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(shopOrders).where(eq(shopOrders.orderNo, order.order_id));
    expect(row).toMatchObject({ state: 'cancelled', cancelReason: 'expired' });
    expect((await stockAndSales(t, pid)).stock).toBe(2);
    expect(await pointsBalance(t.app.db, me.id)).toBe(200);
    // Run again: nothing goes back twice.
    await expireOrders(deps);
    expect((await stockAndSales(t, pid)).stock).toBe(2);
    expect(await pointsBalance(t.app.db, me.id)).toBe(200);
  });
});

describe('delivery', () => {
  it('admin ships → 已发货; the buyer confirms → 已完成', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '120', 3), addressId);
    await payInSandbox(t, me, order.order_id);

    const early = await apiFailure(me.api.call(orderConfirm, { order_id: order.order_id }));
    expect(early.message).toBe('订单待发货，无法确认收货');

    const shipped = await admin.api.call(adminOrderShip, {
      order_id: order.order_id,
      courier: '顺丰速运',
      tracking_no: 'SF1234567890',
    });
    expect(shipped).toMatchObject({ state: 'shipped', state_text: '已发货', courier: '顺丰速运', uid: me.id });
    expect(new Date(shipped.auto_complete_at).getTime() - new Date(shipped.shipped_at).getTime()).toBe(10 * DAY);
    expect((await me.api.call(orderList, { state: 'shipped' })).items.map((o) => o.tracking_no)).toEqual([
      'SF1234567890',
    ]);

    const done = await me.api.call(orderConfirm, { order_id: order.order_id });
    expect(done).toMatchObject({ state: 'completed', state_text: '已完成' });
    expect(done.completed_at).not.toBe('');
  });

  it('a shipped order completes on its own 10 days after shipping, not before', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '120', 3), addressId);
    await payInSandbox(t, me, order.order_id);
    await admin.api.call(adminOrderShip, { order_id: order.order_id, courier: '中通快递', tracking_no: 'ZT000111222' });
    const shippedAt = new Date(Date.now() - 10 * DAY + 60_000);
    await t.app.db.update(shopOrders).set({ shippedAt }).where(eq(shopOrders.orderNo, order.order_id));
    await completeShippedOrders(t.app.db);
    expect((await me.api.call(orderInfo, { order_id: order.order_id })).state).toBe('shipped');
    await completeShippedOrders(t.app.db, new Date(Date.now() + 2 * 60_000));
    expect((await me.api.call(orderInfo, { order_id: order.order_id })).state).toBe('completed');
  });

  it('refuses to ship an unpaid order', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '20', 3), addressId);
    const failure = await apiFailure(
      admin.api.call(adminOrderShip, { order_id: order.order_id, courier: '顺丰速运', tracking_no: 'SF0000000001' }),
    );
    expect(failure.message).toBe('订单待付款，无法发货');
  });
});

describe('refunds', () => {
  it('refunds a paid order: 已退款 now, the money back through the refund job, stock and points back before shipping', async () => {
    const { me, addressId } = await buyer();
    await givePoints(t, me, 1000);
    const pid = await product(t, '60', 4);
    const order = await orderOf(me, pid, addressId, 1, 1000);
    const { trade_no } = await payInSandbox(t, me, order.order_id);
    expect(await stockAndSales(t, pid)).toEqual({ stock: 3, sales: 1 });

    const refunded = await admin.api.call(adminOrderRefund, { order_id: order.order_id, reason: '买家不想要了' });
    expect(refunded).toMatchObject({
      state: 'refunded',
      state_text: '已退款',
      refund_reason: '买家不想要了',
      refund_state: 'due',
    });
    expect((await stockAndSales(t, pid)).stock).toBe(4);
    expect(await pointsBalance(t.app.db, me.id)).toBe(1000);

    await processRefunds(paymentsDeps(t.app));
    expect(await attemptOf(trade_no)).toMatchObject({ refundState: 'done', refundReason: '买家不想要了' });
    expect((await admin.api.call(adminOrderInfo, { order_id: order.order_id })).refund_state).toBe('done');
    expect((await me.api.call(orderInfo, { order_id: order.order_id })).state).toBe('refunded');

    const twice = await apiFailure(admin.api.call(adminOrderRefund, { order_id: order.order_id, reason: '再退一次' }));
    expect(twice.message).toBe('订单已退款，无法退款');
    expect(await pointsBalance(t.app.db, me.id)).toBe(1000);
  });

  it('a shipped order refunded keeps its stock off the shelf', async () => {
    const { me, addressId } = await buyer();
    const pid = await product(t, '60', 4);
    const order = await orderOf(me, pid, addressId);
    await payInSandbox(t, me, order.order_id);
    await admin.api.call(adminOrderShip, {
      order_id: order.order_id,
      courier: '顺丰速运',
      tracking_no: 'SF0000000002',
    });
    await admin.api.call(adminOrderRefund, { order_id: order.order_id, reason: '商品破损' });
    expect((await stockAndSales(t, pid)).stock).toBe(3);
  });

  it('refuses to refund an unpaid order', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '20', 3), addressId);
    const failure = await apiFailure(
      admin.api.call(adminOrderRefund, { order_id: order.order_id, reason: '测试退款' }),
    );
    expect(failure.message).toBe('订单待付款，无法退款');
  });
});

describe('nobody touches what is not theirs', () => {
  it('another buyer gets ORDER_NOT_FOUND on every order call, and sees none in their list', async () => {
    const { me, addressId } = await buyer();
    const pid = await product(t, '20', 5);
    const order = await orderOf(me, pid, addressId);
    const other = await newPerson(t);
    const id = { order_id: order.order_id };
    for (const call of [
      () => other.api.call(orderInfo, id),
      () => other.api.call(orderPay, { ...id, pay_type: 'sandbox', pay_channel: 'h5' }),
      () => other.api.call(orderCancel, id),
      () => other.api.call(orderConfirm, id),
    ]) {
      expect((await apiFailure(call())).message).toBe('订单不存在');
    }
    expect((await other.api.call(orderList, {})).items).toEqual([]);
    expect((await me.api.call(orderInfo, id)).state).toBe('unpaid');
    expect((await stockAndSales(t, pid)).stock).toBe(4);
    const attempts = await t.app.db.select().from(payments).where(eq(payments.userId, other.id));
    expect(attempts).toEqual([]);
  });

  it('refuses a member (ADMIN_REQUIRED) and a visitor (2011) on every admin call, changing nothing', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '20', 5), addressId);
    await payInSandbox(t, me, order.order_id);
    const id = { order_id: order.order_id };
    const calls = [
      (api: typeof t.api) => api.call(adminOrderList, {}),
      (api: typeof t.api) => api.call(adminOrderInfo, id),
      (api: typeof t.api) => api.call(adminOrderShip, { ...id, courier: '顺丰速运', tracking_no: 'SF0000000003' }),
      (api: typeof t.api) => api.call(adminOrderRefund, { ...id, reason: '偷偷退款' }),
    ];
    for (const [i, call] of calls.entries()) {
      expect((await apiFailure(call(me.api))).status, `member ${i}`).toBe(ERRORS.ADMIN_REQUIRED.status);
      expect((await apiFailure(call(t.api))).status, `visitor ${i}`).toBe(STATUS.NOT_LOGGED_IN);
    }
    expect(await admin.api.call(adminOrderInfo, id)).toMatchObject({ state: 'unshipped', refund_state: 'none' });
  });

  it('the admin list finds orders by state and by word', async () => {
    const { me, addressId } = await buyer();
    const order = await orderOf(me, await product(t, '20', 5, '独一无二的车衣'), addressId);
    const byTitle = await admin.api.call(adminOrderList, { word: '独一无二' });
    expect(byTitle.items.map((o) => o.order_id)).toEqual([order.order_id]);
    const byNo = await admin.api.call(adminOrderList, { word: order.order_id, state: 'unpaid' });
    expect(byNo.items.map((o) => [o.order_id, o.uid])).toEqual([[order.order_id, me.id]]);
    expect((await admin.api.call(adminOrderList, { word: order.order_id, state: 'shipped' })).items).toEqual([]);
  });
});
