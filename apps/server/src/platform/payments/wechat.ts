import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentLog,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStart,
  PaymentVerifyError,
  type RefundRequest,
  type RefundResult,
} from './types.ts';
import { createWechatClient, type WechatCall } from './wechat-client.ts';
import { decryptResource, type EncryptedResource, readPlatformKey, verifySignature } from './wechat-crypto.ts';

/** How long one call to WeChat Pay may take before it counts as failed. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** WeChat's refund reason is at most 80 characters. */
const REFUND_REASON_MAX = 80;

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export type WechatPayOptions = {
  mchid: string;
  /** The AppID the merchant number is bound to (公众号/网站应用). */
  appid: string;
  /** The serial number of the merchant's API certificate (商户API证书序列号). */
  merchantSerialNo: string;
  /** The merchant's API private key (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** The APIv3 key (APIv3密钥): 32 bytes, opens notifications. */
  apiV3Key: string;
  /**
   * WeChat's keys by serial: the 微信支付公钥 under its PUB_KEY_ID_…, or platform certificates
   * under their serial numbers (several during a rotation). A PEM public key or certificate.
   */
  platformKeys: Record<string, string>;
  /** https://api.mch.weixin.qq.com, or a local fake in tests. */
  apiBase?: string;
  log: PaymentLog;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
};

/** RFC 3339 in Beijing time, as WeChat wants time_expire: 2026-05-01T12:30:00+08:00. */
export function wechatTime(date: Date): string {
  return `${new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** amount.total in fen when the amount is a positive integer of CNY; null otherwise. */
function cnyTotal(transaction: Json): number | null {
  const amount = transaction.amount;
  if (!isObject(amount) || amount.currency !== 'CNY') return null;
  return Number.isSafeInteger(amount.total) && (amount.total as number) > 0 ? (amount.total as number) : null;
}

function parseTime(value: unknown): Date | null {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

/** One header as it arrived; a repeated header is as good as a missing one. */
function header(request: NotificationRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

/** trade_state in a notification: the outcomes WeChat tells us about (it only sends SUCCESS today). */
const NOTICE_STATES: Record<string, PaymentNotice['state']> = {
  SUCCESS: 'paid',
  PAYERROR: 'failed',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

/** trade_state in a query answer. */
const QUERY_STATES: Record<string, Exclude<PaymentQuery['state'], 'paid'>> = {
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  REFUND: 'refunded',
};

/**
 * WeChat Pay API v3 for a direct merchant (直连商户): Native (a QR code for desktops) and H5
 * (a redirect for phone browsers outside WeChat). Every answer's signature is checked before
 * it is believed; notifications are verified, then decrypted with the APIv3 key.
 *
 * No `charge`: deduction without the payer present is 委托代扣 (papay), a separate contract
 * with WeChat. It needs the payer to sign an agreement first (a contract_id from the
 * /v3/papay/contracts… sign-up flow and its notification), then /v3/papay/pay/transactions/apply
 * per charge with that contract_id, its own notifications and a pre-debit notice to the
 * payer; none of it exists for this merchant, so auto-renew is not offered through WeChat.
 */
export function createWechatPayProvider(options: WechatPayOptions): PaymentProvider {
  if (Buffer.byteLength(options.apiV3Key, 'utf8') !== 32) throw new Error('the WeChat Pay APIv3 key must be 32 bytes');
  const platformKeys = new Map<string, KeyObject>(
    Object.entries(options.platformKeys).map(([serial, pem]) => [serial, readPlatformKey(pem)]),
  );
  if (platformKeys.size === 0) throw new Error('WeChat Pay needs at least one platform key to verify answers');
  const now = options.now ?? (() => new Date());
  const client = createWechatClient({
    mchid: options.mchid,
    merchantSerialNo: options.merchantSerialNo,
    merchantPrivateKey: createPrivateKey(options.merchantPrivateKey),
    platformKeys,
    apiBase: options.apiBase ?? 'https://api.mch.weixin.qq.com',
    fetch: options.fetch ?? fetch,
    now,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    log: options.log,
  });
  const orderPath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    kind: 'wechat',
    channels: ['qr', 'h5'],

    async start(request: PaymentRequest): Promise<PaymentStart> {
      const isQr = request.channel === 'qr';
      const call: WechatCall = {
        method: 'POST',
        path: isQr ? '/v3/pay/transactions/native' : '/v3/pay/transactions/h5',
        body: {
          appid: options.appid,
          mchid: options.mchid,
          description: request.description,
          out_trade_no: request.outTradeNo,
          time_expire: wechatTime(request.expiresAt),
          notify_url: request.notifyUrl,
          amount: { total: request.amountFen, currency: 'CNY' },
          ...(isQr ? {} : { scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } } }),
        },
        label: isQr ? 'wechat pay native' : 'wechat pay h5',
        context: { provider: 'wechat', outTradeNo: request.outTradeNo, channel: request.channel },
        failure: 'PAYMENT_PROVIDER_FAILED',
      };
      const answer = await client.send(call);
      const url = text(answer.answer?.[isQr ? 'code_url' : 'h5_url']);
      if (answer.status !== 200 || !url) return client.refuse(call, answer);
      if (isQr) return { kind: 'qr', codeUrl: url };
      // WeChat's documented way back: redirect_url appended to h5_url, URL-encoded.
      return { kind: 'redirect', url: `${url}&redirect_url=${encodeURIComponent(request.returnUrl)}` };
    },

    async verifyNotification(request: NotificationRequest): Promise<PaymentNotice> {
      const serial = header(request, 'wechatpay-serial');
      const key = platformKeys.get(serial);
      if (!key) throw new PaymentVerifyError(`unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
      const parts = {
        timestamp: header(request, 'wechatpay-timestamp'),
        nonce: header(request, 'wechatpay-nonce'),
        body: request.rawBody,
      };
      const check = verifySignature(parts, header(request, 'wechatpay-signature'), key, now());
      if (check !== 'ok') throw new PaymentVerifyError(`signature refused: ${check}`);

      let envelope: unknown;
      try {
        envelope = JSON.parse(request.rawBody);
      } catch {
        throw new PaymentVerifyError('body is not JSON');
      }
      if (!isObject(envelope) || !isObject(envelope.resource)) throw new PaymentVerifyError('no resource');
      const eventType = text(envelope.event_type);
      if (!eventType.startsWith('TRANSACTION.')) {
        throw new PaymentVerifyError(`not a payment notification: ${eventType.slice(0, 64)}`);
      }
      const resource = envelope.resource;
      if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new PaymentVerifyError('resource incomplete');
      }
      let transaction: unknown;
      try {
        transaction = JSON.parse(decryptResource(resource as EncryptedResource, options.apiV3Key));
      } catch (err) {
        if (err instanceof PaymentVerifyError) throw err;
        throw new PaymentVerifyError('resource is not JSON');
      }
      if (!isObject(transaction) || !text(transaction.out_trade_no)) {
        throw new PaymentVerifyError('resource is not a transaction');
      }
      const state = NOTICE_STATES[text(transaction.trade_state)];
      if (!state || (eventType === 'TRANSACTION.SUCCESS') !== (state === 'paid')) {
        throw new PaymentVerifyError(`unexpected trade_state ${text(transaction.trade_state)} for ${eventType}`);
      }
      const total = cnyTotal(transaction);
      if (state === 'paid' && (total === null || !text(transaction.transaction_id))) {
        throw new PaymentVerifyError('paid transaction without a CNY amount or transaction_id');
      }
      return {
        outTradeNo: text(transaction.out_trade_no),
        providerTradeNo: text(transaction.transaction_id),
        state,
        amountFen: total ?? 0,
        merchantId: text(transaction.mchid),
        paidAt: state === 'paid' ? parseTime(transaction.success_time) : null,
        raw: {
          id: envelope.id,
          create_time: envelope.create_time,
          event_type: eventType,
          summary: envelope.summary,
          resource: transaction,
        },
      };
    },

    answer(ok: boolean): NotificationAnswer {
      // WeChat: success is 200 or 204 without a body; anything else (with this JSON) makes it retry.
      return ok
        ? { statusCode: 204, contentType: 'application/json', body: '' }
        : { statusCode: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },

    async query(outTradeNo: string): Promise<PaymentQuery> {
      const call: WechatCall = {
        method: 'GET',
        path: `${orderPath(outTradeNo)}?mchid=${encodeURIComponent(options.mchid)}`,
        label: 'wechat pay query',
        context: { provider: 'wechat', outTradeNo },
        failure: 'PAYMENT_PROVIDER_FAILED',
      };
      const answer = await client.send(call);
      if (answer.status === 404 && answer.answer?.code === 'ORDER_NOT_EXIST') return { state: 'unknown' };
      const transaction = answer.answer;
      if (answer.status !== 200 || !transaction || transaction.out_trade_no !== outTradeNo) {
        return client.refuse(call, answer);
      }
      const tradeState = text(transaction.trade_state);
      if (tradeState === 'SUCCESS') {
        const total = cnyTotal(transaction);
        if (total === null || !text(transaction.transaction_id)) return client.refuse(call, answer);
        return {
          state: 'paid',
          providerTradeNo: text(transaction.transaction_id),
          amountFen: total,
          merchantId: text(transaction.mchid),
          paidAt: parseTime(transaction.success_time),
        };
      }
      const state = QUERY_STATES[tradeState];
      return state ? { state } : client.refuse(call, answer);
    },

    async close(outTradeNo: string): Promise<void> {
      const call: WechatCall = {
        method: 'POST',
        path: `${orderPath(outTradeNo)}/close`,
        body: { mchid: options.mchid },
        label: 'wechat pay close',
        context: { provider: 'wechat', outTradeNo },
        failure: 'PAYMENT_PROVIDER_FAILED',
      };
      const answer = await client.send(call);
      if (answer.status !== 204 && answer.status !== 200) client.refuse(call, answer);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const reason = [...request.reason].slice(0, REFUND_REASON_MAX).join('');
      const call: WechatCall = {
        method: 'POST',
        path: '/v3/refund/domestic/refunds',
        body: {
          out_trade_no: request.outTradeNo,
          out_refund_no: request.outRefundNo,
          ...(reason ? { reason } : {}),
          amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
        },
        label: 'wechat pay refund',
        context: { provider: 'wechat', outTradeNo: request.outTradeNo, outRefundNo: request.outRefundNo },
        failure: 'REFUND_FAILED',
      };
      const answer = await client.send(call);
      if (answer.status !== 200 || answer.answer?.out_refund_no !== request.outRefundNo) {
        return client.refuse(call, answer);
      }
      // CLOSED and ABNORMAL (the payer's card or account refused it) need a person.
      if (answer.answer.status === 'SUCCESS') return { state: 'success' };
      if (answer.answer.status === 'PROCESSING') return { state: 'processing' };
      return client.refuse({ ...call, context: { ...call.context, refundStatus: answer.answer.status } }, answer);
    },
  };
}
