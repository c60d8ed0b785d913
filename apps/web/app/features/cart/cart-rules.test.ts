import { CART_MAX_PER_LINE } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { unavailableLabel } from './cart-line.tsx';
import { badgeText, chosenLines, lineMax } from './cart-rules.ts';

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

describe('chosenLines', () => {
  const lines = [
    { cid: 1, amount: '199.00' },
    { cid: 2, amount: '0.10' },
    { cid: 3, amount: '59.90' },
  ];

  it('takes every buyable line but the unticked ones, and sums them in fen', () => {
    expect(chosenLines(lines, new Set())).toEqual({ lines, total: '259.00' });
    expect(chosenLines(lines, new Set([1]))).toEqual({ lines: [lines[1], lines[2]], total: '60.00' });
    expect(chosenLines(lines, new Set([1, 2, 3]))).toEqual({ lines: [], total: '0.00' });
  });
});
