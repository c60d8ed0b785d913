import type { ShopOrderState } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { stateTone } from './order-rules.ts';

const TONES = {
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  blue: 'bg-primary-100 text-primary-800 dark:bg-primary-950 dark:text-primary-200',
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  gray: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
} as const;

/** An order's state as a coloured badge (待付款 amber, 待发货 / 已发货 blue, 已完成 green, the rest grey). */
export function OrderStateBadge({
  state,
  text,
  className,
}: {
  state: ShopOrderState;
  text: string;
  className?: string;
}) {
  return (
    <span
      data-testid="order-state"
      className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', TONES[stateTone(state)], className)}
    >
      {text}
    </span>
  );
}
