import { FREE_FREIGHT_FROM_FEN, FREIGHT_FEN, ORDER_POINTS_MAX_PERCENT, POINT_VALUE_FEN } from '@evcircle/contract';

// The money of an order (0021-shop-orders.md), in fen: goods at today's prices, freight by
// the goods total, points taking off at most their cap of the goods (never the freight).

export { yuanOf } from '../shop/index.ts';

/** Free from FREE_FREIGHT_FROM_FEN of goods, else FREIGHT_FEN. */
export function freightOf(goodsFen: number): number {
  return goodsFen >= FREE_FREIGHT_FROM_FEN ? 0 : FREIGHT_FEN;
}

/** The most points an order of `goodsFen` may take, whatever the balance. */
export function pointsLimitOf(goodsFen: number): number {
  return Math.floor((goodsFen * ORDER_POINTS_MAX_PERCENT) / 100 / POINT_VALUE_FEN);
}

export type OrderMoney = {
  goodsFen: number;
  freightFen: number;
  pointsUsed: number;
  pointsFen: number;
  payableFen: number;
};

/** The order's money for lines of (price, number) and `pointsUsed` points (already checked against the limit). */
export function orderMoney(lines: readonly { price: number; number: number }[], pointsUsed: number): OrderMoney {
  const goodsFen = lines.reduce((sum, line) => sum + line.price * line.number, 0);
  const freightFen = freightOf(goodsFen);
  const pointsFen = pointsUsed * POINT_VALUE_FEN;
  return { goodsFen, freightFen, pointsUsed, pointsFen, payableFen: goodsFen + freightFen - pointsFen };
}
