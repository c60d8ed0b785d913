import { CART_MAX_PER_LINE } from '@evcircle/contract/client';

/** What the header badge shows: nothing for no count or zero, at most "99+". */
export function badgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The most a line's stepper may ask for: its stock, at most CART_MAX_PER_LINE, never below 1. */
export function lineMax(stock: number): number {
  return Math.max(1, Math.min(stock, CART_MAX_PER_LINE));
}
