import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { type FakeWechatPay, type FakeWechatPayMode, startFakeWechatPay } from './fake-wechatpay.test-helper.ts';
import {
  type NotificationRequest,
  type PaymentLog,
  type PaymentNotice,
  type PaymentRequest,
  PaymentVerifyError,
} from './types.ts';
import { createWechatPayProvider, type WechatPayOptions, wechatTime } from './wechat.ts';

const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const MERCHANT_PRIVATE_PEM = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

type LogEntry = { level: string; fields: Record<string, unknown>; message: string };
const logs: LogEntry[] = [];
const recordingLog: PaymentLog = (() => {
  const at = (level: string) => (fields: unknown, message?: unknown) => {
    logs.push({ level, fields: fields as Record<string, unknown>, message: String(message ?? '') });
  };
  return { info: at('info'), warn: at('warn'), error: at('error') } as unknown as PaymentLog;
})();

let fake: FakeWechatPay;
/** Our notify endpoint, standing in for the payments module: verify, then answer as the provider says. */
let receiver: Server;
let notifyUrl: string;
const notices: PaymentNotice[] = [];
const refusals: unknown[] = [];
let sequence = 0;

function provider(overrides: Partial<WechatPayOptions> = {}) {
  return createWechatPayProvider({
    mchid: MCHID,
    appid: APPID,
    merchantSerialNo: MERCHANT_SERIAL,
    merchantPrivateKey: MERCHANT_PRIVATE_PEM,
    apiV3Key: API_V3_KEY,
    platformKeys: { [fake.platformSerial]: fake.platformPublicKeyPem },
    apiBase: fake.apiBase,
    log: recordingLog,
    ...overrides,
  });
}

function payment(fields: Partial<PaymentRequest> = {}): PaymentRequest {
  sequence += 1;
  return {
    outTradeNo: `VIP${Date.now()}${String(sequence).padStart(4, '0')}`,
    amountFen: 2500,
    description: '车友圈 VIP 月度会员',
    expiresAt: new Date('2099-01-01T00:30:00Z'),
    channel: 'qr',
    clientIp: '203.0.113.7',
    returnUrl: 'https://evcircle.example/vip/orders/42?from=pay&ok=1',
    notifyUrl,
    ...fields,
  };
}

/** Starts a Native order at the fake and answers its number. */
async function startedOrder(fields: Partial<PaymentRequest> = {}): Promise<string> {
  const request = payment(fields);
  await provider().start(request);
  return request.outTradeNo;
}

beforeAll(async () => {
  fake = await startFakeWechatPay({
    mchid: MCHID,
    appid: APPID,
    merchantSerialNo: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key: API_V3_KEY,
  });
  const wechat = provider();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: NotificationRequest = { headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
      wechat.verifyNotification(request).then(
        (notice) => {
          notices.push(notice);
          const answer = wechat.answer(true);
          res.writeHead(answer.statusCode, { 'content-type': answer.contentType }).end(answer.body);
        },
        (err: unknown) => {
          refusals.push(err);
          const answer = wechat.answer(false);
          res.writeHead(answer.statusCode, { 'content-type': answer.contentType }).end(answer.body);
        },
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/pay/notify/wechat`;
});

afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  fake.state.mode = 'ok';
  fake.state.refundStatus = 'SUCCESS';
  fake.received.length = 0;
  fake.refusedSignatures.length = 0;
  notices.length = 0;
  refusals.length = 0;
  logs.length = 0;
});

describe('wechat pay: starting a payment', () => {
  it('writes time_expire in RFC 3339 Beijing time', () => {
    expect(wechatTime(new Date('2026-05-01T16:30:05.789Z'))).toBe('2026-05-02T00:30:05+08:00');
  });

  it('creates a Native order and answers its code_url as a QR code', async () => {
    const request = payment();
    const start = await provider().start(request);
    expect(start.kind).toBe('qr');
    const order = fake.orders.get(request.outTradeNo);
    expect(start).toEqual({ kind: 'qr', codeUrl: order?.prepay.code_url });
    expect(start.kind === 'qr' && start.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.received).toEqual([
      {
        method: 'POST',
        path: '/v3/pay/transactions/native',
        body: {
          appid: APPID,
          mchid: MCHID,
          description: '车友圈 VIP 月度会员',
          out_trade_no: request.outTradeNo,
          time_expire: '2099-01-01T08:30:00+08:00',
          notify_url: notifyUrl,
          amount: { total: 2500, currency: 'CNY' },
        },
      },
    ]);
  });

  it('creates an H5 order with the payer’s address and sends the payer to h5_url with redirect_url', async () => {
    const request = payment({ channel: 'h5' });
    const start = await provider().start(request);
    const order = fake.orders.get(request.outTradeNo);
    expect(order?.trade_type).toBe('MWEB');
    expect(order?.payer_client_ip).toBe('203.0.113.7');
    expect(fake.received[0]?.body).toMatchObject({ scene_info: { h5_info: { type: 'Wap' } } });
    expect(start).toEqual({
      kind: 'redirect',
      url: `${order?.prepay.h5_url}&redirect_url=https%3A%2F%2Fevcircle.example%2Fvip%2Forders%2F42%3Ffrom%3Dpay%26ok%3D1`,
    });
  });

  it('is refused by WeChat (401 SIGN_ERROR) when signed with another merchant key, and creates nothing', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = provider({
      merchantPrivateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const request = payment();
    const error = await appFailure(wrong.start(request));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(fake.refusedSignatures).toEqual([{ path: '/v3/pay/transactions/native', reason: 'signature' }]);
    expect(fake.orders.has(request.outTradeNo)).toBe(false);
    expect(logs.some((l) => l.fields.code === 'SIGN_ERROR' && l.fields.httpStatus === 401)).toBe(true);
  });

  it('is refused when it names another merchant certificate serial', async () => {
    const error = await appFailure(provider({ merchantSerialNo: 'NOT-OUR-SERIAL' }).start(payment()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(fake.refusedSignatures.map((r) => r.reason)).toEqual(['serial_no']);
  });

  const untrusted: [FakeWechatPayMode, string][] = [
    ['bad-signature', 'signed by a key that is not WeChat’s'],
    ['tampered-answer', 'altered after WeChat signed it'],
    ['unsigned', 'not signed at all'],
    ['unknown-serial', 'signed under a serial we do not hold'],
    ['stale-answer', 'signed ten minutes ago'],
  ];
  it.each(untrusted)('refuses an answer %s (%s)', async (mode) => {
    fake.state.mode = mode;
    const request = payment();
    const error = await appFailure(provider().start(request));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    // WeChat did create the order: only the answer was not to be believed.
    expect(fake.orders.has(request.outTradeNo)).toBe(true);
    expect(logs.some((l) => l.level === 'error' && l.message.includes('not signed by WeChat'))).toBe(true);
  });

  it('fails on WeChat’s 500, logging its code', async () => {
    fake.state.mode = 'http-500';
    const error = await appFailure(provider().start(payment()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(logs.some((l) => l.fields.code === 'SYSTEM_ERROR' && l.fields.httpStatus === 500)).toBe(true);
  });

  it('fails when nothing listens, or WeChat does not answer in time', async () => {
    const nobody = await appFailure(provider({ apiBase: 'http://127.0.0.1:9' }).start(payment()));
    expect(nobody.code).toBe('PAYMENT_PROVIDER_FAILED');
    fake.state.mode = 'hang';
    const started = Date.now();
    const slow = await appFailure(provider({ timeoutMs: 300 }).start(payment()));
    expect(slow.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps its keys and the Authorization header out of the log', async () => {
    fake.state.mode = 'bad-signature';
    await appFailure(provider().start(payment()));
    fake.state.mode = 'ok';
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await appFailure(
      provider({ merchantPrivateKey: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }).start(
        payment(),
      ),
    );
    expect(logs.length).toBeGreaterThanOrEqual(2);
    const logged = JSON.stringify(logs);
    expect(logged).not.toContain(API_V3_KEY);
    expect(logged).not.toContain('PRIVATE KEY');
    expect(logged).not.toContain('WECHATPAY2-SHA256-RSA2048');
  });

  it('refuses to be built with an APIv3 key that is not 32 bytes', () => {
    expect(() => provider({ apiV3Key: 'short' })).toThrow(/32 bytes/);
  });
});

describe('wechat pay: notifications', () => {
  it('verifies and decrypts the TRANSACTION.SUCCESS WeChat posts when the payer pays, and answers 204', async () => {
    const outTradeNo = await startedOrder({ amountFen: 19_900 });
    const status = await fake.pay(outTradeNo);
    expect(status).toBe(204);
    const order = fake.orders.get(outTradeNo);
    expect(notices).toHaveLength(1);
    const notice = notices[0] as PaymentNotice;
    expect(notice).toMatchObject({
      state: 'paid',
      outTradeNo,
      providerTradeNo: order?.transaction_id,
      amountFen: 19_900,
      merchantId: MCHID,
    });
    expect(notice.providerTradeNo).toMatch(/^4200/);
    expect(Math.abs((notice.paidAt as Date).getTime() - Date.now())).toBeLessThan(5_000);
    expect(notice.raw).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource: { trade_state: 'SUCCESS' } });
  });

  it('answers a refused notification with HTTP 500 and {"code":"FAIL"}, so WeChat retries', async () => {
    const outTradeNo = await startedOrder();
    const forged = fake.buildNotification(outTradeNo, { signWith: fake.rogueKey });
    const delivered = await fake.deliver(outTradeNo, forged);
    expect(delivered.status).toBe(500);
    expect(JSON.parse(delivered.body)).toEqual({ code: 'FAIL', message: '失败' });
    expect(refusals[0]).toBeInstanceOf(PaymentVerifyError);
    expect(notices).toEqual([]);
  });

  it('answers 204 with no body, or 500 with FAIL JSON', () => {
    const wechat = provider();
    expect(wechat.answer(true)).toEqual({ statusCode: 204, contentType: 'application/json', body: '' });
    expect(wechat.answer(false)).toEqual({
      statusCode: 500,
      contentType: 'application/json',
      body: '{"code":"FAIL","message":"失败"}',
    });
  });

  describe('refuses what it cannot prove (PaymentVerifyError)', () => {
    let outTradeNo: string;
    beforeAll(async () => {
      outTradeNo = await startedOrder();
      fake.setTradeState(outTradeNo, 'SUCCESS');
      const order = fake.orders.get(outTradeNo);
      if (order) {
        order.transaction_id = '4200002000202605010000000001';
        order.success_time = wechatTime(new Date());
      }
    });
    const verify = (notification: NotificationRequest) => provider().verifyNotification(notification);
    const refused = async (notification: NotificationRequest) => {
      const error = await verify(notification).then(
        () => null,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(PaymentVerifyError);
    };

    it('(control: the same notification untouched is accepted)', async () => {
      const notice = await verify(fake.buildNotification(outTradeNo));
      expect(notice).toMatchObject({ state: 'paid', outTradeNo, providerTradeNo: '4200002000202605010000000001' });
    });

    it('a body altered after signing', async () => {
      const notification = fake.buildNotification(outTradeNo);
      await refused({ ...notification, rawBody: notification.rawBody.replace('支付成功', '支付成功 ') });
    });

    it('a serial we do not hold', async () => {
      await refused(fake.buildNotification(outTradeNo, { serial: 'PUB_KEY_ID_0119000001999999999999999999999' }));
    });

    it('a signature by someone else', async () => {
      await refused(fake.buildNotification(outTradeNo, { signWith: fake.rogueKey }));
    });

    it('a timestamp six minutes old (a replay), though correctly signed', async () => {
      await refused(fake.buildNotification(outTradeNo, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }));
    });

    it('WeChat’s WECHATPAY/SIGNTEST/ probe', async () => {
      const real = fake.buildNotification(outTradeNo);
      await refused(
        fake.buildNotification(outTradeNo, { signature: `WECHATPAY/SIGNTEST/${real.headers['wechatpay-signature']}` }),
      );
    });

    it('a resource sealed with another APIv3 key, or other associated data', async () => {
      await refused(fake.buildNotification(outTradeNo, { apiV3Key: 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb' }));
      await refused(fake.buildNotification(outTradeNo, { sealWithAssociatedData: 'refund' }));
    });

    it('a paid amount in another currency', async () => {
      await refused(fake.buildNotification(outTradeNo, { transaction: { amount: { total: 2500, currency: 'USD' } } }));
    });

    it('a TRANSACTION.SUCCESS whose transaction is not paid, and an event that is not a payment', async () => {
      await refused(fake.buildNotification(outTradeNo, { tradeState: 'NOTPAY' }));
      await refused(fake.buildNotification(outTradeNo, { eventType: 'REFUND.SUCCESS' }));
    });

    it('headers sent twice', async () => {
      const notification = fake.buildNotification(outTradeNo);
      const serial = notification.headers['wechatpay-serial'] as string;
      await refused({ ...notification, headers: { ...notification.headers, 'wechatpay-serial': [serial, serial] } });
    });
  });

  it('reads a refused payment as failed and a closed one as closed', async () => {
    const outTradeNo = await startedOrder();
    const failed = await provider().verifyNotification(
      fake.buildNotification(outTradeNo, { eventType: 'TRANSACTION.PAYERROR', tradeState: 'PAYERROR' }),
    );
    expect(failed).toMatchObject({ state: 'failed', outTradeNo, paidAt: null });
    const closed = await provider().verifyNotification(
      fake.buildNotification(outTradeNo, { eventType: 'TRANSACTION.CLOSED', tradeState: 'CLOSED' }),
    );
    expect(closed).toMatchObject({ state: 'closed', outTradeNo, paidAt: null });
  });
});

describe('wechat pay: query, close, refund', () => {
  it('reads every trade_state', async () => {
    const wechat = provider();
    const outTradeNo = await startedOrder({ amountFen: 990 });
    expect(await wechat.query(outTradeNo)).toEqual({ state: 'pending' });
    fake.setTradeState(outTradeNo, 'USERPAYING');
    expect(await wechat.query(outTradeNo)).toEqual({ state: 'pending' });
    await fake.pay(outTradeNo);
    const order = fake.orders.get(outTradeNo);
    const paid = await wechat.query(outTradeNo);
    expect(paid).toMatchObject({
      state: 'paid',
      providerTradeNo: order?.transaction_id,
      amountFen: 990,
      merchantId: MCHID,
    });
    expect(paid.state === 'paid' && paid.paidAt?.getTime()).toBe(Date.parse(order?.success_time as string));
    const states = [
      ['CLOSED', 'closed'],
      ['REVOKED', 'closed'],
      ['PAYERROR', 'closed'],
      ['REFUND', 'refunded'],
    ] as const;
    for (const [tradeState, state] of states) {
      fake.setTradeState(outTradeNo, tradeState);
      expect(await wechat.query(outTradeNo)).toEqual({ state });
    }
    expect(fake.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${MCHID}`,
    });
  });

  it('answers unknown for an order WeChat never saw (404 ORDER_NOT_EXIST)', async () => {
    expect(await provider().query('VIPNEVERSTARTED01')).toEqual({ state: 'unknown' });
  });

  it('does not believe a paid answer that is not signed by WeChat', async () => {
    const outTradeNo = await startedOrder();
    await fake.pay(outTradeNo);
    fake.state.mode = 'bad-signature';
    const error = await appFailure(provider().query(outTradeNo));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
  });

  it('closes an unpaid order (204), after which WeChat will not take the money', async () => {
    const outTradeNo = await startedOrder();
    await provider().close(outTradeNo);
    expect(fake.orders.get(outTradeNo)?.trade_state).toBe('CLOSED');
    expect(fake.received.at(-1)).toEqual({
      method: 'POST',
      path: `/v3/pay/transactions/out-trade-no/${outTradeNo}/close`,
      body: { mchid: MCHID },
    });
    expect(await provider().query(outTradeNo)).toEqual({ state: 'closed' });
  });

  it('fails to close a paid order, and when the 204 is not signed by WeChat', async () => {
    const paidNo = await startedOrder();
    await fake.pay(paidNo);
    expect((await appFailure(provider().close(paidNo))).code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(logs.some((l) => l.fields.code === 'ORDERPAID')).toBe(true);
    const unpaidNo = await startedOrder();
    fake.state.mode = 'bad-signature';
    expect((await appFailure(provider().close(unpaidNo))).code).toBe('PAYMENT_PROVIDER_FAILED');
  });

  it('refunds: SUCCESS is success, PROCESSING is processing', async () => {
    const outTradeNo = await startedOrder({ amountFen: 3000 });
    await fake.pay(outTradeNo);
    const wechat = provider();
    const first = {
      outTradeNo,
      outRefundNo: `R${outTradeNo}1`,
      amountFen: 1000,
      totalFen: 3000,
      reason: '用户申请退款',
    };
    expect(await wechat.refund(first)).toEqual({ state: 'success' });
    expect(fake.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
      body: {
        out_trade_no: outTradeNo,
        out_refund_no: first.outRefundNo,
        reason: '用户申请退款',
        amount: { refund: 1000, total: 3000, currency: 'CNY' },
      },
    });
    expect(fake.orders.get(outTradeNo)?.trade_state).toBe('REFUND');
    fake.state.refundStatus = 'PROCESSING';
    expect(await wechat.refund({ ...first, outRefundNo: `R${outTradeNo}2` })).toEqual({ state: 'processing' });
  });

  it('fails a refund WeChat marks ABNORMAL, one beyond the amount paid, and one that cannot reach WeChat', async () => {
    const outTradeNo = await startedOrder({ amountFen: 3000 });
    await fake.pay(outTradeNo);
    const request = { outTradeNo, outRefundNo: `R${outTradeNo}1`, amountFen: 1000, totalFen: 3000, reason: '退款' };
    fake.state.refundStatus = 'ABNORMAL';
    expect((await appFailure(provider().refund(request))).code).toBe('REFUND_FAILED');
    expect(logs.some((l) => l.fields.refundStatus === 'ABNORMAL')).toBe(true);
    fake.state.refundStatus = 'SUCCESS';
    const tooMuch = { ...request, outRefundNo: `R${outTradeNo}2`, amountFen: 3001 };
    expect((await appFailure(provider().refund(tooMuch))).code).toBe('REFUND_FAILED');
    expect(logs.some((l) => l.fields.code === 'NOT_ENOUGH')).toBe(true);
    const nobody = provider({ apiBase: 'http://127.0.0.1:9' });
    expect((await appFailure(nobody.refund({ ...request, outRefundNo: `R${outTradeNo}3` }))).code).toBe(
      'REFUND_FAILED',
    );
  });

  it('offers no agreement deduction (委托代扣 is a separate contract)', () => {
    expect(provider().charge).toBeUndefined();
    expect(provider().channels).toEqual(['qr', 'h5']);
  });
});
