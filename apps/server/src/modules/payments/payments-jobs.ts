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
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await reconcile(deps);
      await processRefunds(deps);
    } catch (err) {
      deps.log.error({ err }, 'payments: scheduled run failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), PAYMENT_JOBS_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
