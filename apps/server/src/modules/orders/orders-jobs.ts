import { scheduleEvery } from '../../platform/schedule.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { completeShippedOrders, expireOrders } from './order-life.service.ts';

/**
 * How often every process cancels lapsed unpaid orders (their stock back on the shelf
 * within a minute) and completes orders shipped long enough ago.
 */
export const ORDER_JOBS_INTERVAL_MS = 60_000;

/** Every process may run it: each order changes under its row lock, or in one guarded update. */
export function scheduleOrderJobs(deps: PaymentsDeps): { stop: () => void } {
  return scheduleEvery(
    ORDER_JOBS_INTERVAL_MS,
    async () => {
      await expireOrders(deps);
      await completeShippedOrders(deps.db);
    },
    deps.log,
    'orders',
  );
}
