import {
  ApiError,
  CART_MAX_LINES,
  FREE_FREIGHT_FROM_FEN,
  POINT_VALUE_FEN,
  type ShopOrder,
  type ShopOrderState,
  STATUS,
} from '@evcircle/contract/client';

// What checkout and the order pages compute and show, apart from React so it is tested
// alone. Every amount the buyer pays comes from the server (preview, the order); these
// only read it.

import { fenToYuan, yuanToFen } from '~/lib/money.ts';

/** What `points` take off an order (POINT_VALUE_FEN each), as yuan text. */
export function pointsValue(points: number): string {
  return fenToYuan(points * POINT_VALUE_FEN);
}

/** The cart lines of /checkout?cids=1,2: distinct positive ids, at most CART_MAX_LINES; null when there are none or one is malformed. */
export function cidsFromSearch(search: string): number[] | null {
  const text = new URLSearchParams(search).get('cids')?.trim() ?? '';
  if (!/^\d{1,15}(,\d{1,15})*$/.test(text)) return null;
  const ids = [...new Set(text.split(',').map(Number))].filter((id) => id > 0);
  return ids.length > 0 && ids.length <= CART_MAX_LINES ? ids : null;
}

type Money = Pick<ShopOrder, 'goods_total' | 'freight' | 'points_deduction' | 'payable'>;

export type SummaryRow = {
  key: 'goods' | 'freight' | 'points';
  /** '¥199.00', '免运费', '-¥5.00'. */
  value: string;
  isFree?: boolean;
};

/**
 * The lines of an order's money above 实付款: goods, freight (免运费 at 0) and, when points
 * paid part, their deduction as a minus.
 */
export function summaryRows(money: Money, freeText: string): SummaryRow[] {
  const rows: SummaryRow[] = [{ key: 'goods', value: `¥${money.goods_total}` }];
  const isFree = yuanToFen(money.freight) === 0;
  rows.push({ key: 'freight', value: isFree ? freeText : `¥${money.freight}`, isFree });
  if (yuanToFen(money.points_deduction) > 0) rows.push({ key: 'points', value: `-¥${money.points_deduction}` });
  return rows;
}

/** How much more of goods makes delivery free (yuan text), or null when it is free already. */
export function freeFreightGap(goodsTotal: string): string | null {
  const gap = FREE_FREIGHT_FROM_FEN - yuanToFen(goodsTotal);
  return gap > 0 ? fenToYuan(gap) : null;
}

export type OrderActions = { canPay: boolean; canCancel: boolean; canConfirm: boolean };

/**
 * What the buyer may do with an order now: pay or cancel an unpaid one still inside its
 * pay window, confirm receipt of a shipped one.
 */
export function orderActions(order: Pick<ShopOrder, 'state' | 'expires_at'>, now: number): OrderActions {
  const isPayable = order.state === 'unpaid' && Date.parse(order.expires_at) > now;
  return { canPay: isPayable, canCancel: isPayable, canConfirm: order.state === 'shipped' };
}

/** An order a poll should keep asking about: unpaid, inside its window (payment may still land). */
export function isAwaitingPayment(order: Pick<ShopOrder, 'state' | 'expires_at'>, now: number): boolean {
  return order.state === 'unpaid' && Date.parse(order.expires_at) > now;
}

/** The state a list is filtered by, from ?state= ('' = 全部; anything unknown reads as 全部). */
export function stateFromSearch<T extends string>(search: string, states: readonly T[]): T | '' {
  const state = new URLSearchParams(search).get('state') ?? '';
  return (states as readonly string[]).includes(state) ? (state as T) : '';
}

/** The colours of a state's badge. */
export function stateTone(state: ShopOrderState): 'amber' | 'blue' | 'green' | 'gray' {
  if (state === 'unpaid') return 'amber';
  if (state === 'unshipped' || state === 'shipped') return 'blue';
  if (state === 'completed') return 'green';
  return 'gray';
}

const VALIDATION_PREFIX = '参数错误：';

/**
 * What a form tells of a refusal: the server's message; for a validation failure
 * ("参数错误：tracking_no 快递单号须为…") only the rules, without the prefix and the field
 * names the form already shows by its labels. `fallback` for anything not an answer.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status !== STATUS.VALIDATION_FAILED || !error.message.startsWith(VALIDATION_PREFIX)) return error.message;
  return error.message
    .slice(VALIDATION_PREFIX.length)
    .split('；')
    .map((part) => part.replace(/^[A-Za-z_][\w.]* /, ''))
    .join('；');
}
