import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OrderIdField, PayStartSchema } from './payments.ts';
import { booleanField, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';
import { ORDER_STATES, PAY_CHANNELS, PAY_TYPES, VIP_HISTORY_PAGE_SIZE, VIP_PLAN_TYPES } from './vip-rules.ts';

// VIP membership (SPEC.md §3 "VIP status / plan / order", §7 "VIP"). Prices are yuan numbers (39.9) as SPEC.md's
// plan fallback writes them; the server keeps fen and computes every amount itself: a
// client never sends a price. Rules: docs/decisions/0019-payments.md, 0020-vip.md.

const PREFIX = '/api/v1/vip';

export const VipPlanSchema = z.object({
  type: z.enum(VIP_PLAN_TYPES),
  name: z.string(),
  original_price: z.number(),
  price: z.number(),
  unit: z.string(),
  most_popular: z.boolean(),
});

export const vipPlans = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/plans`,
  data: z.array(VipPlanSchema),
  auth: 'none',
  summary: 'VIP 套餐',
});

/** The viewer's membership. A logged-out caller gets 2011 (用户未登录) and the client shows is_vip 0. */
export const VipStatusSchema = z.object({
  is_vip: z.union([z.literal(0), z.literal(1)]),
  /** The plan of the latest paid order ('' if never a member). */
  plan_type: z.union([z.enum(VIP_PLAN_TYPES), z.literal('')]),
  /** When the membership ends, ISO 8601; '' for lifetime or never a member. */
  expires_at: z.string(),
  lifetime: z.boolean(),
  /** Whole days left (0 when not a member; -1 for lifetime). */
  days_left: z.number(),
  auto_renew: z.boolean(),
  /** Whether auto-renew can be switched on now (an active, time-limited membership). */
  auto_renew_available: z.boolean(),
});

export const vipStatus = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/status`,
  data: VipStatusSchema,
  auth: 'user',
  summary: 'VIP 状态',
});

export const VipOrderSchema = z.object({
  order_id: z.string(),
  plan_type: z.enum(VIP_PLAN_TYPES),
  plan_name: z.string(),
  /** Yuan. */
  amount: z.number(),
  state: z.enum(ORDER_STATES),
  /** The zh-CN name of the state (待支付, 已支付 …). */
  state_text: z.string(),
  /** How it was paid ('' until paid). */
  pay_type: z.union([z.enum(PAY_TYPES), z.literal('')]),
  /** Whether the auto-renew job made it. */
  renewal: z.boolean(),
  created_at: z.string(),
  /** '' until paid. */
  paid_at: z.string(),
  /** When an unpaid order expires. */
  expires_at: z.string(),
});
export type VipOrder = z.infer<typeof VipOrderSchema>;

export const vipCreateOrder = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/create-order`,
  body: z.object({ plan_type: z.enum(VIP_PLAN_TYPES, { error: '请选择会员套餐' }) }),
  data: VipOrderSchema,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 10, windowSeconds: 60 }] },
  summary: '创建 VIP 订单',
});

export const PayOrderBody = z.object({
  order_id: OrderIdField,
  pay_type: z.enum(PAY_TYPES, { error: '请选择支付方式' }),
  pay_channel: z.enum(PAY_CHANNELS, { error: '支付渠道不正确' }).default('qr'),
});

export const vipPayOrder = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/pay-order`,
  body: PayOrderBody,
  data: PayStartSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 20, windowSeconds: 60 }] },
  summary: '支付 VIP 订单',
});

export const vipOrderStatus = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/order-status`,
  query: z.object({ order_id: OrderIdField }),
  data: VipOrderSchema.extend({ vip: VipStatusSchema }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: 'VIP 订单状态',
});

export const vipOrderHistory = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/order-history`,
  query: z.object({ page: pageField(), size: sizeField(VIP_HISTORY_PAGE_SIZE) }),
  data: z.object({ items: z.array(VipOrderSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'user',
  summary: 'VIP 订单记录',
});

const AutoRenewField = booleanField('自动续费须为 1 或 0');

export const vipAutoRenew = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/auto-renew`,
  body: z.object({ auto_renew: AutoRenewField }),
  data: VipStatusSchema,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 20, windowSeconds: 60 }] },
  summary: '设置自动续费',
});

export const vipErrors = defineErrors({
  VIP_PLAN_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '会员套餐不存在' },
  VIP_ALREADY_LIFETIME: { status: STATUS.CONFLICT, message: '您已是终身会员，无需再次购买' },
  VIP_AUTO_RENEW_UNAVAILABLE: { status: STATUS.CONFLICT, message: '仅限有效期内的月度或年度会员开通自动续费' },
  ORDER_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '订单不存在' },
  ORDER_NOT_PAYABLE: { status: STATUS.CONFLICT, message: '订单{state}，无法支付' },
});
