import {
  type AdminShopOrder,
  adminOrderList,
  formatMessage,
  ORDER_PAGE_SIZE,
  SHOP_ORDER_STATE_NAMES,
  SHOP_ORDER_STATES,
  type ShopOrderState,
} from '@evcircle/contract/client';
import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { fieldClass } from './field-class.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { OrderStateBadge } from './order-state-badge.tsx';

type AdminOrdersListProps = {
  state: ShopOrderState | '';
  word: string;
  firstPage: AdminShopOrder[];
  total: number;
};

/** /admin/orders: every order, newest first, filtered by state and searched; a row opens its detail. */
export function AdminOrdersList({ state, word, firstPage, total }: AdminOrdersListProps) {
  const api = useApi();
  const list = usePagedList({
    firstPage,
    size: ORDER_PAGE_SIZE,
    fetchPage: async (page) => (await api.call(adminOrderList, { state, word, page, size: ORDER_PAGE_SIZE })).items,
    keyOf: (order) => order.order_id,
    resetKey: `${state}|${word}`,
  });
  return (
    <>
      <Form method="get" className="mb-3 flex flex-wrap items-center gap-2" data-testid="admin-orders-filter">
        <select
          name="state"
          defaultValue={state}
          aria-label={ORDERS_MESSAGES.allStates}
          data-testid="admin-orders-state"
          className={cn(fieldClass, 'w-32 shrink-0 px-2')}
          key={`state-${state}`}
        >
          <option value="">{ORDERS_MESSAGES.allStates}</option>
          {SHOP_ORDER_STATES.map((value) => (
            <option key={value} value={value}>
              {SHOP_ORDER_STATE_NAMES[value]}
            </option>
          ))}
        </select>
        <input
          type="search"
          name="word"
          defaultValue={word}
          key={`word-${word}`}
          maxLength={60}
          placeholder={ORDERS_MESSAGES.searchPlaceholder}
          aria-label={ORDERS_MESSAGES.search}
          data-testid="admin-orders-word"
          className={cn(fieldClass, 'w-auto min-w-0 flex-1 basis-48')}
        />
        <Button type="submit" variant="outline" data-testid="admin-orders-search">
          <Search aria-hidden="true" className="size-4" />
          {ORDERS_MESSAGES.search}
        </Button>
      </Form>
      <p className="mb-2 px-1 text-xs text-gray-500 dark:text-gray-400" data-testid="admin-orders-total">
        {formatMessage(ORDERS_MESSAGES.adminTotal, { total })}
      </p>
      {list.items.length === 0 ? (
        <p data-testid="admin-orders-empty" className="py-12 text-center text-sm text-gray-500 dark:text-gray-400">
          {ORDERS_MESSAGES.empty}
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
          {list.items.map((order) => (
            <li key={order.order_id}>
              <Link
                to={`/admin/orders?order=${encodeURIComponent(order.order_id)}`}
                data-testid="admin-order-row"
                data-order={order.order_id}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 text-sm hover:bg-gray-50 md:grid-cols-[13rem_1fr_auto_auto_4.5rem] md:items-center dark:hover:bg-gray-800/60"
              >
                <span className="truncate font-medium tabular-nums">{order.order_id}</span>
                <OrderStateBadge
                  state={order.state}
                  text={order.state_text}
                  className="justify-self-end md:order-last"
                />
                <span className="col-span-2 truncate text-gray-600 md:col-span-1 dark:text-gray-300">
                  {order.address.name} · {order.lines.map((line) => line.title).join('、')}
                </span>
                <span className="text-xs text-gray-500 md:text-sm dark:text-gray-400">
                  {formatDateTime(order.created_at)}
                </span>
                <span className="justify-self-end font-semibold tabular-nums">¥{order.payable}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.items.length > 0 ? (
        <ListFooter
          status={list.status}
          onLoadMore={list.loadMore}
          trigger="button"
          data-testid="admin-orders-more"
          messages={{ loadMore: ORDERS_MESSAGES.loadMore }}
        />
      ) : null}
    </>
  );
}
