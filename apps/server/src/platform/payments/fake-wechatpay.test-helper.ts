// A local stand-in for WeChat Pay API v3 (直连商户: Native, H5, query, close, refund), for the
// adapter's tests and the payments module's: it checks the merchant's Authorization signature
// as WeChat does (401 SIGN_ERROR otherwise), keeps orders in memory, signs every answer with a
// platform key generated here, and sends real notifications (sealed with the APIv3 key, signed)
// to an order's notify_url. Its cryptography is written apart from wechat-crypto.ts on
// purpose, so a mistake in the adapter cannot hide behind the same mistake here.
import {
  createCipheriv,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How an answer goes wrong: signed by another key, not signed, signed under a serial we never gave… */
export type FakeWechatPayMode =
  | 'ok'
  | 'bad-signature'
  | 'unsigned'
  | 'unknown-serial'
  | 'stale-answer'
  | 'tampered-answer'
  | 'http-500'
  | 'hang';

export type FakeTradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'REVOKED' | 'PAYERROR' | 'REFUND';

/** An order as the fake keeps it (WeChat's names where they are WeChat's). */
export type FakeWechatOrder = {
  appid: string;
  mchid: string;
  out_trade_no: string;
  description: string;
  time_expire: string;
  notify_url: string;
  total: number;
  trade_type: 'NATIVE' | 'MWEB';
  payer_client_ip: string | null;
  trade_state: FakeTradeState;
  transaction_id: string | null;
  success_time: string | null;
  /** What the order answered when created (the same again for an identical repeat). */
  prepay: Record<string, string>;
  refunded: number;
};

export type FakeRefund = {
  out_trade_no: string;
  out_refund_no: string;
  refund: number;
  answer: Record<string, unknown>;
};

/** What a test may change in a notification built by `buildNotification`. */
export type NotificationOverrides = {
  eventType?: string;
  tradeState?: FakeTradeState;
  /** Fields merged into the decrypted transaction (e.g. a foreign currency). */
  transaction?: Record<string, unknown>;
  /** Seconds since the epoch for Wechatpay-Timestamp (now by default). */
  timestamp?: number;
  serial?: string;
  /** Replaces the signature (a SIGNTEST probe). */
  signature?: string;
  /** Signs with this key instead of the platform key. */
  signWith?: KeyObject;
  /** Seals the resource with this key instead of the merchant's APIv3 key. */
  apiV3Key?: string;
  /** Seals with this associated data while the resource still says `transaction`. */
  sealWithAssociatedData?: string;
};

export type FakeNotification = { headers: Record<string, string>; rawBody: string };

const MINUTE_S = 60;

/** WeChat's RFC 3339 in Beijing time. */
function beijingTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

function rsaSign(text: string, key: KeyObject): string {
  const signer = createSign('sha256');
  signer.write(Buffer.from(text, 'utf8'));
  signer.end();
  return signer.sign(key).toString('base64');
}

/** AEAD_AES_256_GCM as WeChat seals a resource: base64(ciphertext ‖ 16-byte tag). */
function seal(plaintext: string, apiV3Key: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(Buffer.from(plaintext, 'utf8')), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString('base64');
}

/** `a="b",c="d"` after the scheme, as a map; null when the header is not WeChat's scheme. */
function parseAuthorization(value: string | undefined): Map<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(value ?? '');
  if (!match) return null;
  const fields = new Map<string, string>();
  for (const pair of (match[1] as string).matchAll(/(\w+)="([^"]*)"/g))
    fields.set(pair[1] as string, pair[2] as string);
  return fields;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPositiveInt = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * Starts the fake on a free local port for one merchant. The merchant's public key is what
 * its requests must be signed with; the platform key pair is generated here and its public
 * half (under `platformSerial`, a 微信支付公钥 id) is what the adapter must verify with.
 */
export async function startFakeWechatPay(options: {
  mchid: string;
  appid: string;
  merchantSerialNo: string;
  merchantPublicKey: string | KeyObject;
  apiV3Key: string;
}) {
  const merchantKey =
    typeof options.merchantPublicKey === 'string'
      ? createPublicKey(options.merchantPublicKey)
      : options.merchantPublicKey;
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rogue = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = 'PUB_KEY_ID_0119000001202601010011000000000000';
  const orders = new Map<string, FakeWechatOrder>();
  const refunds = new Map<string, FakeRefund>();
  const nonces = new Set<string>();
  /** Every call that passed the signature check: method, path with query, body. */
  const received: { method: string; path: string; body: unknown }[] = [];
  /** Every call refused for its signature. */
  const refusedSignatures: { path: string; reason: string }[] = [];
  const state = { mode: 'ok' as FakeWechatPayMode, refundStatus: 'SUCCESS' as 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' };
  let sequence = 0;

  /** WeChat's answer: JSON (or nothing for 204), signed over `timestamp\nnonce\nbody\n`. */
  const answer = (res: ServerResponse, status: number, json?: Record<string, unknown>) => {
    const body = json === undefined ? '' : JSON.stringify(json);
    const nonce = randomBytes(16).toString('hex');
    const timestamp = Math.floor(Date.now() / 1000) - (state.mode === 'stale-answer' ? 10 * MINUTE_S : 0);
    const headers: Record<string, string> = { 'request-id': `08${randomBytes(12).toString('hex').toUpperCase()}` };
    if (json !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
    if (state.mode !== 'unsigned') {
      const key = state.mode === 'bad-signature' ? rogue.privateKey : platform.privateKey;
      headers['wechatpay-nonce'] = nonce;
      headers['wechatpay-timestamp'] = String(timestamp);
      headers['wechatpay-serial'] = state.mode === 'unknown-serial' ? 'PUB_KEY_ID_0000000000UNKNOWN' : platformSerial;
      headers['wechatpay-signature-type'] = 'WECHATPAY2-SHA256-RSA2048';
      headers['wechatpay-signature'] = rsaSign(`${timestamp}\n${nonce}\n${body}\n`, key);
    }
    res.writeHead(status, headers);
    // A man in the middle: the signature was made over the body WeChat sent, not this one.
    res.end(
      state.mode === 'tampered-answer' ? body.replace(/"(code_url|h5_url)":"/, '"$1":"https://evil.example/') : body,
    );
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string) =>
    answer(res, status, { code, message });

  /** The merchant's signature, checked as WeChat checks it; the reason it fails, or null. */
  const checkMerchant = (req: IncomingMessage, body: string): string | null => {
    const fields = parseAuthorization(req.headers.authorization);
    if (!fields) return 'no WECHATPAY2-SHA256-RSA2048 Authorization';
    if (fields.get('mchid') !== options.mchid) return 'mchid';
    if (fields.get('serial_no') !== options.merchantSerialNo) return 'serial_no';
    const timestamp = Number(fields.get('timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 5 * MINUTE_S) return 'timestamp';
    const nonce = fields.get('nonce_str') ?? '';
    if (!nonce || nonce.length > 32 || nonces.has(nonce)) return 'nonce_str';
    const message = `${req.method}\n${req.url}\n${fields.get('timestamp')}\n${nonce}\n${body}\n`;
    const verifier = createVerify('sha256');
    verifier.write(Buffer.from(message, 'utf8'));
    verifier.end();
    if (!verifier.verify(merchantKey, Buffer.from(fields.get('signature') ?? '', 'base64'))) return 'signature';
    nonces.add(nonce);
    return null;
  };

  /** The transaction as WeChat answers a query and seals it in a notification. */
  const transactionOf = (order: FakeWechatOrder): Record<string, unknown> => ({
    appid: order.appid,
    mchid: order.mchid,
    out_trade_no: order.out_trade_no,
    ...(order.transaction_id ? { transaction_id: order.transaction_id } : {}),
    trade_type: order.trade_type,
    trade_state: order.trade_state,
    trade_state_desc: { SUCCESS: '支付成功', NOTPAY: '未支付', CLOSED: '已关闭', REFUND: '转入退款' }[
      order.trade_state as string
    ],
    ...(order.success_time ? { bank_type: 'OTHERS', success_time: order.success_time } : {}),
    attach: '',
    ...(order.transaction_id ? { payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
    amount: order.transaction_id
      ? { total: order.total, payer_total: order.total, currency: 'CNY', payer_currency: 'CNY' }
      : { total: order.total, currency: 'CNY' },
  });

  const createOrder = (res: ServerResponse, body: Record<string, unknown>, tradeType: 'NATIVE' | 'MWEB') => {
    if (body.appid !== options.appid) return fail(res, 400, 'PARAM_ERROR', 'appid和mch_id不匹配');
    if (body.mchid !== options.mchid) return fail(res, 400, 'PARAM_ERROR', 'mchid与请求方商户号不一致');
    const description = typeof body.description === 'string' ? body.description : '';
    if (!description || Buffer.byteLength(description, 'utf8') > 127) {
      return fail(res, 400, 'PARAM_ERROR', '输入源"/body/description"映射到值字段"商品描述"字符串规则校验失败');
    }
    const outTradeNo = typeof body.out_trade_no === 'string' ? body.out_trade_no : '';
    if (!/^[0-9A-Za-z_\-|*]{6,32}$/.test(outTradeNo)) return fail(res, 400, 'PARAM_ERROR', 'out_trade_no格式错误');
    const timeExpire = typeof body.time_expire === 'string' ? body.time_expire : '';
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(timeExpire) || Date.parse(timeExpire) <= Date.now()) {
      return fail(res, 400, 'PARAM_ERROR', 'time_expire格式错误或时间已过');
    }
    // WeChat takes https only; the fake takes http too, for a receiver on 127.0.0.1.
    let notifyUrl: URL | null = null;
    try {
      notifyUrl = new URL(String(body.notify_url));
    } catch {
      notifyUrl = null;
    }
    if (!notifyUrl || notifyUrl.search || !/^https?:$/.test(notifyUrl.protocol)) {
      return fail(res, 400, 'PARAM_ERROR', 'notify_url格式错误');
    }
    const amount = body.amount;
    if (!isObject(amount) || !isPositiveInt(amount.total) || (amount.currency ?? 'CNY') !== 'CNY') {
      return fail(res, 400, 'PARAM_ERROR', 'amount格式错误');
    }
    let payerClientIp: string | null = null;
    if (tradeType === 'MWEB') {
      const scene = body.scene_info;
      if (
        !isObject(scene) ||
        typeof scene.payer_client_ip !== 'string' ||
        !scene.payer_client_ip ||
        !isObject(scene.h5_info) ||
        typeof scene.h5_info.type !== 'string'
      ) {
        return fail(res, 400, 'PARAM_ERROR', 'H5支付需要scene_info.payer_client_ip与h5_info.type');
      }
      payerClientIp = scene.payer_client_ip;
    }
    const existing = orders.get(outTradeNo);
    if (existing) {
      if (existing.trade_state === 'SUCCESS' || existing.trade_state === 'REFUND') {
        return fail(res, 400, 'ORDERPAID', '该订单已支付');
      }
      if (existing.trade_state === 'CLOSED') return fail(res, 400, 'ORDER_CLOSED', '订单已关闭');
      if (
        existing.total !== amount.total ||
        existing.description !== description ||
        existing.trade_type !== tradeType
      ) {
        return fail(res, 400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      return answer(res, 200, existing.prepay);
    }
    sequence += 1;
    const prepayId = `wx${Date.now()}${String(sequence).padStart(6, '0')}`;
    const prepay: Record<string, string> =
      tradeType === 'NATIVE'
        ? { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` }
        : { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=2150917749` };
    orders.set(outTradeNo, {
      appid: options.appid,
      mchid: options.mchid,
      out_trade_no: outTradeNo,
      description,
      time_expire: timeExpire,
      notify_url: notifyUrl.href,
      total: amount.total,
      trade_type: tradeType,
      payer_client_ip: payerClientIp,
      trade_state: 'NOTPAY',
      transaction_id: null,
      success_time: null,
      prepay,
      refunded: 0,
    });
    return answer(res, 200, prepay);
  };

  const refund = (res: ServerResponse, body: Record<string, unknown>) => {
    const outRefundNo = typeof body.out_refund_no === 'string' ? body.out_refund_no : '';
    if (!/^[0-9A-Za-z_\-|*@]{1,64}$/.test(outRefundNo)) return fail(res, 400, 'PARAM_ERROR', 'out_refund_no格式错误');
    if (body.reason !== undefined && (typeof body.reason !== 'string' || [...body.reason].length > 80)) {
      return fail(res, 400, 'PARAM_ERROR', 'reason长度超过80');
    }
    const amount = body.amount;
    if (
      !isObject(amount) ||
      !isPositiveInt(amount.refund) ||
      !isPositiveInt(amount.total) ||
      amount.currency !== 'CNY'
    ) {
      return fail(res, 400, 'PARAM_ERROR', 'amount格式错误');
    }
    const order = orders.get(String(body.out_trade_no));
    if (!order) return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const previous = refunds.get(outRefundNo);
    if (previous) {
      if (previous.out_trade_no !== order.out_trade_no || previous.refund !== amount.refund) {
        return fail(res, 400, 'INVALID_REQUEST', '退款单号重复');
      }
      return answer(res, 200, previous.answer);
    }
    if (order.trade_state !== 'SUCCESS' && order.trade_state !== 'REFUND') {
      return fail(res, 400, 'INVALID_REQUEST', '订单未支付，不能退款');
    }
    if (amount.total !== order.total) return fail(res, 400, 'PARAM_ERROR', '订单金额与原订单不一致');
    if (order.refunded + amount.refund > order.total)
      return fail(res, 403, 'NOT_ENOUGH', '申请退款金额超过订单可退金额');
    sequence += 1;
    const status = state.refundStatus;
    const now = beijingTime(new Date());
    const refundAnswer = {
      refund_id: `5030030000${String(sequence).padStart(18, '0')}`,
      out_refund_no: outRefundNo,
      transaction_id: order.transaction_id,
      out_trade_no: order.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(status === 'SUCCESS' ? { success_time: now } : {}),
      create_time: now,
      status,
      funds_account: 'AVAILABLE',
      amount: {
        total: order.total,
        refund: amount.refund,
        payer_total: order.total,
        payer_refund: amount.refund,
        settlement_refund: amount.refund,
        settlement_total: order.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
    if (status !== 'ABNORMAL') {
      order.refunded += amount.refund;
      order.trade_state = 'REFUND';
    }
    refunds.set(outRefundNo, {
      out_trade_no: order.out_trade_no,
      out_refund_no: outRefundNo,
      refund: amount.refund,
      answer: refundAnswer,
    });
    return answer(res, 200, refundAnswer);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    if (state.mode === 'hang') return; // never answers
    const url = new URL(req.url ?? '/', 'http://fake');
    const refusal = checkMerchant(req, raw);
    if (refusal) {
      refusedSignatures.push({ path: url.pathname, reason: refusal });
      return fail(res, 401, 'SIGN_ERROR', '签名错误');
    }
    let body: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!isObject(parsed)) throw new Error('not an object');
        body = parsed;
      } catch {
        return fail(res, 400, 'PARAM_ERROR', '请求体不是合法的JSON');
      }
    }
    received.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body });
    if (state.mode === 'http-500') return fail(res, 500, 'SYSTEM_ERROR', '系统错误');

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native')
      return createOrder(res, body, 'NATIVE');
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') return createOrder(res, body, 'MWEB');
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refund(res, body);
    if (byNo && req.method === 'GET' && !byNo[2]) {
      if (url.searchParams.get('mchid') !== options.mchid) return fail(res, 400, 'PARAM_ERROR', 'mchid不正确');
      const order = orders.get(decodeURIComponent(byNo[1] as string));
      if (!order) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      return answer(res, 200, transactionOf(order));
    }
    if (byNo && req.method === 'POST' && byNo[2]) {
      if (body.mchid !== options.mchid) return fail(res, 400, 'PARAM_ERROR', 'mchid不正确');
      const order = orders.get(decodeURIComponent(byNo[1] as string));
      if (!order) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (order.trade_state === 'SUCCESS' || order.trade_state === 'REFUND') {
        return fail(res, 400, 'ORDERPAID', '订单已支付');
      }
      order.trade_state = 'CLOSED';
      return answer(res, 204);
    }
    return fail(res, 404, 'NOT_FOUND', '无效的请求地址');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const orderOf = (outTradeNo: string): FakeWechatOrder => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`the fake has no order ${outTradeNo}`);
    return order;
  };

  /** The notification WeChat would send now for the order as it stands, built but not sent. */
  const buildNotification = (outTradeNo: string, overrides: NotificationOverrides = {}): FakeNotification => {
    const order = orderOf(outTradeNo);
    const transaction = {
      ...transactionOf(order),
      ...(overrides.tradeState ? { trade_state: overrides.tradeState } : {}),
      ...overrides.transaction,
    };
    const resourceNonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat's
    const associatedData = 'transaction';
    const eventType = overrides.eventType ?? 'TRANSACTION.SUCCESS';
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: beijingTime(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '支付结果',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: seal(
          JSON.stringify(transaction),
          overrides.apiV3Key ?? options.apiV3Key,
          resourceNonce,
          overrides.sealWithAssociatedData ?? associatedData,
        ),
        associated_data: associatedData,
        nonce: resourceNonce,
      },
    });
    const timestamp = String(overrides.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-nonce': nonce,
        'wechatpay-timestamp': timestamp,
        'wechatpay-serial': overrides.serial ?? platformSerial,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
        'wechatpay-signature':
          overrides.signature ??
          rsaSign(`${timestamp}\n${nonce}\n${rawBody}\n`, overrides.signWith ?? platform.privateKey),
      },
      rawBody,
    };
  };

  /** POSTs a notification to the order's notify_url; the merchant's HTTP status and body. */
  const deliver = async (outTradeNo: string, notification: FakeNotification) => {
    const response = await fetch(orderOf(outTradeNo).notify_url, {
      method: 'POST',
      headers: notification.headers,
      body: notification.rawBody,
    });
    return { status: response.status, body: await response.text() };
  };

  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platformSerial,
    /** The platform public key (微信支付公钥) the adapter verifies with, PEM. */
    platformPublicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    /** A key that is not WeChat's, for notifications signed by someone else. */
    rogueKey: rogue.privateKey,
    orders,
    refunds,
    received,
    refusedSignatures,
    state,
    buildNotification,
    deliver,
    /** Sets an order's state, as the payer or WeChat would (USERPAYING, PAYERROR, REVOKED…). */
    setTradeState(outTradeNo: string, tradeState: FakeTradeState) {
      orderOf(outTradeNo).trade_state = tradeState;
    },
    /**
     * The payer pays: the order becomes SUCCESS with a transaction_id, and the real
     * TRANSACTION.SUCCESS notification is POSTed to its notify_url. Answers the merchant's
     * HTTP status (WeChat counts 200/204 as received; anything else, it retries).
     */
    async pay(outTradeNo: string): Promise<number> {
      const order = orderOf(outTradeNo);
      if (order.trade_state !== 'NOTPAY' && order.trade_state !== 'USERPAYING') {
        throw new Error(`the fake's order ${outTradeNo} is ${order.trade_state}, it cannot be paid`);
      }
      sequence += 1;
      order.trade_state = 'SUCCESS';
      order.transaction_id = `4200002${String(Date.now()).slice(-10)}${String(sequence).padStart(11, '0')}`;
      order.success_time = beijingTime(new Date());
      return (await deliver(outTradeNo, buildNotification(outTradeNo))).status;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
