import { z } from 'zod';
import { CART_MAX_LINES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADDRESS_BOOK_MAX, ORDER_PAGE_SIZE, SHOP_ORDER_STATES } from './orders-rules.ts';
import { OrderIdField, PayStartSchema } from './payments.ts';
import { booleanField, IdSchema, idListText, OptionalIdSchema, optionalText, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';
import { PayOrderBody } from './vip.ts';
import { PAY_TYPES } from './vip-rules.ts';

// The shop's checkout (issue 17 "Shop checkout"; paths of our own, SPEC.md has none): the
// address book, pricing the chosen cart lines, orders that reserve stock and are paid
// through the payments module, and their admin. Amounts are yuan text ("199.00") as the
// shop's; the server prices every order itself: a client never sends a price.
// Rules: docs/decisions/0021-shop-orders.md.

/** An amount in yuan with two decimals. */
const Yuan = z.string().regex(/^\d+\.\d{2}$/);

// ── The address book ──

/** Province, city and district as the picker names them (广东省 / 深圳市 / 南山区). */
function regionField(label: string) {
  return z
    .string({ error: `请选择${label}` })
    .trim()
    .min(1, { error: `请选择${label}` })
    .max(20, { error: `${label}不正确` });
}

const AddressFields = {
  name: z
    .string({ error: '请填写收货人' })
    .trim()
    .min(2, { error: '收货人姓名须为 2–20 个字' })
    .max(20, { error: '收货人姓名须为 2–20 个字' }),
  mobile: z
    .string({ error: '请填写手机号' })
    .trim()
    .regex(/^1\d{10}$/, { error: '手机号须为 1 开头的 11 位数字' }),
  province: regionField('省份'),
  city: regionField('城市'),
  district: regionField('区县'),
  detail: z
    .string({ error: '请填写详细地址' })
    .trim()
    .min(5, { error: '详细地址须为 5–100 个字' })
    .max(100, { error: '详细地址须为 5–100 个字' }),
};

/** Where an order goes, as it was when the order was made. */
export const DeliveryAddressSchema = z.object({
  name: z.string(),
  mobile: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

export const AddressSchema = DeliveryAddressSchema.extend({ id: z.number(), is_default: z.boolean() });
export type Address = z.infer<typeof AddressSchema>;

/** The viewer's addresses, the default first, then the newest. */
export const addressList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/address/list',
  data: z.array(AddressSchema),
  auth: 'user',
  summary: '收货地址列表',
});

const DefaultFlag = z
  .preprocess((value) => (value === '' ? false : value), booleanField('默认地址须为 1 或 0'))
  .default(false);

/**
 * Creates an address (no id) or edits one of the viewer's; at most ADDRESS_BOOK_MAX. The
 * first address, and one saved with is_default, becomes the only default.
 */
export const addressSave = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/address/save',
  body: z.object({ id: OptionalIdSchema, ...AddressFields, is_default: DefaultFlag }),
  data: AddressSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '保存收货地址',
});

/** A province of the address picker: its cities, each with its districts and counties. */
export const RegionProvinceSchema = z.object({
  name: z.string(),
  cities: z.array(z.object({ name: z.string(), districts: z.array(z.string()) })),
});
export type RegionProvince = z.infer<typeof RegionProvinceSchema>;

/**
 * The 省 → 市 → 区 tree the address picker offers (the server's bundled district table,
 * the same one the offline geocoder reads); address save accepts only its triples.
 */
export const addressRegions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/address/regions',
  data: z.array(RegionProvinceSchema),
  auth: 'none',
  summary: '省市区列表',
});

/** Deletes one of the viewer's addresses; when it was the default, the newest other one becomes it. */
export const addressDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/address/delete',
  body: z.object({ id: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除收货地址',
});

// ── Checkout ──

/** The chosen cart lines: a JSON list, text joined by commas, or one number. */
const CidsField = z.preprocess(
  (value) => (typeof value === 'number' ? [value] : idListText(value)),
  z
    .array(IdSchema, { error: '请选择要结算的商品' })
    .min(1, { error: '请选择要结算的商品' })
    .max(CART_MAX_LINES, { error: `一次最多结算 ${CART_MAX_LINES} 种商品` }),
);

const UsePointsField = z.coerce
  .number({ error: '积分须为数字' })
  .int({ error: '积分须为整数' })
  .min(0, { error: '积分不能为负数' })
  .max(100_000_000, { error: '积分数量不正确' })
  .default(0);

/** A line as priced for the order (preview) or as the order keeps it (snapshot). */
export const OrderLineSchema = z.object({
  pid: z.number(),
  sku_id: z.number(),
  title: z.string(),
  cover: z.string(),
  /** The chosen options, e.g. "颜色：黑色；车型：Model Y" ('' without specs). */
  spec_text: z.string(),
  price: Yuan,
  number: z.number(),
  amount: Yuan,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** The money of an order: goods (at today's prices), freight, points and what is left to pay. */
const OrderMoney = {
  goods_total: Yuan,
  freight: Yuan,
  /** Points spent on the order. */
  points_used: z.number(),
  /** What those points took off (yuan). */
  points_deduction: Yuan,
  /** goods_total + freight − points_deduction. */
  payable: Yuan,
};

export const OrderPreviewSchema = z.object({
  lines: z.array(OrderLineSchema),
  ...OrderMoney,
  /** The address the order would go to (the one named, else the default; null without one). */
  address: AddressSchema.nullable(),
  points: z.object({
    /** The viewer's points balance. */
    balance: z.number(),
    /** The most points this order can take (the cap, within the balance). */
    usable: z.number(),
    /** The most points the rule lets this order take, whatever the balance. */
    limit: z.number(),
  }),
});

/** Prices the chosen cart lines now, on the server, with freight and points; writes nothing. */
export const orderPreview = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/order/preview',
  body: z.object({ cids: CidsField, address_id: OptionalIdSchema, use_points: UsePointsField }),
  data: OrderPreviewSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '订单结算预览',
});

export const ShopOrderSchema = z.object({
  order_id: z.string(),
  state: z.enum(SHOP_ORDER_STATES),
  /** The zh-CN name of the state (待付款, 待发货 …). */
  state_text: z.string(),
  lines: z.array(OrderLineSchema),
  ...OrderMoney,
  address: DeliveryAddressSchema,
  /** How it was paid: a provider, 'points' (all paid by points), '' until paid. */
  pay_type: z.union([z.enum(PAY_TYPES), z.literal('points'), z.literal('')]),
  created_at: z.string(),
  /** When an unpaid order stops being payable. */
  expires_at: z.string(),
  paid_at: z.string(),
  courier: z.string(),
  tracking_no: z.string(),
  shipped_at: z.string(),
  /** When a shipped order completes on its own ('' unless shipped). */
  auto_complete_at: z.string(),
  completed_at: z.string(),
  cancelled_at: z.string(),
  /** 'buyer' (cancelled by the buyer), 'expired' (not paid in time), '' otherwise. */
  cancel_reason: z.enum(['buyer', 'expired', '']),
  refunded_at: z.string(),
  refund_reason: z.string(),
});
export type ShopOrder = z.infer<typeof ShopOrderSchema>;

/**
 * Creates an order from the chosen cart lines in one transaction: priced now, stock
 * reserved, points spent, the lines taken out of the cart. Payable within
 * ORDER_PAY_WINDOW_MINUTES; an order paid entirely by points is paid at once.
 */
export const orderCreate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/order/create',
  body: z.object({ cids: CidsField, address_id: IdSchema, use_points: UsePointsField }),
  data: ShopOrderSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 10, windowSeconds: 60 }] },
  summary: '提交订单',
});

/** Starts paying an unpaid order through a provider (the same answer as VIP pay-order). */
export const orderPay = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/order/pay',
  body: PayOrderBody,
  data: PayStartSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 20, windowSeconds: 60 }] },
  summary: '支付商城订单',
});

const StateFilter = z
  .preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.union([z.enum(SHOP_ORDER_STATES), z.literal('')], { error: '订单状态不正确' }),
  )
  .default('');

const OrderPage = z.object({ items: z.array(ShopOrderSchema), total: z.number(), hasMore: z.boolean() });

/** The viewer's orders, newest first; `state` is a tab of SHOP_ORDER_TABS ('' = 全部). */
export const orderList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/order/list',
  query: z.object({ state: StateFilter, page: pageField(), size: sizeField(ORDER_PAGE_SIZE) }),
  data: OrderPage,
  auth: 'user',
  summary: '我的订单',
});

const OrderIdQuery = z.object({ order_id: OrderIdField });

export const orderInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/order/info',
  query: OrderIdQuery,
  data: ShopOrderSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '订单详情',
});

/** Cancels an unpaid order: its stock and points go back at once. */
export const orderCancel = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/order/cancel',
  body: OrderIdQuery,
  data: ShopOrderSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '取消订单',
});

/** The buyer confirms receipt of a shipped order. */
export const orderConfirm = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/order/confirm',
  body: OrderIdQuery,
  data: ShopOrderSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '确认收货',
});

// ── The orders' admin (admins only) ──

export const AdminShopOrderSchema = ShopOrderSchema.extend({
  /** The buyer. */
  uid: z.number(),
  /** The money's way back after a refund: none → due → processing → done ('none' for points only). */
  refund_state: z.enum(['none', 'due', 'processing', 'done']),
});
export type AdminShopOrder = z.infer<typeof AdminShopOrderSchema>;

/** Every order, newest first; `word` matches the order number, the receiver's name or mobile, a line's title. */
export const adminOrderList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/order/list',
  query: z.object({
    state: StateFilter,
    word: optionalText(60, '关键词'),
    page: pageField(),
    size: sizeField(ORDER_PAGE_SIZE),
  }),
  data: z.object({ items: z.array(AdminShopOrderSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'admin',
  summary: '订单管理列表',
});

export const adminOrderInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/order/info',
  query: OrderIdQuery,
  data: AdminShopOrderSchema,
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '订单管理详情',
});

/** Ships a paid order: the courier and its tracking number. */
export const adminOrderShip = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/order/ship',
  body: z.object({
    order_id: OrderIdField,
    courier: z
      .string({ error: '请填写快递公司' })
      .trim()
      .min(2, { error: '快递公司须为 2–20 个字' })
      .max(20, { error: '快递公司须为 2–20 个字' }),
    tracking_no: z
      .string({ error: '请填写快递单号' })
      .trim()
      .regex(/^[0-9A-Za-z-]{6,40}$/, { error: '快递单号须为 6–40 位字母或数字' }),
  }),
  data: AdminShopOrderSchema,
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '订单发货',
});

/** Refunds a paid order in full: the money through its provider (the refund job), the points at once. */
export const adminOrderRefund = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/order/refund',
  body: z.object({
    order_id: OrderIdField,
    reason: z
      .string({ error: '请填写退款原因' })
      .trim()
      .min(2, { error: '退款原因须为 2–100 个字' })
      .max(100, { error: '退款原因须为 2–100 个字' }),
  }),
  data: AdminShopOrderSchema,
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '订单退款',
});

/**
 * The errors of this domain (merged into ERRORS, errors.ts). ORDER_NOT_FOUND and
 * ORDER_NOT_PAYABLE (vip.ts) and the shop's STOCK_NOT_ENOUGH / CART_LINE_NOT_FOUND serve here too.
 */
export const ordersErrors = defineErrors({
  /** Not one of the viewer's addresses (another person's is not told apart from none). */
  ADDRESS_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '收货地址不存在' },
  /** A province / city / district that the picker's table (addressRegions) does not hold together. */
  ADDRESS_REGION_INVALID: { status: STATUS.VALIDATION_FAILED, message: '所选省市区不存在，请重新选择' },
  ADDRESS_BOOK_FULL: { status: STATUS.CONFLICT, message: `最多保存 ${ADDRESS_BOOK_MAX} 个收货地址` },
  /** A chosen line whose product went off sale or whose SKU is gone (a sold-out one is STOCK_NOT_ENOUGH). */
  ORDER_LINE_UNAVAILABLE: { status: STATUS.CONFLICT, message: '「{title}」已下架，请从购物车移除后再结算' },
  POINTS_NOT_ENOUGH: { status: STATUS.CONFLICT, message: '积分不足，当前可用 {balance} 积分' },
  POINTS_OVER_LIMIT: { status: STATUS.VALIDATION_FAILED, message: '本单最多可用 {limit} 积分' },
  ORDER_NOT_CANCELLABLE: { status: STATUS.CONFLICT, message: '订单{state}，无法取消' },
  ORDER_NOT_CONFIRMABLE: { status: STATUS.CONFLICT, message: '订单{state}，无法确认收货' },
  ORDER_NOT_SHIPPABLE: { status: STATUS.CONFLICT, message: '订单{state}，无法发货' },
  ORDER_NOT_REFUNDABLE: { status: STATUS.CONFLICT, message: '订单{state}，无法退款' },
});
