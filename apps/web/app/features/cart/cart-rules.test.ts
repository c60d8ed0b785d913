import { CART_MAX_PER_LINE } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { unavailableLabel } from './cart-line.tsx';
import { badgeText, lineMax, parseQuantity } from './cart-rules.ts';

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

describe('parseQuantity', () => {
  it('takes whole numbers from 1, capped at max', () => {
    expect(parseQuantity('3', 99)).toBe(3);
    expect(parseQuantity(' 12 ', 99)).toBe(12);
    expect(parseQuantity('500', 99)).toBe(99);
  });
  it('refuses what is not a positive whole number', () => {
    expect(parseQuantity('', 99)).toBeNull();
    expect(parseQuantity('0', 99)).toBeNull();
    expect(parseQuantity('-2', 99)).toBeNull();
    expect(parseQuantity('1.5', 99)).toBeNull();
    expect(parseQuantity('abc', 99)).toBeNull();
  });
});

describe('unavailableLabel', () => {
  it('tells sold out from off sale, and nothing for a line that can be bought', () => {
    expect(unavailableLabel({ available: true, stock: 3 })).toBeNull();
    expect(unavailableLabel({ available: false, stock: 0 })).toBe('已售罄');
    expect(unavailableLabel({ available: false, stock: 7 })).toBe('已下架');
  });
});
