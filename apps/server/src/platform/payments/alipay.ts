// Alipay (支付宝) through its OpenAPI 2.0 gateway with alipay-sdk 4 (docs/decisions/0019-payments.md):
// 当面付 alipay.trade.precreate for the QR code on a desktop, 手机网站支付 alipay.trade.wap.pay for a
// phone, then query / close / refund and the asynchronous notification. Requests are signed RSA2
// with the app's private key; every answer and every notification is verified with Alipay's
// public key before a word of it is believed.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AppError, type ErrorCode } from '@evcircle/contract';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { fenToYuan, parseAlipayForm, parseShanghaiTime, shanghaiTime, yuanToFen } from './alipay-format.ts';
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

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** How long one gateway call may take before it counts as failed. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** Alipay's code for a call that did what was asked; anything else is a refusal (sub_code says why). */
const SUCCESS = '10000';

export type AlipayOptions = {
  appId: string;
  /** The app's private key (应用私钥): PEM (PKCS#1 or PKCS#8), or the bare base64 Alipay's key tool prints. */
  privateKey: string;
  /** Alipay's public key for this app (支付宝公钥): PEM, or bare base64. Not the app's own public key. */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do (the default), the sandbox's, or a local fake in tests. */
  gateway?: string;
  /** The receiving account (2088…): when set, a notification for another seller is refused. */
  sellerId?: string;
  log: PaymentLog;
  timeoutMs?: number;
  now?: () => Date;
};

/** Bare base64 DER of a private key: PKCS#8 (the key tool's "Java" form) or PKCS#1 (its other form). */
function readBarePrivateKey(base64: string): KeyObject {
  const der = Buffer.from(base64, 'base64');
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * A key as PEM in the form the SDK expects (PKCS#8 private with keyType PKCS8, SPKI public: it
 * rebuilds keys from their header line), from PEM or from the bare base64 Alipay's tools print.
 * A key that cannot be read throws here, at start-up, not at the first payment.
 */
function readKey(text: string, kind: 'private' | 'public'): string {
  const trimmed = text.trim();
  const isPem = trimmed.startsWith('-----');
  if (kind === 'private') {
    const key = isPem ? createPrivateKey(trimmed) : readBarePrivateKey(trimmed);
    return key.export({ type: 'pkcs8', format: 'pem' }) as string;
  }
  const key = isPem
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  return key.export({ type: 'spki', format: 'pem' }) as string;
}

/** What a failed call leaves in the log: never a key, never a signature of ours. */
function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: String(err) };
  const { name, message } = err;
  const traceId = (err as { traceId?: unknown }).traceId;
  return { name, message: message.slice(0, 300), traceId };
}

/**
 * The Alipay provider. `start` fails with PAYMENT_PROVIDER_FAILED when Alipay refuses (any code
 * but 10000), cannot be reached in time, or answers with a signature that does not verify;
 * `refund` fails the same ways with REFUND_FAILED.
 *
 * No `charge`: 商家扣款 (agreement deduction, for auto-renewal) is alipay.trade.pay with
 * product_code GENERAL_WITHHOLDING (or CYCLE_PAY_AUTH for 周期扣款) and agreement_params
 * {agreement_no}. It needs the 商家扣款 product signed for the merchant with Alipay, and per user an
 * agreement signed first through alipay.user.agreement.page.sign (personal_product_code
 * GENERAL_WITHHOLDING_P / CYCLE_PAY_AUTH_P), whose agreement_no arrives in the signing notification
 * and must be stored per user, and is ended with alipay.user.agreement.unsign. None of that exists
 * yet, so the provider offers no charge and auto-renewal is not offered for Alipay.
 */
export function createAlipayProvider(options: AlipayOptions): PaymentProvider {
  const log = options.log;
  const now = options.now ?? (() => new Date());
  const sdk = new AlipaySdk({
    appId: options.appId,
    privateKey: readKey(options.privateKey, 'private'),
    keyType: 'PKCS8',
    alipayPublicKey: readKey(options.alipayPublicKey, 'public'),
    gateway: options.gateway ?? ALIPAY_GATEWAY,
    signType: 'RSA2',
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Keep Alipay's own field names (qr_code, sub_code, trade_status), as its documentation spells them.
    camelcase: false,
  });

  /**
   * One signed call of the gateway, its answer's signature verified. Resolves with the answer
   * whatever its code; a call that never got a verified answer is logged and thrown as `failure`.
   */
  async function call(
    method: string,
    bizContent: Record<string, unknown>,
    context: Record<string, unknown>,
    failure: ErrorCode,
    extra: Record<string, string> = {},
  ): Promise<AlipaySdkCommonResult> {
    try {
      // NOTE: the SDK would stamp `timestamp` in the process's time zone (UTC on our servers);
      // the gateway reads it as Beijing time, so it is given here.
      return await sdk.exec(
        method,
        { bizContent, timestamp: shanghaiTime(now()), ...extra },
        // validateSign is off by default in the SDK: an unverified answer could be anyone's.
        { validateSign: true },
      );
    } catch (err) {
      log.error({ provider: 'alipay', method, ...context, err: describeError(err) }, 'alipay: call failed');
      throw new AppError(failure);
    }
  }

  /** Logs a refusal with Alipay's codes (they say what to fix) and throws `failure`. */
  function refused(
    method: string,
    answer: AlipaySdkCommonResult,
    context: Record<string, unknown>,
    failure: ErrorCode,
  ): never {
    log.error(
      {
        provider: 'alipay',
        method,
        ...context,
        code: answer.code,
        msg: answer.msg,
        subCode: answer.sub_code,
        subMsg: answer.sub_msg,
      },
      'alipay: refused',
    );
    throw new AppError(failure);
  }

  const isNotExist = (answer: AlipaySdkCommonResult) => answer.sub_code === 'ACQ.TRADE_NOT_EXIST';

  return {
    kind: 'alipay',
    channels: ['qr', 'h5'],

    async start(request: PaymentRequest): Promise<PaymentStart> {
      const context = { outTradeNo: request.outTradeNo, channel: request.channel };
      const order = {
        out_trade_no: request.outTradeNo,
        total_amount: fenToYuan(request.amountFen),
        subject: request.description,
        time_expire: shanghaiTime(request.expiresAt),
      };
      if (request.channel === 'h5') {
        // A signed address the phone's browser opens; Alipay checks it when it is opened, so
        // nothing here can fail but the signing. The trade exists at Alipay from then on.
        const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: { ...order, product_code: 'QUICK_WAP_WAY', quit_url: request.returnUrl },
          returnUrl: request.returnUrl,
          notifyUrl: request.notifyUrl,
          timestamp: shanghaiTime(now()),
        });
        log.info({ provider: 'alipay', ...context }, 'alipay: wap pay address made');
        return { kind: 'redirect', url };
      }
      const method = 'alipay.trade.precreate';
      const answer = await call(method, order, context, 'PAYMENT_PROVIDER_FAILED', { notify_url: request.notifyUrl });
      if (answer.code !== SUCCESS || typeof answer.qr_code !== 'string' || !answer.qr_code) {
        refused(method, answer, context, 'PAYMENT_PROVIDER_FAILED');
      }
      log.info({ provider: 'alipay', ...context }, 'alipay: precreated');
      return { kind: 'qr', codeUrl: answer.qr_code };
    },

    /**
     * A notification is believed only when its RSA2 signature verifies with Alipay's public key
     * (over every field but sign and sign_type, sorted, values decoded), it is signed RSA2, and its
     * seller is ours when options.sellerId is set. merchantId is the notification's app_id: the
     * caller compares it with our app id.
     *
     * States: TRADE_SUCCESS / TRADE_FINISHED are paid (FINISHED also arrives later, when the refund
     * window of a paid trade ends: the caller's idempotency absorbs it). TRADE_CLOSED is closed: an
     * unpaid trade that expired or was closed — or, NOTE, a paid trade refunded in full, so the
     * caller must never turn a paid order back on a closed notice.
     *
     * WAIT_BUYER_PAY (and any state Alipay may add) is refused with PaymentVerifyError even though
     * it is authentic. It is the one honest choice the interface leaves: 'closed' or 'failed' would
     * tell the caller the attempt will never pay while the buyer may be paying this minute, and
     * there is no "pending" notice. Alipay sends WAIT_BUYER_PAY only when the merchant turns that
     * notification on in the open platform (we do not); should it come, the answer is `fail`,
     * Alipay retries a few times over 25 hours, and nothing changes on our side.
     */
    async verifyNotification({ rawBody }: NotificationRequest): Promise<PaymentNotice> {
      const fields = parseAlipayForm(rawBody);
      if (!fields.sign) throw new PaymentVerifyError('alipay notification: no sign');
      if (fields.sign_type !== 'RSA2') throw new PaymentVerifyError('alipay notification: not signed RSA2');
      let verified = false;
      try {
        verified = sdk.checkNotifySignV2(fields);
      } catch {
        verified = false;
      }
      if (!verified) throw new PaymentVerifyError('alipay notification: bad signature');

      const context = { provider: 'alipay', outTradeNo: fields.out_trade_no, notifyId: fields.notify_id };
      if (options.sellerId && fields.seller_id !== options.sellerId) {
        log.warn({ ...context, sellerId: fields.seller_id }, 'alipay: notification for another seller');
        throw new PaymentVerifyError('alipay notification: another seller');
      }
      const amountFen = yuanToFen(fields.total_amount ?? '');
      if (!fields.out_trade_no || !fields.trade_no || !fields.app_id || amountFen === null) {
        throw new PaymentVerifyError('alipay notification: incomplete');
      }
      const status = fields.trade_status;
      let state: PaymentNotice['state'];
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') state = 'paid';
      else if (status === 'TRADE_CLOSED') state = 'closed';
      else {
        log.warn({ ...context, tradeStatus: status }, 'alipay: notification of a state that is not final');
        throw new PaymentVerifyError(`alipay notification: not a final state (${status})`);
      }
      return {
        outTradeNo: fields.out_trade_no,
        providerTradeNo: fields.trade_no,
        state,
        amountFen,
        merchantId: fields.app_id,
        paidAt: state === 'paid' ? parseShanghaiTime(fields.gmt_payment) : null,
        raw: fields,
      };
    },

    answer(ok: boolean): NotificationAnswer {
      // Alipay reads exactly `success`; anything else (here `fail`) and it sends the notification again.
      return { statusCode: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
    },

    async query(outTradeNo: string): Promise<PaymentQuery> {
      const method = 'alipay.trade.query';
      const context = { outTradeNo };
      const answer = await call(method, { out_trade_no: outTradeNo }, context, 'PAYMENT_PROVIDER_FAILED');
      // NOTE: a precreated QR code nobody has scanned, or a wap address nobody has opened, is
      // "not exist" at Alipay: unknown, not closed.
      if (isNotExist(answer)) return { state: 'unknown' };
      if (answer.code !== SUCCESS) refused(method, answer, context, 'PAYMENT_PROVIDER_FAILED');
      const status = answer.trade_status;
      if (status === 'WAIT_BUYER_PAY') return { state: 'pending' };
      if (status === 'TRADE_CLOSED') return { state: 'closed' };
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
        const amountFen = yuanToFen(String(answer.total_amount ?? ''));
        if (amountFen === null || typeof answer.trade_no !== 'string') {
          refused(method, answer, context, 'PAYMENT_PROVIDER_FAILED');
        }
        return {
          state: 'paid',
          providerTradeNo: answer.trade_no,
          amountFen,
          // The query names no app: the answer is to our app's signed request, so the app is ours.
          merchantId: options.appId,
          paidAt: parseShanghaiTime(answer.send_pay_date),
        };
      }
      refused(method, answer, context, 'PAYMENT_PROVIDER_FAILED');
    },

    async close(outTradeNo: string): Promise<void> {
      const method = 'alipay.trade.close';
      const context = { outTradeNo };
      const answer = await call(method, { out_trade_no: outTradeNo }, context, 'PAYMENT_PROVIDER_FAILED');
      if (answer.code === SUCCESS) {
        log.info({ provider: 'alipay', ...context }, 'alipay: closed');
        return;
      }
      if (isNotExist(answer)) {
        // NOTE: nothing to close yet (QR not scanned, address not opened), so Alipay keeps
        // nothing to refuse with: the code stays payable until its time_expire. A payment
        // notice can still arrive for an order we closed; the caller must settle it (refund).
        log.warn({ provider: 'alipay', ...context }, 'alipay: close of a trade Alipay does not hold yet');
        return;
      }
      refused(method, answer, context, 'PAYMENT_PROVIDER_FAILED');
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const method = 'alipay.trade.refund';
      const context = { outTradeNo: request.outTradeNo, outRefundNo: request.outRefundNo };
      const answer = await call(
        method,
        {
          out_trade_no: request.outTradeNo,
          refund_amount: fenToYuan(request.amountFen),
          // Makes the request idempotent: the same out_request_no again refunds nothing more.
          out_request_no: request.outRefundNo,
          refund_reason: request.reason,
        },
        context,
        'REFUND_FAILED',
      );
      if (answer.code !== SUCCESS) refused(method, answer, context, 'REFUND_FAILED');
      // fund_change Y: money moved by this call. N: it did not (yet) — Alipay finishes it later,
      // or, NOTE, a retry of an out_request_no that already succeeded; either way
      // alipay.trade.fastpay.refund.query is what settles it, so it is "processing".
      const state = answer.fund_change === 'Y' ? 'success' : 'processing';
      log.info({ provider: 'alipay', ...context, state }, 'alipay: refund accepted');
      return { state };
    },
  };
}
