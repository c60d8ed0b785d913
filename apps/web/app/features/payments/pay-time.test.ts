import { describe, expect, it } from 'vitest';
import { formatAmount, formatCountdown, secondsUntil } from './pay-time.ts';

describe('the time left', () => {
  const now = Date.parse('2025-03-01T10:00:00Z');

  it('counts whole seconds up, and 0 once passed or unreadable', () => {
    expect(secondsUntil('2025-03-01T10:30:00Z', now)).toBe(1800);
    expect(secondsUntil('2025-03-01T10:00:00.200Z', now)).toBe(1);
    expect(secondsUntil('2025-03-01T09:59:00Z', now)).toBe(0);
    expect(secondsUntil('', now)).toBe(0);
  });

  it('reads like a clock: mm:ss, with hours from an hour up', () => {
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('the amount', () => {
  it('is written with cents, as a cashier does', () => {
    expect(formatAmount(39.9)).toBe('¥39.90');
    expect(formatAmount(999)).toBe('¥999.00');
    expect(formatAmount(0.1)).toBe('¥0.10');
  });
});
