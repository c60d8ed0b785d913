import { formatMessage, type VipPlan, type VipPlanType } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { formatPrice } from './checkout-rules.ts';
import { VIP_MESSAGES } from './messages.ts';

type PlanPickerProps = {
  plans: readonly VipPlan[];
  selected: VipPlanType | null;
  onSelect: (plan: VipPlanType) => void;
};

/** The plans as a radio group of cards, the most popular marked 最受欢迎. */
export function PlanPicker({ plans, selected, onSelect }: PlanPickerProps) {
  return (
    <div role="radiogroup" aria-label={VIP_MESSAGES.plansTitle} className="grid grid-cols-3 gap-2 md:gap-4">
      {plans.map((plan) => {
        const isSelected = plan.type === selected;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card with a price layout, not a bare radio input
          <button
            key={plan.type}
            type="button"
            role="radio"
            aria-checked={isSelected}
            onClick={() => onSelect(plan.type)}
            data-testid={`vip-plan-${plan.type}`}
            className={cn(
              'relative flex flex-col items-center rounded-2xl px-2 pt-6 pb-4 text-center transition-colors md:px-4 md:pt-8 md:pb-6',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
              isSelected
                ? 'bg-amber-50 ring-2 ring-amber-500 dark:bg-amber-950/40'
                : 'bg-white ring-1 ring-gray-200 hover:ring-amber-300 dark:bg-gray-900 dark:ring-gray-700 dark:hover:ring-amber-700',
            )}
          >
            {plan.most_popular ? (
              <span
                data-testid="vip-most-popular"
                className="absolute -top-2.5 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-amber-500 to-orange-500 px-2 py-0.5 text-[11px] font-bold whitespace-nowrap text-white shadow-sm"
              >
                {VIP_MESSAGES.mostPopular}
              </span>
            ) : null}
            <span className="text-sm font-medium md:text-base">{plan.name}</span>
            <span className="mt-2 flex items-baseline text-amber-600 dark:text-amber-300">
              <span className="text-sm font-semibold">¥</span>
              <span className="text-2xl font-bold tabular-nums md:text-3xl">{formatPrice(plan.price)}</span>
              <span className="text-xs text-gray-500 dark:text-gray-400">
                {formatMessage(VIP_MESSAGES.perUnit, { unit: plan.unit })}
              </span>
            </span>
            {plan.original_price > plan.price ? (
              <span className="mt-1 text-xs text-gray-400 line-through dark:text-gray-500">
                {formatMessage(VIP_MESSAGES.originalPrice, { price: formatPrice(plan.original_price) })}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
