import { type EndpointData, formatMessage, type VipPlan, type vipStatus } from '@evcircle/contract/client';
import { Crown } from 'lucide-react';
import { useLoginModal } from '~/features/auth/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { VipBadge } from '~/ui/vip-badge.tsx';
import { formatDay } from './checkout-rules.ts';
import { VIP_MESSAGES } from './messages.ts';

/** The auto-renew switch loads for members alone (most visitors of the page are not). */
const AutoRenewRow = lazyComponent(() => import('./auto-renew-row.tsx').then((module) => module.AutoRenewRow));

export type VipStatus = EndpointData<typeof vipStatus>;

/** The viewer's membership as the page knows it: logged out, unknown (the call failed), or the status. */
export type ViewerMembership = { state: 'guest' } | { state: 'failed' } | { state: 'ok'; status: VipStatus };

/** The page's head: who the viewer is to the club (or a 登录 button), and the auto-renew switch. */
export function StatusCard({ membership, plans }: { membership: ViewerMembership; plans: readonly VipPlan[] }) {
  return (
    <section
      data-testid="vip-status"
      className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-gray-900 via-gray-800 to-amber-900 p-5 text-white shadow-sm md:p-7 dark:from-gray-900 dark:via-gray-900 dark:to-amber-950 dark:ring-1 dark:ring-white/10"
    >
      <Crown aria-hidden="true" className="absolute -right-6 -bottom-8 size-40 text-amber-300/10" />
      <div className="relative">
        <h1 className="flex items-center gap-2 text-xl font-bold text-amber-200 md:text-2xl">
          <Crown aria-hidden="true" className="size-6" />
          {VIP_MESSAGES.heading}
        </h1>
        <div className="mt-4">
          <StatusLine membership={membership} plans={plans} />
        </div>
      </div>
    </section>
  );
}

function StatusLine({ membership, plans }: { membership: ViewerMembership; plans: readonly VipPlan[] }) {
  const { open } = useLoginModal();
  if (membership.state === 'guest') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{VIP_MESSAGES.guestTitle}</p>
          <p className="mt-1 text-sm text-white/70">{VIP_MESSAGES.guestHint}</p>
        </div>
        <Button
          className="bg-amber-400 text-gray-900 hover:bg-amber-300"
          onClick={() => open()}
          data-testid="vip-login"
        >
          {VIP_MESSAGES.login}
        </Button>
      </div>
    );
  }
  if (membership.state === 'failed') {
    return <p className="text-sm text-white/80">{VIP_MESSAGES.statusFailed}</p>;
  }
  const { status } = membership;
  if (status.is_vip !== 1) {
    return (
      <div data-testid="vip-status-none">
        <p className="font-medium">{VIP_MESSAGES.notMember}</p>
        <p className="mt-1 text-sm text-white/70">{VIP_MESSAGES.notMemberHint}</p>
      </div>
    );
  }
  const planName = plans.find((plan) => plan.type === status.plan_type)?.name;
  return (
    <div data-testid="vip-status-member" className="space-y-3">
      <p className="flex flex-wrap items-center gap-2">
        <VipBadge />
        {planName ? <span className="font-medium">{planName}</span> : null}
      </p>
      <p data-testid="vip-expiry" className="text-sm text-white/80">
        {status.lifetime
          ? VIP_MESSAGES.lifetime
          : `${formatMessage(VIP_MESSAGES.memberUntil, { date: formatDay(status.expires_at) })} · ${formatMessage(
              VIP_MESSAGES.daysLeft,
              { days: status.days_left },
            )}`}
      </p>
      {status.auto_renew_available || status.auto_renew ? <AutoRenewRow initial={status.auto_renew} /> : null}
    </div>
  );
}
