import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { defineErrors, STATUS } from './status.ts';
import { PAY_CHANNELS, PAY_TYPES } from './vip-rules.ts';

// What every order shares to be paid (VIP orders now, shop orders next): what pay-order
// answers, and the sandbox checkout (paths of our own: a capability address, like a
// provider's cashier). Rules: docs/decisions/0019-payments.md.

/** An order number as the client sends it back. */
export const OrderIdField = z
  .string({ error: '请提供订单号' })
  .trim()
  .min(1, { error: '请提供订单号' })
  .max(40, { error: '订单号不正确' })
  .regex(/^[0-9A-Za-z_-]+$/, { error: '订单号不正确' });

/** What the client needs to pay an attempt: a QR code's content, or an address to open. */
export const PayStartSchema = z.object({
  order_id: z.string(),
  pay_type: z.enum(PAY_TYPES),
  pay_channel: z.enum(PAY_CHANNELS),
  kind: z.enum(['qr', 'redirect']),
  /** For kind qr: the text to draw as a QR code ('' otherwise). */
  code_url: z.string(),
  /** For kind redirect: where to send the browser ('' otherwise). */
  pay_url: z.string(),
  /** Yuan. */
  amount: z.number(),
  /** When the order can no longer be paid. */
  expires_at: z.string(),
});

// ── The sandbox checkout (paths of our own): a capability URL, like a provider's cashier ──

const SandboxTicket = {
  trade_no: z
    .string({ error: '支付单号不正确' })
    .trim()
    .regex(/^[0-9A-Za-z_-]{6,40}$/, { error: '支付单号不正确' }),
  /** The signature in the checkout address: only whoever got the address from pay-order may use it. */
  t: z
    .string({ error: '支付链接不完整' })
    .trim()
    .min(1, { error: '支付链接不完整' })
    .max(128, { error: '支付链接不正确' }),
};

export const SandboxCheckoutSchema = z.object({
  trade_no: z.string(),
  /** What is paid for (车友圈 VIP 年度会员). */
  description: z.string(),
  /** Yuan. */
  amount: z.number(),
  /** pending: can be paid now; otherwise the attempt is over. */
  state: z.enum(['pending', 'paid', 'failed', 'closed']),
  expires_at: z.string(),
  /** Where the payer goes when done (the order's page). */
  return_url: z.string(),
});

export const sandboxCheckout = defineEndpoint({
  method: 'GET',
  path: '/api/v1/pay/sandbox/checkout',
  query: z.object(SandboxTicket),
  data: SandboxCheckoutSchema,
  auth: 'none',
  summary: '沙箱收银台',
});

/** 支付成功 / 支付失败 in the sandbox: the server sends itself the signed notification a provider would. */
export const sandboxComplete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/pay/sandbox/complete',
  body: z.object({ ...SandboxTicket, outcome: z.enum(['paid', 'failed'], { error: '支付结果不正确' }) }),
  data: SandboxCheckoutSchema,
  auth: 'none',
  rateLimit: { by: 'ip', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '沙箱支付结果',
});

/** The ways this server takes money now (configured providers), in the order the client offers them. */
export const payMethods = defineEndpoint({
  method: 'GET',
  path: '/api/v1/pay/methods',
  data: z.array(z.object({ pay_type: z.enum(PAY_TYPES), name: z.string(), channels: z.array(z.enum(PAY_CHANNELS)) })),
  auth: 'none',
  summary: '可用支付方式',
});

export const paymentsErrors = defineErrors({
  PAY_TYPE_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '{payType}暂未开通，请选择其他支付方式' },
  PAY_CHANNEL_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '{payType}暂不支持该支付渠道' },
  PAYMENT_PROVIDER_FAILED: { status: STATUS.UNAVAILABLE, message: '支付服务暂时无法使用，请稍后再试' },
  PAYMENT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '支付单不存在或链接已失效' },
  PAYMENT_CLOSED: { status: STATUS.CONFLICT, message: '该支付单已结束' },
  REFUND_FAILED: { status: STATUS.UNAVAILABLE, message: '退款失败，请稍后再试' },
});
