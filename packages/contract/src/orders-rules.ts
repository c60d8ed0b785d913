// The shop's order rules shared by server and client (docs/decisions/0021-shop-orders.md).
// Money is integer fen inside and yuan text ("199.00") in answers, as the shop's.

/**
 * A shop order's life: unpaid (待付款) → unshipped (待发货, paid) → shipped (已发货) →
 * completed (已完成); an unpaid order may be cancelled (已取消: by the buyer or when its pay
 * window passes); a paid one may be refunded by an admin (已退款).
 */
export const SHOP_ORDER_STATES = ['unpaid', 'unshipped', 'shipped', 'completed', 'cancelled', 'refunded'] as const;
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number];
export const SHOP_ORDER_STATE_NAMES: Record<ShopOrderState, string> = {
  unpaid: '待付款',
  unshipped: '待发货',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
  refunded: '已退款',
};
/** The order list's tabs, in order: 全部 ('') then the four states a buyer follows. */
export const SHOP_ORDER_TABS = ['', 'unpaid', 'unshipped', 'shipped', 'completed'] as const;

/** Delivery is free from this goods total (fen, after promotions, before points): 99 yuan. */
export const FREE_FREIGHT_FROM_FEN = 9_900;
/** Delivery below FREE_FREIGHT_FROM_FEN: 10 yuan. */
export const FREIGHT_FEN = 1_000;

/** What one point is worth when it pays part of an order: 1 fen (100 points = 1 yuan). */
export const POINT_VALUE_FEN = 1;
/** Points pay at most this share of the goods total (never the freight), in percent. */
export const ORDER_POINTS_MAX_PERCENT = 100;

/** A shipped order completes on its own this many days after shipping, unless the buyer confirmed sooner. */
export const ORDER_AUTO_COMPLETE_DAYS = 10;

/** Addresses a person may keep. */
export const ADDRESS_BOOK_MAX = 20;
/** Orders per page of the order lists. */
export const ORDER_PAGE_SIZE = 10;
