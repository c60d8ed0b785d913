import { scheduleEvery } from '../../platform/schedule.ts';
import type { PaymentsDeps } from '../payments/index.ts';
import { expireOrders } from './vip.service.ts';
import { runRenewals } from './vip-renewals.ts';

/** How often every process expires unpaid orders and looks for memberships to renew. */
export const VIP_JOBS_INTERVAL_MS = 5 * 60_000;

export function scheduleVipJobs(deps: PaymentsDeps): { stop: () => void } {
  return scheduleEvery(
    VIP_JOBS_INTERVAL_MS,
    async () => {
      await expireOrders(deps);
      await runRenewals(deps);
    },
    deps.log,
    'vip',
  );
}
