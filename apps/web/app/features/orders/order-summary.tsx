import type { ShopOrder } from '@evcircle/contract/client';
import { cn } from '~/ui/cn.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { summaryRows } from './order-rules.ts';

type Money = Pick<ShopOrder, 'goods_total' | 'freight' | 'points_deduction' | 'payable'>;

const LABELS = {
  goods: ORDERS_MESSAGES.goodsTotal,
  freight: ORDERS_MESSAGES.freight,
  points: ORDERS_MESSAGES.pointsDeduction,
} as const;

/** An order's money: goods, freight, the points' deduction, then 实付款 (checkout shows its own bar instead). */
export function OrderSummary({ money, showPayable = true }: { money: Money; showPayable?: boolean }) {
  return (
    <dl className="space-y-1.5 text-sm" data-testid="order-summary">
      {summaryRows(money, ORDERS_MESSAGES.freeFreight).map((row) => (
        <div key={row.key} className="flex justify-between">
          <dt className="text-gray-600 dark:text-gray-300">{LABELS[row.key]}</dt>
          <dd
            data-testid={`order-summary-${row.key}`}
            className={cn(
              'tabular-nums',
              row.key === 'points' && 'text-red-600 dark:text-red-400',
              row.isFree && 'text-emerald-600 dark:text-emerald-400',
            )}
          >
            {row.value}
          </dd>
        </div>
      ))}
      {showPayable ? (
        <div className="flex justify-between border-t border-gray-100 pt-2 dark:border-gray-800">
          <dt className="font-medium">{ORDERS_MESSAGES.payable}</dt>
          <dd
            data-testid="order-summary-payable"
            className="text-base font-bold text-red-600 tabular-nums dark:text-red-400"
          >
            ¥{money.payable}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
