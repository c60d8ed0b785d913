import { scheduleEvery } from '../../platform/schedule.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { processRefunds, reconcile } from './payments.service.ts';

/** How often every process reconciles open attempts and returns money flagged for refund. */
export const PAYMENT_JOBS_INTERVAL_MS = 60_000;

/**
 * Runs reconciliation and refunds every PAYMENT_JOBS_INTERVAL_MS until stopped; a run that
 * fails is logged and the next one tries again. Every process may run it: each attempt is
 * settled under its row lock and each refund is claimed by its state.
 */
export function schedulePaymentJobs(deps: PaymentsDeps): { stop: () => void } {
  return scheduleEvery(
    PAYMENT_JOBS_INTERVAL_MS,
    async () => {
      await reconcile(deps);
      await processRefunds(deps);
    },
    deps.log,
    'payments',
  );
}
