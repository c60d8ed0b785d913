// A VIP order paid through WeChat Pay and Alipay, end to end: the app configured against
// local fakes that speak each provider's protocol (keys generated here), listening on a
// real port so the fakes' notifications arrive over HTTP at /pay/notify/{provider}.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { payMethods, vipCreateOrder, vipOrderStatus, vipPayOrder, vipStatus } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { freePort } from '../../../test/server-process.ts';
import { type FakeAlipay, newRsaKeys, startFakeAlipay } from '../../platform/payments/fake-alipay.test-helper.ts';
import { type FakeWechatPay, startFakeWechatPay } from '../../platform/payments/fake-wechatpay.test-helper.ts';
import { paymentsDeps } from './payments.module.ts';
import { reconcile } from './payments.service.ts';
import { paymentNotices, payments } from './payments.tables.ts';

const MCHID = '1900000109';
const APP_ID = '2021000000000001';

let t: TestApp;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;

beforeAll(async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex');
  wechat = await startFakeWechatPay({
    mchid: MCHID,
    appid: 'wx8888888888888888',
    merchantSerialNo: 'MERCHANT-SERIAL-1',
    merchantPublicKey: merchant.publicKey,
    apiV3Key,
  });
  const appKeys = newRsaKeys();
  alipay = await startFakeAlipay({ appId: APP_ID, appPublicKey: appKeys.publicKey });
  const port = await freePort();
  t = await buildTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: 'wx8888888888888888',
    WECHATPAY_SERIAL_NO: 'MERCHANT-SERIAL-1',
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WECHATPAY_APIV3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_KEYS: `${wechat.platformSerial}=${wechat.platformPublicKeyPem}`,
    WECHATPAY_API_BASE: wechat.apiBase,
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: appKeys.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gateway,
  });
  await t.app.listen({ host: '127.0.0.1', port });
});

afterAll(async () => {
  await t.close();
  await wechat.close();
  await alipay.close();
});

async function startPaying(who: Person, payType: 'wechat' | 'alipay', channel: 'qr' | 'h5') {
  const order = await who.api.call(vipCreateOrder, { plan_type: 'monthly' });
  const pay = await who.api.call(vipPayOrder, { order_id: order.order_id, pay_type: payType, pay_channel: channel });
  const [attempt] = await t.app.db
    .select()
    .from(payments)
    .where(eq(payments.orderRef, (await orderRow(order.order_id)).id));
  if (!attempt) throw new Error('no attempt');
  return { orderNo: order.order_id, pay, tradeNo: attempt.tradeNo };
}

async function orderRow(orderNo: string) {
  const { vipOrders } = await import('../vip/vip.tables.ts');
  const [row] = await t.app.db.select().from(vipOrders).where(eq(vipOrders.orderNo, orderNo));
  if (!row) throw new Error('no order');
  return row;
}

describe('configured providers', () => {
  it('offers the sandbox, WeChat Pay and Alipay, each with its channels', async () => {
    const me = await newPerson(t);
    expect(await me.api.call(payMethods, {})).toEqual([
      { pay_type: 'sandbox', name: '沙箱支付', channels: ['qr', 'h5'] },
      { pay_type: 'wechat', name: '微信支付', channels: ['qr', 'h5'] },
      { pay_type: 'alipay', name: '支付宝', channels: ['qr', 'h5'] },
    ]);
  });
});

describe('WeChat Pay v3', () => {
  it('shows a Native code, and the verified, decrypted notification makes the payer VIP once', async () => {
    const me = await newPerson(t);
    const { orderNo, pay, tradeNo } = await startPaying(me, 'wechat', 'qr');
    expect(pay).toMatchObject({ kind: 'qr', pay_type: 'wechat', amount: 39.9 });
    expect(pay.code_url).toMatch(/^weixin:\/\/wxpay\//);
    expect(wechat.orders.get(tradeNo)?.notify_url).toBe(`${t.config.PUBLIC_URL}/pay/notify/wechat`);

    expect(await wechat.pay(tradeNo)).toBe(204);
    expect(await me.api.call(vipOrderStatus, { order_id: orderNo })).toMatchObject({
      state: 'paid',
      pay_type: 'wechat',
      vip: { is_vip: 1 },
    });
    const until = (await me.api.call(vipStatus, {})).expires_at;

    // WeChat sends the same notification again (it did not hear our answer): nothing more.
    const again = await wechat.deliver(tradeNo, wechat.buildNotification(tradeNo));
    expect(again.status).toBe(204);
    expect((await me.api.call(vipStatus, {})).expires_at).toBe(until);
    const outcomes = (await t.app.db.select().from(paymentNotices).where(eq(paymentNotices.tradeNo, tradeNo))).map(
      (n) => n.outcome,
    );
    expect(outcomes).toEqual(['settled', 'duplicate']);
  });

  it('refuses a notification signed by another key, answering FAIL', async () => {
    const me = await newPerson(t);
    const { orderNo, tradeNo } = await startPaying(me, 'wechat', 'h5');
    const forged = await wechat.deliver(tradeNo, wechat.buildNotification(tradeNo, { signWith: wechat.rogueKey }));
    expect(forged.status).toBe(500);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    expect((await me.api.call(vipOrderStatus, { order_id: orderNo })).state).toBe('created');
  });

  it('settles a payment whose notification never came, by asking WeChat Pay (reconciliation)', async () => {
    const me = await newPerson(t);
    const { orderNo, tradeNo } = await startPaying(me, 'wechat', 'qr');
    wechat.setTradeState(tradeNo, 'SUCCESS');
    const order = wechat.orders.get(tradeNo);
    if (order) {
      order.transaction_id = '4200001234567890123456789012';
      order.success_time = new Date().toISOString();
    }
    await t.app.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(payments.tradeNo, tradeNo));
    const result = await reconcile(paymentsDeps(t.app));
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect((await me.api.call(vipOrderStatus, { order_id: orderNo })).state).toBe('paid');
  });
});

describe('Alipay', () => {
  it('redirects a phone to the wap cashier, and the RSA2-verified notification makes the payer VIP', async () => {
    const me = await newPerson(t);
    const { orderNo, pay, tradeNo } = await startPaying(me, 'alipay', 'h5');
    expect(pay.kind).toBe('redirect');
    expect(pay.pay_url.startsWith(alipay.gateway)).toBe(true);
    // The phone opens the cashier page: Alipay now holds the trade.
    expect((await fetch(pay.pay_url)).status).toBe(200);
    const paid = await alipay.pay(tradeNo);
    expect(paid).toEqual({ status: 200, body: 'success' });
    expect(await me.api.call(vipOrderStatus, { order_id: orderNo })).toMatchObject({
      state: 'paid',
      pay_type: 'alipay',
    });
  });

  it('refuses a notification with a changed amount, answering fail', async () => {
    const me = await newPerson(t);
    const { orderNo, tradeNo } = await startPaying(me, 'alipay', 'qr');
    const body = alipay.notification(tradeNo, { fields: { trade_status: 'TRADE_SUCCESS', total_amount: '0.01' } });
    const response = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: body,
    });
    expect(response.body).toBe('fail');
    expect((await me.api.call(vipOrderStatus, { order_id: orderNo })).state).toBe('created');
  });
});
