import { CART_MAX_PER_LINE } from '@evcircle/contract/client';
import { fenToYuan, yuanToFen } from '~/lib/money.ts';

/** What the header badge shows: nothing for no count or zero, at most "99+". */
export function badgeText(count: number | null): string | null {
  if (count === null || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The most a line's stepper may ask for: its stock, at most CART_MAX_PER_LINE, never below 1. */
export function lineMax(stock: number): number {
  return Math.max(1, Math.min(stock, CART_MAX_PER_LINE));
}

/**
 * The lines 去结算 takes: every line that can be bought now, but those the buyer unticked,
 * and their total (yuan text, summed in fen). Lines added later start ticked.
 */
export function chosenLines<L extends { cid: number; amount: string }>(
  buyable: readonly L[],
  unticked: ReadonlySet<number>,
): { lines: L[]; total: string } {
  const lines = buyable.filter((line) => !unticked.has(line.cid));
  return { lines, total: fenToYuan(lines.reduce((sum, line) => sum + yuanToFen(line.amount), 0)) };
}
