import { discountPercent, formatMessage } from '@evcircle/contract/client';
import { formatCount } from '~/lib/format-count.ts';
import { SHOP_MESSAGES } from './messages.ts';

/**
 * The discount as Chinese shops write it: 75 → "7.5折", 80 → "8折"; null at 100 and above
 * (no market price, or not cheaper) and for nonsense values.
 */
export function discountLabel(discount: number): string | null {
  if (!Number.isFinite(discount) || discount <= 0 || discount >= 100) return null;
  const tenths = Math.round(discount) / 10;
  return formatMessage(SHOP_MESSAGES.discount, { n: Number.isInteger(tenths) ? tenths.toFixed(0) : tenths.toFixed(1) });
}

/** A price as the answers write it ("199.00"), shown without the zero cents: "199", "199.9", "0.5". */
export function priceText(yuan: string): string {
  if (!/^\d+\.\d{2}$/.test(yuan)) return yuan;
  return yuan.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

/** The market price worth striking through: set and above the price. */
export function struckMarketPrice(price: string, marketPrice: string): string | null {
  if (!marketPrice) return null;
  return Number(marketPrice) > Number(price) ? marketPrice : null;
}

/** 已售 1.2万 */
export function soldLabel(sales: number): string {
  return formatMessage(SHOP_MESSAGES.sold, { count: formatCount(Math.max(0, sales)) });
}

/**
 * What is left of a promotion, for its countdown: "2天 03:04:05", "03:04:05", or null
 * once it has ended (or the time is not one).
 */
export function promotionCountdown(endsAt: string, now: number): string | null {
  const end = Date.parse(endsAt);
  if (Number.isNaN(end) || end <= now) return null;
  const total = Math.floor((end - now) / 1000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${formatMessage(SHOP_MESSAGES.days, { n: days })}${clock}` : clock;
}

/** The discount of a SKU (its yuan strings; '' = no market price), by the contract's formula. */
export function discountOf(price: string, marketPrice: string): number {
  return discountPercent(Number(price), marketPrice ? Number(marketPrice) : null);
}
