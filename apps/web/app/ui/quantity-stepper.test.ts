import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity-stepper.tsx';

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
