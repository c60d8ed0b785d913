import { type EndpointData, VIP_HISTORY_PAGE_SIZE, vipOrderHistory } from '@evcircle/contract/client';
import { formatAmount } from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { VIP_MESSAGES } from './messages.ts';

export type VipOrder = EndpointData<typeof vipOrderHistory>['items'][number];

const STATE_TONES: Record<VipOrder['state'], string> = {
  created: 'text-amber-600 dark:text-amber-300',
  paid: 'text-emerald-600 dark:text-emerald-400',
  failed: 'text-red-600 dark:text-red-400',
  expired: 'text-gray-500 dark:text-gray-400',
  refunded: 'text-gray-500 dark:text-gray-400',
};

/**
 * 订单记录: the viewer's orders, newest first, VIP_HISTORY_PAGE_SIZE a page behind 加载更多.
 * `firstPage` is the server-rendered page 1 (a new one after a payment starts the list over).
 */
export function OrderHistory({ firstPage }: { firstPage: VipOrder[] | null }) {
  const api = useApi();
  const { items, status, loadMore } = usePagedList<VipOrder>({
    firstPage,
    isEager: true,
    size: VIP_HISTORY_PAGE_SIZE,
    fetchPage: async (page) => (await api.call(vipOrderHistory, { page, size: VIP_HISTORY_PAGE_SIZE })).items,
    keyOf: (order) => order.order_id,
  });

  return (
    <section aria-labelledby="vip-history" data-testid="vip-history">
      <h2 id="vip-history" className="mb-3 px-1 text-base font-semibold">
        {VIP_MESSAGES.historyTitle}
      </h2>
      <div className="rounded-2xl bg-white px-4 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10">
        {items.length === 0 && status === 'done' ? (
          <p className="py-8 text-center text-sm text-gray-500 dark:text-gray-400">{VIP_MESSAGES.historyEmpty}</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {items.map((order) => (
              <li
                key={order.order_id}
                data-testid="vip-order-row"
                data-order={order.order_id}
                className="flex items-center justify-between gap-3 py-3"
              >
                <span className="min-w-0">
                  <span className="flex items-center gap-2 text-sm font-medium">
                    {order.plan_name}
                    {order.renewal ? (
                      <span className="rounded-full bg-gray-100 px-1.5 py-0.5 text-[11px] font-normal text-gray-600 dark:bg-gray-800 dark:text-gray-300">
                        {VIP_MESSAGES.historyRenewal}
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-0.5 block text-xs text-gray-500 tabular-nums dark:text-gray-400">
                    {formatDateTime(order.created_at)}
                  </span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block text-sm font-semibold tabular-nums">{formatAmount(order.amount)}</span>
                  <span data-testid="vip-order-state" className={cn('block text-xs', STATE_TONES[order.state])}>
                    {order.state_text}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {status === 'idle' || status === 'error' || status === 'loading' ? (
          <div className="flex flex-col items-center gap-2 border-t border-gray-100 py-2 dark:border-gray-800">
            {status === 'error' ? (
              <span role="alert" className="text-xs text-red-600 dark:text-red-400">
                {VIP_MESSAGES.loadFailed}
              </span>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              disabled={status === 'loading'}
              onClick={() => void loadMore()}
              data-testid="vip-history-more"
            >
              {status === 'error' ? VIP_MESSAGES.retry : VIP_MESSAGES.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
