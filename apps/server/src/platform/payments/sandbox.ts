import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ChargeRequest,
  type ChargeResult,
  type NotificationAnswer,
  type NotificationRequest,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStart,
  PaymentVerifyError,
  type RefundResult,
} from './types.ts';

// The sandbox (docs/decisions/0019-payments.md): a provider with no money behind it. Its
// checkout is our own page (/pay/sandbox/{trade_no}?t=…, a capability address like a
// provider's cashier), and 支付成功 / 支付失败 there produce a notification signed with the
// sandbox's HMAC key that goes through the very path WeChat Pay's and Alipay's do: verify,
// lock the attempt, check amount and merchant, settle once.

/** The merchant every sandbox notification names (checked like a real merchant id). */
export const SANDBOX_MERCHANT_ID = 'evcircle-sandbox';
/** A notification older or newer than this is refused (as WeChat Pay's five minutes). */
const MAX_SKEW_MS = 5 * 60 * 1000;

const HEADER_TIMESTAMP = 'x-sandbox-timestamp';
const HEADER_NONCE = 'x-sandbox-nonce';
const HEADER_SIGNATURE = 'x-sandbox-signature';

export type SandboxOptions = {
  secret: string;
  /** PUBLIC_URL: the checkout page's origin. */
  publicUrl: string;
  /** What an auto-renewal charge does. */
  renewOutcome: 'succeed' | 'fail';
  now?: () => Date;
};

/** The body of a sandbox notification. */
type SandboxNotification = {
  trade_no: string;
  sandbox_trade_no: string;
  state: 'paid' | 'failed';
  amount_fen: number;
  merchant_id: string;
  paid_at: string | null;
};

export type SandboxProvider = PaymentProvider & {
  /** The signature in a checkout address (`t`), proving pay-order handed the address out. */
  ticket(tradeNo: string): string;
  checkTicket(tradeNo: string, ticket: string): boolean;
  /** The signed notification the sandbox sends when the payer taps 支付成功 or 支付失败. */
  notification(tradeNo: string, state: 'paid' | 'failed', amountFen: number): NotificationRequest;
};

function hmac(secret: string, text: string): Buffer {
  return createHmac('sha256', secret).update(text, 'utf8').digest();
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function headerOf(headers: NotificationRequest['headers'], name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const now = options.now ?? (() => new Date());
  const checkoutUrl = (tradeNo: string) =>
    `${options.publicUrl}/pay/sandbox/${encodeURIComponent(tradeNo)}?t=${ticket(tradeNo)}`;

  function ticket(tradeNo: string): string {
    return hmac(options.secret, `checkout\n${tradeNo}`).toString('base64url');
  }

  function sign(timestamp: string, nonce: string, body: string): string {
    return hmac(options.secret, `${timestamp}\n${nonce}\n${body}\n`).toString('base64');
  }

  return {
    kind: 'sandbox',
    channels: ['qr', 'h5'],

    async start(request: PaymentRequest): Promise<PaymentStart> {
      const url = checkoutUrl(request.outTradeNo);
      // A phone scanning the desktop's QR code opens the same checkout page.
      return request.channel === 'qr' ? { kind: 'qr', codeUrl: url } : { kind: 'redirect', url };
    },

    ticket,

    checkTicket(tradeNo: string, given: string): boolean {
      return sameBytes(Buffer.from(ticket(tradeNo)), Buffer.from(given));
    },

    notification(tradeNo, state, amountFen): NotificationRequest {
      const at = now();
      const body: SandboxNotification = {
        trade_no: tradeNo,
        sandbox_trade_no: `SBX${at.getTime()}${randomBytes(4).toString('hex')}`,
        state,
        amount_fen: amountFen,
        merchant_id: SANDBOX_MERCHANT_ID,
        paid_at: state === 'paid' ? at.toISOString() : null,
      };
      const rawBody = JSON.stringify(body);
      const timestamp = String(Math.floor(at.getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      return {
        headers: {
          'content-type': 'application/json',
          [HEADER_TIMESTAMP]: timestamp,
          [HEADER_NONCE]: nonce,
          [HEADER_SIGNATURE]: sign(timestamp, nonce, rawBody),
        },
        rawBody,
      };
    },

    async verifyNotification(request: NotificationRequest): Promise<PaymentNotice> {
      const timestamp = headerOf(request.headers, HEADER_TIMESTAMP);
      const nonce = headerOf(request.headers, HEADER_NONCE);
      const signature = headerOf(request.headers, HEADER_SIGNATURE);
      if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) throw new PaymentVerifyError('missing signature');
      if (Math.abs(now().getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) {
        throw new PaymentVerifyError('stale timestamp');
      }
      const expected = Buffer.from(sign(timestamp, nonce, request.rawBody));
      if (!sameBytes(expected, Buffer.from(signature))) throw new PaymentVerifyError('bad signature');
      let body: SandboxNotification;
      try {
        body = JSON.parse(request.rawBody) as SandboxNotification;
      } catch {
        throw new PaymentVerifyError('body is not JSON');
      }
      if (
        typeof body.trade_no !== 'string' ||
        (body.state !== 'paid' && body.state !== 'failed') ||
        !Number.isSafeInteger(body.amount_fen)
      ) {
        throw new PaymentVerifyError('malformed notification');
      }
      return {
        outTradeNo: body.trade_no,
        providerTradeNo: String(body.sandbox_trade_no ?? ''),
        state: body.state,
        amountFen: body.amount_fen,
        merchantId: String(body.merchant_id ?? ''),
        paidAt: body.paid_at ? new Date(body.paid_at) : null,
        raw: body as unknown as Record<string, unknown>,
      };
    },

    answer(ok: boolean): NotificationAnswer {
      return {
        statusCode: ok ? 200 : 400,
        contentType: 'application/json',
        body: JSON.stringify(ok ? { code: 'SUCCESS' } : { code: 'FAIL', message: '处理失败' }),
      };
    },

    // The sandbox keeps nothing of its own: what it paid, it said in a notification, and an
    // attempt it never notified about is still open.
    async query(): Promise<PaymentQuery> {
      return { state: 'pending' };
    },

    async close(): Promise<void> {},

    async refund(): Promise<RefundResult> {
      return { state: 'success' };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (options.renewOutcome === 'fail') return { state: 'failed', reason: '沙箱扣款失败（PAY_SANDBOX_RENEW=fail）' };
      return { state: 'paid', providerTradeNo: `SBX${now().getTime()}${request.outTradeNo.slice(-6)}` };
    },
  };
}
