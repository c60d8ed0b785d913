import { createPrivateKey, createVerify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { createAlipayProvider } from './alipay.ts';
import { fenToYuan, parseAlipayForm, parseShanghaiTime, shanghaiTime, yuanToFen } from './alipay-format.ts';
import { alipaySignContent, type FakeAlipay, newRsaKeys, startFakeAlipay } from './fake-alipay.test-helper.ts';
import {
  type PaymentLog,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentRequest,
  PaymentVerifyError,
} from './types.ts';

const APP_ID = '2021000122671080';
const SELLER_ID = '2088101122136241';

type LogEntry = { level: string; fields: Record<string, unknown> };
function recordingLog(entries: LogEntry[]): PaymentLog {
  const at = (level: string) => (fields: unknown) => {
    entries.push({ level, fields: fields as Record<string, unknown> });
  };
  return { info: at('info'), warn: at('warn'), error: at('error') } as unknown as PaymentLog;
}

const appKeys = newRsaKeys();
const strangerKeys = newRsaKeys();
let fake: FakeAlipay;
const logs: LogEntry[] = [];

/** Our notify endpoint, as the payments module will answer it: verify, then answer(ok). */
let receiver: Server;
let notifyUrl: string;
let receiving: PaymentProvider;
const received: PaymentNotice[] = [];
const refusedNotices: unknown[] = [];

beforeAll(async () => {
  fake = await startFakeAlipay({ appId: APP_ID, appPublicKey: appKeys.publicKey, sellerId: SELLER_ID });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      let isOk = true;
      try {
        received.push(
          await receiving.verifyNotification({ headers: req.headers, rawBody: Buffer.concat(chunks).toString() }),
        );
      } catch (err) {
        refusedNotices.push(err);
        isOk = false;
      }
      const answer = receiving.answer(isOk);
      res.writeHead(answer.statusCode, { 'content-type': answer.contentType });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/pay/notify/alipay`;
});
afterAll(async () => {
  await fake.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  fake.state.mode = 'ok';
  logs.length = 0;
  received.length = 0;
  refusedNotices.length = 0;
  receiving = provider();
});

function provider(
  overrides: {
    privateKey?: string;
    alipayPublicKey?: string;
    gateway?: string;
    timeoutMs?: number;
    sellerId?: string;
  } = {},
) {
  return createAlipayProvider({
    appId: APP_ID,
    privateKey: overrides.privateKey ?? appKeys.privateKey,
    alipayPublicKey: overrides.alipayPublicKey ?? fake.alipayPublicKey,
    gateway: overrides.gateway ?? fake.gateway,
    sellerId: overrides.sellerId ?? SELLER_ID,
    timeoutMs: overrides.timeoutMs,
    log: recordingLog(logs),
  });
}

let serial = 0;
function request(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  serial += 1;
  return {
    outTradeNo: `VIP${Date.now()}${serial}`,
    amountFen: 1999,
    description: '车友圈 VIP 月度会员',
    expiresAt: new Date(Date.now() + 15 * 60_000),
    channel: 'qr',
    clientIp: '203.0.113.7',
    returnUrl: 'https://evcircle.example/vip/orders/1',
    notifyUrl,
    ...overrides,
  };
}

/** A precreated trade the fake holds, with its out_trade_no. */
async function precreated(overrides: Partial<PaymentRequest> = {}) {
  const req = request(overrides);
  await provider().start(req);
  return req.outTradeNo;
}

async function verifyFailure(promise: Promise<unknown>): Promise<PaymentVerifyError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(PaymentVerifyError);
  return error as PaymentVerifyError;
}

const notice = (rawBody: string, with_: PaymentProvider = provider()) =>
  with_.verifyNotification({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody });

describe('alipay text forms', () => {
  it('writes fen as yuan with two decimals, exactly', () => {
    expect([1, 30, 100, 1999, 123_456_789, 10_000_000_000].map(fenToYuan)).toEqual([
      '0.01',
      '0.30',
      '1.00',
      '19.99',
      '1234567.89',
      '100000000.00',
    ]);
    for (const bad of [0, -1, 1.5, Number.NaN, 10_000_000_001]) expect(() => fenToYuan(bad)).toThrow(RangeError);
  });

  it('reads yuan text as fen exactly (0.29 is 29, not 28.999…), and nothing else', () => {
    expect(['0.29', '19.99', '20.1', '20', '0.01', '100000000.00'].map(yuanToFen)).toEqual([
      29, 1999, 2010, 2000, 1, 10_000_000_000,
    ]);
    for (const bad of ['', '1.999', '-1', '01.00', '1e3', ' 1.00', '1.', '.5']) expect(yuanToFen(bad)).toBeNull();
  });

  it('writes and reads Beijing time whatever the process time zone', () => {
    expect(shanghaiTime(new Date('2026-01-01T16:30:05Z'))).toBe('2026-01-02 00:30:05');
    expect(parseShanghaiTime('2026-01-02 00:30:05')?.toISOString()).toBe('2026-01-01T16:30:05.000Z');
    expect(parseShanghaiTime('2026-01-02T00:30:05')).toBeNull();
    expect(parseShanghaiTime(undefined)).toBeNull();
  });

  it('reads a form body in its charset, and refuses one it cannot read exactly', () => {
    expect(parseAlipayForm('subject=%E8%BD%A6+%2B1&charset=utf-8&__proto__=x')).toEqual({
      subject: '车 +1',
      charset: 'utf-8',
      ['__proto__']: 'x',
    });
    expect(parseAlipayForm('charset=gbk&subject=%B3%B5')).toEqual({ charset: 'gbk', subject: '车' });
    expect(() => parseAlipayForm('a=1&a=2')).toThrow(PaymentVerifyError);
    expect(() => parseAlipayForm('a=%E8%BD')).toThrow(PaymentVerifyError);
    expect(() => parseAlipayForm('a=%zz')).toThrow(PaymentVerifyError);
    expect(() => parseAlipayForm('charset=big5&a=1')).toThrow(PaymentVerifyError);
  });
});

describe('alipay start', () => {
  it('precreates a QR code the fake accepts after checking our signature', async () => {
    const req = request({ expiresAt: new Date('2099-01-01T04:00:00Z') });
    const start = await provider().start(req);
    const trade = fake.trades.get(req.outTradeNo);
    expect(trade?.qrCode).toMatch(/^https:\/\/qr\.alipay\.com\/bax0/);
    expect(start).toEqual({ kind: 'qr', codeUrl: trade?.qrCode });
    const call = fake.calls.at(-1);
    expect(call?.method).toBe('alipay.trade.precreate');
    expect(call?.params.notify_url).toBe(notifyUrl);
    expect(call?.biz).toMatchObject({
      out_trade_no: req.outTradeNo,
      total_amount: '19.99',
      subject: '车友圈 VIP 月度会员',
      time_expire: '2099-01-01 12:00:00',
    });
  });

  it('makes a wap address signed with the app key, carrying the notify and return addresses', async () => {
    const req = request({ channel: 'h5', amountFen: 30 });
    const start = await provider().start(req);
    expect(start.kind).toBe('redirect');
    const url = new URL(start.kind === 'redirect' ? start.url : '');
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      notify_url: notifyUrl,
      return_url: req.returnUrl,
    });
    expect(JSON.parse(params.biz_content ?? '')).toMatchObject({
      out_trade_no: req.outTradeNo,
      total_amount: '0.30',
      product_code: 'QUICK_WAP_WAY',
      quit_url: req.returnUrl,
    });
    // The signature, checked here by Alipay's rule written out in the fake helper.
    const { sign, ...signed } = params;
    const content = alipaySignContent(signed, [], { skipEmpty: true });
    expect(
      createVerify('RSA-SHA256')
        .update(content)
        .verify(appKeys.publicKey, sign ?? '', 'base64'),
    ).toBe(true);

    // The buyer's browser opens it: the fake shows its cashier and holds the order.
    const page = await (await fetch(url)).text();
    expect(page).toContain('网上支付');
    expect(fake.trades.get(req.outTradeNo)).toMatchObject({ totalAmount: '0.30', notifyUrl, returnUrl: req.returnUrl });

    const answer = await fake.pay(req.outTradeNo);
    expect(answer).toEqual({ status: 200, body: 'success' });
    expect(received).toMatchObject([{ outTradeNo: req.outTradeNo, state: 'paid', amountFen: 30 }]);
  });

  it('accepts keys as PKCS#1 PEM and as the bare base64 Alipay’s tools print', async () => {
    const pkcs1 = createPrivateKey(appKeys.privateKey).export({ type: 'pkcs1', format: 'pem' }) as string;
    const bareAlipay = fake.alipayPublicKey.replace(/-----[A-Z ]+-----|\s/g, '');
    const start = await provider({ privateKey: pkcs1, alipayPublicKey: bareAlipay }).start(request());
    expect(start.kind).toBe('qr');
    const barePkcs1 = pkcs1.replace(/-----[A-Z ]+-----|\s/g, '');
    const barePkcs8 = appKeys.privateKey.replace(/-----[A-Z ]+-----|\s/g, '');
    for (const privateKey of [barePkcs1, barePkcs8]) {
      expect((await provider({ privateKey }).start(request())).kind).toBe('qr');
    }
    expect(() => provider({ privateKey: 'not a key' })).toThrow();
  });

  it('is refused by the fake when signed with another app key, and nothing is created', async () => {
    const req = request();
    const error = await appFailure(provider({ privateKey: strangerKeys.privateKey }).start(req));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(fake.trades.has(req.outTradeNo)).toBe(false);
    expect(logs.some((l) => l.level === 'error' && l.fields.subCode === 'isv.invalid-signature')).toBe(true);

    const wap = request({ channel: 'h5' });
    const start = await provider({ privateKey: strangerKeys.privateKey }).start(wap);
    const page = await (await fetch(start.kind === 'redirect' ? start.url : '')).text();
    expect(page).toContain('isv.invalid-signature');
    expect(fake.trades.has(wap.outTradeNo)).toBe(false);
  });

  it('does not believe an answer that Alipay’s key did not sign', async () => {
    const error = await appFailure(provider({ alipayPublicKey: strangerKeys.publicKey }).start(request()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
  });

  it('fails on a business refusal and logs Alipay’s codes, never a key', async () => {
    fake.state.mode = 'system-error';
    const error = await appFailure(provider().start(request()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(logs.some((l) => l.fields.code === '20000' && l.fields.subCode === 'isp.unknow-error')).toBe(true);
    const keyBody = appKeys.privateKey.split('\n')[1] as string;
    expect(JSON.stringify(logs)).not.toContain(keyBody);
  });

  it('fails when Alipay refuses the order (it was paid already) and logs why', async () => {
    const outTradeNo = await precreated();
    await fake.pay(outTradeNo);
    const error = await appFailure(provider().start(request({ outTradeNo })));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(logs.some((l) => l.level === 'error' && l.fields.subCode === 'ACQ.TRADE_HAS_SUCCESS')).toBe(true);
  });

  it('fails on HTTP 500', async () => {
    fake.state.mode = 'http-500';
    expect((await appFailure(provider().start(request()))).code).toBe('PAYMENT_PROVIDER_FAILED');
  });

  it('fails when nothing listens at the gateway', async () => {
    const error = await appFailure(provider({ gateway: 'http://127.0.0.1:9/gateway.do' }).start(request()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(logs.some((l) => l.level === 'error' && l.fields.method === 'alipay.trade.precreate')).toBe(true);
  });

  it('fails when the gateway does not answer in time', async () => {
    fake.state.mode = 'hang';
    const started = Date.now();
    const error = await appFailure(provider({ timeoutMs: 300 }).start(request()));
    expect(error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('alipay notifications', () => {
  it('reads a paid notification posted by the fake and answers success', async () => {
    const outTradeNo = await precreated();
    const before = Date.now();
    expect(await fake.pay(outTradeNo)).toEqual({ status: 200, body: 'success' });
    const trade = fake.trades.get(outTradeNo);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      outTradeNo,
      providerTradeNo: trade?.tradeNo,
      state: 'paid',
      amountFen: 1999,
      merchantId: APP_ID,
      raw: { notify_type: 'trade_status_sync', seller_id: SELLER_ID },
    });
    // gmt_payment has whole seconds.
    expect(Math.abs((received[0]?.paidAt?.getTime() ?? 0) - before)).toBeLessThan(5_000);
  });

  it('reads a closed notification when the code expires unpaid', async () => {
    const outTradeNo = await precreated();
    expect(await fake.expire(outTradeNo)).toEqual({ status: 200, body: 'success' });
    expect(received).toMatchObject([{ outTradeNo, state: 'closed', amountFen: 1999, paidAt: null }]);
  });

  it('reads TRADE_FINISHED as paid, and a notification in GBK', async () => {
    const outTradeNo = await precreated();
    fake.scan(outTradeNo);
    const finished = await notice(fake.notification(outTradeNo, { fields: { trade_status: 'TRADE_FINISHED' } }));
    expect(finished.state).toBe('paid');
    const gbk = await notice(
      fake.notification(outTradeNo, { fields: { trade_status: 'TRADE_SUCCESS' }, charset: 'gbk' }),
    );
    expect(gbk).toMatchObject({ state: 'paid', raw: { charset: 'gbk', subject: '车友圈 VIP 月度会员' } });
  });

  it('verifies a replayed notification again (deduplication is the caller’s, by the order’s state)', async () => {
    const outTradeNo = await precreated();
    const body = fake.notification(outTradeNo, { fields: { trade_status: 'TRADE_SUCCESS' } });
    const first = await notice(body);
    expect(await notice(body)).toEqual(first);
  });

  it('refuses a notification whose amount was changed after signing', async () => {
    const outTradeNo = await precreated();
    const body = fake.notification(outTradeNo, { fields: { trade_status: 'TRADE_SUCCESS' } });
    expect(body).toContain('total_amount=19.99');
    await verifyFailure(notice(body.replace('total_amount=19.99', 'total_amount=1999.00')));
  });

  it('refuses a notification signed with another key, unsigned, or signed otherwise than RSA2', async () => {
    const outTradeNo = await precreated();
    const paid = { fields: { trade_status: 'TRADE_SUCCESS' } };
    await verifyFailure(notice(fake.notification(outTradeNo, { ...paid, signWith: strangerKeys.privateKey })));
    const body = fake.notification(outTradeNo, paid);
    await verifyFailure(notice(body.replace(/(^|&)sign=[^&]*/, '')));
    await verifyFailure(notice(body.replace('sign_type=RSA2', 'sign_type=RSA')));
    // Even Alipay's own key, signing with the legacy SHA1 algorithm: we hold to RSA2.
    await verifyFailure(notice(fake.notification(outTradeNo, { ...paid, signType: 'RSA' })));
    await verifyFailure(notice(`${body}&total_amount=0.01`));
  });

  it('refuses an authentic notification for another seller', async () => {
    const outTradeNo = await precreated();
    const body = fake.notification(outTradeNo, { fields: { trade_status: 'TRADE_SUCCESS' } });
    await verifyFailure(notice(body, provider({ sellerId: '2088000000000000' })));
    // Without a configured seller, the same notification is read.
    expect((await notice(body, provider({ sellerId: '' }))).state).toBe('paid');
  });

  it('refuses an authentic WAIT_BUYER_PAY: it is neither paid nor over', async () => {
    const outTradeNo = await precreated();
    const error = await verifyFailure(notice(fake.notification(outTradeNo)));
    expect(error.message).toContain('not a final state');
  });

  it('answers Alipay with the words it reads', () => {
    expect(provider().answer(true)).toEqual({ statusCode: 200, contentType: 'text/plain', body: 'success' });
    expect(provider().answer(false)).toEqual({ statusCode: 200, contentType: 'text/plain', body: 'fail' });
  });
});

describe('alipay query, close and refund', () => {
  it('queries unknown before the scan, pending after it, paid once paid, closed once closed', async () => {
    const alipay = provider();
    const outTradeNo = await precreated();
    expect(await alipay.query(outTradeNo)).toEqual({ state: 'unknown' });
    fake.scan(outTradeNo);
    expect(await alipay.query(outTradeNo)).toEqual({ state: 'pending' });
    await fake.pay(outTradeNo);
    const paid = await alipay.query(outTradeNo);
    expect(paid).toMatchObject({
      state: 'paid',
      providerTradeNo: fake.trades.get(outTradeNo)?.tradeNo,
      amountFen: 1999,
      merchantId: APP_ID,
    });
    expect(paid.state === 'paid' && paid.paidAt instanceof Date).toBe(true);

    const other = await precreated();
    await fake.expire(other);
    expect(await alipay.query(other)).toEqual({ state: 'closed' });
  });

  it('fails a query Alipay refuses', async () => {
    fake.state.mode = 'system-error';
    expect((await appFailure(provider().query('VIP-none'))).code).toBe('PAYMENT_PROVIDER_FAILED');
  });

  it('closes a scanned trade, accepts closing one Alipay does not hold yet, and fails on a paid one', async () => {
    const alipay = provider();
    const scanned = await precreated();
    fake.scan(scanned);
    await alipay.close(scanned);
    expect(fake.trades.get(scanned)?.status).toBe('TRADE_CLOSED');

    const unscanned = await precreated();
    await alipay.close(unscanned);
    expect(logs.some((l) => l.level === 'warn' && l.fields.outTradeNo === unscanned)).toBe(true);

    const paid = await precreated();
    await fake.pay(paid);
    expect((await appFailure(alipay.close(paid))).code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(fake.trades.get(paid)?.status).toBe('TRADE_SUCCESS');
  });

  it('refunds: success when money moved, processing on a repeat, REFUND_FAILED when refused', async () => {
    const alipay = provider();
    const outTradeNo = await precreated();
    await fake.pay(outTradeNo);
    const part = {
      outTradeNo,
      outRefundNo: `R${outTradeNo}-1`,
      amountFen: 999,
      totalFen: 1999,
      reason: '用户申请退款',
    };
    expect(await alipay.refund(part)).toEqual({ state: 'success' });
    expect(fake.trades.get(outTradeNo)?.refunds.get(part.outRefundNo)).toBe(999);
    expect(await alipay.refund(part)).toEqual({ state: 'processing' });

    const tooMuch = { ...part, outRefundNo: `R${outTradeNo}-2`, amountFen: 1001 };
    expect((await appFailure(alipay.refund(tooMuch))).code).toBe('REFUND_FAILED');
    expect(logs.some((l) => l.fields.subCode === 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL')).toBe(true);

    expect(await alipay.refund({ ...tooMuch, amountFen: 1000 })).toEqual({ state: 'success' });
    expect(fake.trades.get(outTradeNo)?.status).toBe('TRADE_CLOSED');
  });

  it('fails a refund when Alipay cannot be reached', async () => {
    const alipay = provider({ gateway: 'http://127.0.0.1:9/gateway.do' });
    const error = await appFailure(
      alipay.refund({ outTradeNo: 'VIP1', outRefundNo: 'R1', amountFen: 1, totalFen: 1, reason: '退款' }),
    );
    expect(error.code).toBe('REFUND_FAILED');
  });
});
