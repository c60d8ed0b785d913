import type { VipDeps } from './vip.service.ts';
import { expireOrders } from './vip.service.ts';
import { runRenewals } from './vip-renewals.ts';

/** How often every process expires unpaid orders and looks for memberships to renew. */
export const VIP_JOBS_INTERVAL_MS = 5 * 60_000;

export function scheduleVipJobs(deps: VipDeps): { stop: () => void } {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await expireOrders(deps);
      await runRenewals(deps);
    } catch (err) {
      deps.log.error({ err }, 'vip: scheduled run failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), VIP_JOBS_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
