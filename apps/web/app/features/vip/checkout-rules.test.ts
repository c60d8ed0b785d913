import { VIP_PLAN_FALLBACK } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  defaultPlan,
  formatDay,
  formatPrice,
  isFinalOrderState,
  orderFromSearch,
  plansOrFallback,
} from './checkout-rules.ts';

describe('polling an order', () => {
  it('waits while the order is created, and stops on paid, failed, expired and refunded', () => {
    expect(isFinalOrderState('created')).toBe(false);
    for (const state of ['paid', 'failed', 'expired', 'refunded'] as const) {
      expect(isFinalOrderState(state), state).toBe(true);
    }
  });
});

describe('what the page writes', () => {
  it('dates a membership on the Beijing calendar', () => {
    // 16:30 UTC is 00:30 the next day in Beijing.
    expect(formatDay('2025-05-31T16:30:00Z')).toBe('2025-06-01');
    expect(formatDay('nonsense')).toBe('');
  });

  it('writes prices without zero cents', () => {
    expect(formatPrice(39.9)).toBe('39.9');
    expect(formatPrice(399)).toBe('399');
  });
});

describe('the plans', () => {
  it('offers SPEC.md §9 fallback when the call failed or answered none, the most popular chosen first', () => {
    expect(plansOrFallback(null)).toEqual({ plans: VIP_PLAN_FALLBACK, isFallback: true });
    expect(plansOrFallback([])).toEqual({ plans: VIP_PLAN_FALLBACK, isFallback: true });
    const served = [{ ...VIP_PLAN_FALLBACK[0], price: 29.9 }] as typeof VIP_PLAN_FALLBACK;
    expect(plansOrFallback(served)).toEqual({ plans: served, isFallback: false });
    expect(defaultPlan(VIP_PLAN_FALLBACK)?.type).toBe('yearly');
    expect(defaultPlan(served)?.type).toBe('monthly');
  });
});

describe('the return from a provider page', () => {
  it('reads ?order= only when it looks like an order number', () => {
    expect(orderFromSearch('?order=V2025030112345')).toBe('V2025030112345');
    expect(orderFromSearch('?order=')).toBeNull();
    expect(orderFromSearch('')).toBeNull();
    expect(orderFromSearch('?order=%3Cscript%3E')).toBeNull();
  });
});
