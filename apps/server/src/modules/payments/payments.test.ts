// The life of payment attempts, through the sandbox: a failed payment, a payer switching
// channel, money that arrives after the order ended (kept and given back), unpaid orders
// expiring, and the sandbox switched off.
import {
  createApiClient,
  STATUS,
  sandboxComplete,
  vipCreateOrder,
  vipOrderStatus,
  vipPayOrder,
  vipStatus,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { expireOrders } from '../vip/vip.service.ts';
import { vipOrders } from '../vip/vip.tables.ts';
import { postNotification, sandboxOrder, sandboxTicket } from '../vip/vip.test-helper.ts';
import { paymentsDeps } from './payments.module.ts';
import { processRefunds } from './payments.service.ts';
import { paymentNotices, payments } from './payments.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function anonymous() {
  return createApiClient({ baseUrl: '', signSecret: t.config.API_SIGN_SECRET, fetch: createInjectFetch(t.app) });
}

async function attempt(tradeNo: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  if (!row) throw new Error(`no attempt ${tradeNo}`);
  return row;
}

function sandbox() {
  const provider = t.app.payments.sandbox;
  if (!provider) throw new Error('sandbox off');
  return provider;
}

describe('a failed payment', () => {
  it('支付失败 fails the order, which can no longer be paid', async () => {
    const me = await newPerson(t);
    const { orderNo, trade_no, t: ticket } = await sandboxOrder(me);
    expect((await anonymous().call(sandboxComplete, { trade_no, t: ticket, outcome: 'failed' })).state).toBe('failed');
    expect(await me.api.call(vipOrderStatus, { order_id: orderNo })).toMatchObject({
      state: 'failed',
      state_text: '支付失败',
    });
    const again = await apiFailure(
      me.api.call(vipPayOrder, { order_id: orderNo, pay_type: 'sandbox', pay_channel: 'h5' }),
    );
    expect(again.message).toBe('订单支付失败，无法支付');
    // The checkout of a finished attempt takes no second answer.
    const late = await apiFailure(anonymous().call(sandboxComplete, { trade_no, t: ticket, outcome: 'paid' }));
    expect(late.message).toBe('该支付单已结束');
    expect((await me.api.call(vipStatus, {})).is_vip).toBe(0);
  });
});

describe('a payer switching channel', () => {
  it('closes the earlier attempt; money that still arrives on it is kept and given back', async () => {
    const me = await newPerson(t);
    const order = await me.api.call(vipCreateOrder, { plan_type: 'monthly' });
    const first = sandboxTicket(
      (await me.api.call(vipPayOrder, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'qr' })).code_url,
    );
    const second = sandboxTicket(
      (await me.api.call(vipPayOrder, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' })).pay_url,
    );
    expect((await attempt(first.trade_no)).state).toBe('closed');
    expect((await attempt(second.trade_no)).state).toBe('pending');

    await anonymous().call(sandboxComplete, { ...second, outcome: 'paid' });
    const untilAfterPaying = (await me.api.call(vipStatus, {})).expires_at;

    // The first attempt's money arrives anyway (the payer had the old QR open).
    const late = await postNotification(t, 'sandbox', sandbox().notification(first.trade_no, 'paid', 3990));
    expect(late.statusCode).toBe(200);
    expect(await attempt(first.trade_no)).toMatchObject({ state: 'closed', refundState: 'due' });
    expect((await me.api.call(vipStatus, {})).expires_at).toBe(untilAfterPaying);

    await processRefunds(paymentsDeps(t.app));
    expect(await attempt(first.trade_no)).toMatchObject({ refundState: 'done' });
    expect((await attempt(second.trade_no)).refundState).toBe('none');
  });
});

describe('unpaid orders', () => {
  it('read expired once their window passes; the job writes them down and closes their attempts', async () => {
    const me = await newPerson(t);
    const { orderNo, trade_no } = await sandboxOrder(me);
    const past = new Date(Date.now() - 60_000);
    await t.app.db.update(vipOrders).set({ expiresAt: past }).where(eq(vipOrders.orderNo, orderNo));
    expect((await me.api.call(vipOrderStatus, { order_id: orderNo })).state).toBe('expired');
    const payAgain = await apiFailure(
      me.api.call(vipPayOrder, { order_id: orderNo, pay_type: 'sandbox', pay_channel: 'h5' }),
    );
    expect(payAgain.status).toBe(STATUS.CONFLICT);

    // An attempt still open waits for reconciliation to ask its provider first.
    expect(await expireOrders(paymentsDeps(t.app))).toBe(0);
    await t.app.db.update(payments).set({ state: 'closed' }).where(eq(payments.tradeNo, trade_no));
    expect(await expireOrders(paymentsDeps(t.app))).toBeGreaterThanOrEqual(1);
    const [row] = await t.app.db.select().from(vipOrders).where(eq(vipOrders.orderNo, orderNo));
    expect(row?.state).toBe('expired');

    // Money for it after all: recorded, flagged for refund, the membership untouched.
    const late = await postNotification(t, 'sandbox', sandbox().notification(trade_no, 'paid', 3990));
    expect(late.statusCode).toBe(200);
    expect((await attempt(trade_no)).refundState).toBe('due');
    expect((await me.api.call(vipStatus, {})).is_vip).toBe(0);
    const outcomes = (await t.app.db.select().from(paymentNotices).where(eq(paymentNotices.tradeNo, trade_no))).map(
      (n) => n.outcome,
    );
    expect(outcomes).toContain('refund_due');
  });
});

describe('the notify route', () => {
  it('answers 404 for a provider that is not configured, and refuses a body that is no notification', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/pay/notify/wechat', payload: '{}' });
    expect(unknown.statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(junk.statusCode).toBe(400);
    expect(JSON.parse(junk.body)).toMatchObject({ code: 'FAIL' });
  });

  it('keeps nothing of a notification it cannot verify (anyone can post one)', async () => {
    const before = (await t.app.db.select().from(paymentNotices)).length;
    const forged = sandbox().notification('V000000000000000000_abcdef', 'paid', 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postNotification(t, 'sandbox', {
          headers: { ...forged.headers, 'x-sandbox-signature': 'AAAA' },
          rawBody: forged.rawBody,
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    expect((await t.app.db.select().from(paymentNotices)).length).toBe(before);
  });
});

describe('with the sandbox switched off', () => {
  it('offers no sandbox payment', async () => {
    const off = await buildTestApp({ PAY_SANDBOX: false });
    try {
      const me = await newPerson(off);
      const order = await me.api.call(vipCreateOrder, { plan_type: 'monthly' });
      const failure = await apiFailure(
        me.api.call(vipPayOrder, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'qr' }),
      );
      expect(failure.status).toBe(STATUS.UNAVAILABLE);
      expect(failure.message).toBe('沙箱支付暂未开通，请选择其他支付方式');
    } finally {
      await off.close();
    }
  });
});
