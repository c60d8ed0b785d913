// Payments (docs/decisions/0019-payments.md): one interface, three providers — the local
// `sandbox` (default), WeChat Pay API v3 and Alipay. Amounts are integer fen, currency CNY.
// A provider never reports money it has not seen: `start` fails with an AppError when the
// provider refuses, `verifyNotification` throws PaymentVerifyError for anything not proven
// to come from the provider, and `query` answers what the provider says, nothing more.
import type { FastifyBaseLogger } from 'fastify';

export type PaymentProviderKind = 'sandbox' | 'wechat' | 'alipay';

/** How the payer pays: a QR code scanned with the provider's app (desktop), or a redirect (phone). */
export type PaymentChannel = 'qr' | 'h5';

/** One attempt to collect an amount, as our order names it. */
export type PaymentRequest = {
  /** Our unique number for this attempt (6–32 characters of [0-9A-Za-z_-]); the provider echoes it. */
  outTradeNo: string;
  amountFen: number;
  /** What the payer sees on the provider's page, e.g. 车友圈 VIP 月度会员. At most 127 bytes of UTF-8. */
  description: string;
  /** After this the provider refuses to take the money (WeChat time_expire, Alipay time_expire). */
  expiresAt: Date;
  channel: PaymentChannel;
  /** The payer's address (WeChat H5 requires it as scene_info.payer_client_ip). */
  clientIp: string;
  /** Where the browser returns after an H5/wap payment (our order's status page). */
  returnUrl: string;
  /** Where the provider posts its notification: PUBLIC_URL + /api/v1/pay/notify/{kind}. */
  notifyUrl: string;
};

/** What the client needs to pay: a QR code's content, or an address to open. */
export type PaymentStart = { kind: 'qr'; codeUrl: string } | { kind: 'redirect'; url: string };

/** A notification proven to come from the provider, in our terms. */
export type PaymentNotice = {
  outTradeNo: string;
  /** The provider's own number (WeChat transaction_id, Alipay trade_no). */
  providerTradeNo: string;
  /**
   * paid: the money arrived (WeChat SUCCESS, Alipay TRADE_SUCCESS/TRADE_FINISHED); failed: the payment was
   * refused (WeChat PAYERROR, the sandbox's 支付失败); closed: the attempt was closed unpaid (it never will pay).
   */
  state: 'paid' | 'failed' | 'closed';
  /** What the payer paid in total, fen (WeChat amount.total, Alipay total_amount). */
  amountFen: number;
  /** The merchant the money went to (WeChat mchid, Alipay app_id): checked against ours. */
  merchantId: string;
  paidAt: Date | null;
  /** The decrypted/parsed notification, kept for the audit log (never shown to users). */
  raw: Record<string, unknown>;
};

/** A notification as it arrived: headers (lower-case names) and the body bytes as text. */
export type NotificationRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
};

/** What we answer the provider (WeChat: 204/JSON; Alipay: the text `success` / `fail`). */
export type NotificationAnswer = { statusCode: number; contentType: string; body: string };

/** The provider's view of an attempt, for reconciliation of a missed notification. */
export type PaymentQuery =
  | { state: 'paid'; providerTradeNo: string; amountFen: number; merchantId: string; paidAt: Date | null }
  | { state: 'pending' | 'closed' | 'refunded' | 'unknown' };

export type RefundRequest = {
  outTradeNo: string;
  /** Our unique number for this refund. */
  outRefundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
};

/** success: the money is back; processing: accepted, the provider finishes it later. */
export type RefundResult = { state: 'success' | 'processing' };

/** Agreement-based deduction (auto-renew): charge without the payer present. */
export type ChargeRequest = { outTradeNo: string; amountFen: number; description: string; userId: number };
export type ChargeResult = { state: 'paid'; providerTradeNo: string } | { state: 'failed'; reason: string };

/** Thrown by verifyNotification: the notification is not authentic (bad signature, stale, probe, undecryptable). */
export class PaymentVerifyError extends Error {
  override name = 'PaymentVerifyError';
}

export type PaymentProvider = {
  readonly kind: PaymentProviderKind;
  /** The channels this provider offers. */
  readonly channels: readonly PaymentChannel[];
  /** Creates the attempt at the provider; AppError PAYMENT_PROVIDER_FAILED when it refuses or cannot be reached. */
  start(request: PaymentRequest): Promise<PaymentStart>;
  /** Verifies a notification and reads it; PaymentVerifyError when it is not authentic. */
  verifyNotification(request: NotificationRequest): Promise<PaymentNotice>;
  /** What to answer after handling (ok) or refusing (!ok) a notification, as the protocol expects. */
  answer(ok: boolean): NotificationAnswer;
  /** Asks the provider about an attempt (reconciliation). */
  query(outTradeNo: string): Promise<PaymentQuery>;
  /** Closes an unpaid attempt so it can no longer be paid (expiry, or the payer switched channel). */
  close(outTradeNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Agreement-based deduction; absent when the merchant has no such contract with the provider. */
  charge?: (request: ChargeRequest) => Promise<ChargeResult>;
};

export type PaymentLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
