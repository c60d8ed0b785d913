import { ORDER_FINAL_STATES, type OrderState, VIP_PLAN_FALLBACK, type VipPlan } from '@evcircle/contract/client';
import { chinaTimeParts } from '~/lib/china-time.ts';

// The VIP checkout's rules, apart from React so they are tested alone: when an order's
// state is final, how dates and prices read (how to pay: features/payments/pay-rules.ts).

/**
 * An order's state no poll waits past: it never changes (a refund aside, which no
 * checkout waits for). The server reads an unpaid order past its window as expired at
 * once, so an open checkout always ends.
 */
export function isFinalOrderState(state: OrderState): boolean {
  return ORDER_FINAL_STATES.includes(state);
}

/** A Beijing calendar day, 2025-06-01: when a membership ends. '' for a time that does not parse. */
export function formatDay(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = chinaTimeParts(time);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A plan's price as the plan cards show it: 39.9, 399 (no zero cents). */
export function formatPrice(yuan: number): string {
  return String(Math.round(yuan * 100) / 100);
}

/** The plans to offer: the server's, or SPEC.md §9's fallback when the call failed or answered none. */
export function plansOrFallback(plans: readonly VipPlan[] | null): { plans: readonly VipPlan[]; isFallback: boolean } {
  if (plans && plans.length > 0) return { plans, isFallback: false };
  return { plans: VIP_PLAN_FALLBACK, isFallback: true };
}

/** The plan chosen first: the most popular one, else the first. */
export function defaultPlan(plans: readonly VipPlan[]): VipPlan | undefined {
  return plans.find((plan) => plan.most_popular) ?? plans[0];
}

/** The order number of a return from a provider's page (?order=…), or null when absent or malformed. */
export function orderFromSearch(search: string): string | null {
  const order = new URLSearchParams(search).get('order')?.trim() ?? '';
  return /^[0-9A-Za-z_-]{1,40}$/.test(order) ? order : null;
}
