import { CART_MAX_PER_LINE } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { unavailableLabel } from './cart-line.tsx';
import { badgeText, lineMax } from './cart-rules.ts';

describe('badgeText', () => {
  it('shows nothing for a visitor or an empty cart', () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(0)).toBeNull();
  });
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(4321)).toBe('99+');
  });
});

describe('lineMax', () => {
  it('is the stock, at most the per-line limit, never below 1', () => {
    expect(lineMax(5)).toBe(5);
    expect(lineMax(10_000)).toBe(CART_MAX_PER_LINE);
    expect(lineMax(0)).toBe(1);
  });
});

describe('unavailableLabel', () => {
  it('tells sold out from off sale, and nothing for a line that can be bought', () => {
    expect(unavailableLabel({ available: true, stock: 3 })).toBeNull();
    expect(unavailableLabel({ available: false, stock: 0 })).toBe('已售罄');
    expect(unavailableLabel({ available: false, stock: 7 })).toBe('已下架');
  });
});
