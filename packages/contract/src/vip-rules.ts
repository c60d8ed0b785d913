// VIP membership and payment rules shared by server and client (SPEC.md §3 "VIP", §9 plan
// fallback; docs/decisions/0019-payments.md, 0020-vip.md).

export const VIP_PLAN_TYPES = ['monthly', 'yearly', 'lifetime'] as const;
export type VipPlanType = (typeof VIP_PLAN_TYPES)[number];

/** A plan as the client shows it; prices in yuan. */
export type VipPlan = {
  type: VipPlanType;
  name: string;
  original_price: number;
  price: number;
  unit: string;
  most_popular: boolean;
};

/** SPEC.md §9: what the client shows when the plans call fails, and what the database is seeded with. */
export const VIP_PLAN_FALLBACK: readonly VipPlan[] = [
  { type: 'monthly', name: '月度会员', original_price: 49.9, price: 39.9, unit: '月', most_popular: false },
  { type: 'yearly', name: '年度会员', original_price: 499, price: 399, unit: '年', most_popular: true },
  { type: 'lifetime', name: '终身会员', original_price: 1299, price: 999, unit: '终身', most_popular: false },
];

/** SPEC.md §9: VIP order history page size. */
export const VIP_HISTORY_PAGE_SIZE = 10;

/** How the payer pays: the local sandbox, WeChat Pay, Alipay. */
export const PAY_TYPES = ['sandbox', 'wechat', 'alipay'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const PAY_TYPE_NAMES: Record<PayType, string> = { sandbox: '沙箱支付', wechat: '微信支付', alipay: '支付宝' };

/** qr: a code scanned with the provider's app (desktop); h5: a redirect to the provider (phone). */
export const PAY_CHANNELS = ['qr', 'h5'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** An order's life: created → paid, or failed / expired; a paid order may later be refunded. */
export const ORDER_STATES = ['created', 'paid', 'failed', 'expired', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_NAMES: Record<OrderState, string> = {
  created: '待支付',
  paid: '已支付',
  failed: '支付失败',
  expired: '已过期',
  refunded: '已退款',
};
/** States after which an order never changes again except by a refund. */
export const ORDER_FINAL_STATES: readonly OrderState[] = ['paid', 'failed', 'expired', 'refunded'];

/** An unpaid order can be paid for this long; then it expires (and its attempts are closed). */
export const ORDER_PAY_WINDOW_MINUTES = 30;
/** How often the client polls an order's status while its checkout is open. */
export const ORDER_STATUS_POLL_MS = 2000;

/** Points granted with a paid VIP order: 1 point per yuan paid, rounded down (0020-vip.md). */
export const VIP_POINTS_PER_YUAN = 1;
/** A renewal order is made this many days before the membership ends (auto-renew). */
export const VIP_RENEW_DAYS_BEFORE = 3;
