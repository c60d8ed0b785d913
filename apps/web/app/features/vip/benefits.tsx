import { formatMessage, VIP_POINTS_PER_YUAN } from '@evcircle/contract/client';
import { BadgeCheck, Coins } from 'lucide-react';
import { VIP_MESSAGES } from './messages.ts';

// Only what a membership gives today: the badge and the points (docs/decisions/0020-vip.md).
// VIP-only features join this list when they exist, not before.
const BENEFITS = [
  { icon: BadgeCheck, title: VIP_MESSAGES.benefitBadge, hint: VIP_MESSAGES.benefitBadgeHint },
  {
    icon: Coins,
    title: VIP_MESSAGES.benefitPoints,
    hint: formatMessage(VIP_MESSAGES.benefitPointsHint, { points: VIP_POINTS_PER_YUAN }),
  },
] as const;

/** 会员权益. */
export function Benefits() {
  return (
    <section aria-labelledby="vip-benefits" data-testid="vip-benefits">
      <h2 id="vip-benefits" className="mb-3 px-1 text-base font-semibold">
        {VIP_MESSAGES.benefitsTitle}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {BENEFITS.map(({ icon: Icon, title, hint }) => (
          <li
            key={title}
            className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 dark:bg-amber-950">
              <Icon aria-hidden="true" className="size-5 text-amber-600 dark:text-amber-300" />
            </span>
            <span>
              <span className="block text-sm font-medium">{title}</span>
              <span className="mt-0.5 block text-xs text-gray-500 dark:text-gray-400">{hint}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
