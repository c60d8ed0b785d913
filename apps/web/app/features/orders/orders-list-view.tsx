import {
  formatMessage,
  ORDER_PAGE_SIZE,
  orderList,
  resolveMediaUrl,
  SHOP_ORDER_TABS,
  type ShopOrder,
  type ShopOrderState,
} from '@evcircle/contract/client';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Image } from '~/ui/image.tsx';
import { ListFooter } from '~/ui/list-footer.tsx';
import { ORDERS_MESSAGES } from './messages.ts';
import { OrderStateBadge } from './order-state-badge.tsx';

type OrdersListViewProps = {
  state: ShopOrderState | '';
  firstPage: ShopOrder[];
  imageBase: string;
};

/** /orders: the tabs (全部 / 待付款 / 待发货 / 已发货 / 已完成), ORDER_PAGE_SIZE a page, 加载更多. */
export function OrdersListView({ state, firstPage, imageBase }: OrdersListViewProps) {
  const api = useApi();
  const list = usePagedList({
    firstPage,
    size: ORDER_PAGE_SIZE,
    fetchPage: async (page) => (await api.call(orderList, { state, page, size: ORDER_PAGE_SIZE })).items,
    keyOf: (order) => order.order_id,
    resetKey: state,
  });
  return (
    <>
      <nav
        aria-label={ORDERS_MESSAGES.ordersTitle}
        className="-mx-3 mb-3 flex overflow-x-auto border-b border-gray-200 px-3 md:mx-0 md:px-0 dark:border-gray-800"
      >
        {SHOP_ORDER_TABS.map((tab) => (
          <Link
            key={tab || 'all'}
            to={tab ? `/orders?state=${tab}` : '/orders'}
            replace
            data-testid={`orders-tab-${tab || 'all'}`}
            aria-current={tab === state ? 'page' : undefined}
            className={cn(
              'shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap md:px-4',
              tab === state
                ? 'border-primary-600 font-semibold text-primary-700 dark:text-primary-400'
                : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white',
            )}
          >
            {ORDERS_MESSAGES.tabs[tab]}
          </Link>
        ))}
      </nav>
      {list.items.length === 0 && list.status === 'done' ? (
        <div data-testid="orders-empty" className="flex flex-col items-center py-16 text-center">
          <ClipboardList aria-hidden="true" className="size-12 text-gray-300 dark:text-gray-600" />
          <p className="mt-3 font-medium">{ORDERS_MESSAGES.empty}</p>
          <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{ORDERS_MESSAGES.emptyHint}</p>
          <Link to="/shop" className={buttonClass('outline', 'md', 'mt-6')}>
            {ORDERS_MESSAGES.goShop}
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.items.map((order) => (
            <li key={order.order_id}>
              <OrderCard order={order} imageBase={imageBase} />
            </li>
          ))}
        </ul>
      )}
      {list.items.length > 0 ? (
        <ListFooter
          status={list.status}
          onLoadMore={list.loadMore}
          trigger="button"
          data-testid="orders-more"
          messages={{ loadMore: ORDERS_MESSAGES.loadMore }}
        />
      ) : null}
    </>
  );
}

function OrderCard({ order, imageBase }: { order: ShopOrder; imageBase: string }) {
  const count = order.lines.reduce((sum, line) => sum + line.number, 0);
  const first = order.lines[0];
  return (
    <Link
      to={`/orders/${order.order_id}`}
      data-testid="order-card"
      data-order={order.order_id}
      className="block rounded-xl bg-white p-4 ring-1 ring-gray-200 hover:bg-gray-50 dark:bg-gray-900 dark:ring-gray-800 dark:hover:bg-gray-800/60"
    >
      <div className="flex items-center justify-between gap-3 text-xs text-gray-500 dark:text-gray-400">
        <span className="truncate">
          {ORDERS_MESSAGES.orderNo} {order.order_id}
        </span>
        <OrderStateBadge state={order.state} text={order.state_text} />
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div className="flex shrink-0 gap-2">
          {order.lines.slice(0, 3).map((line) => (
            <Image
              key={`${line.pid}:${line.sku_id}`}
              src={resolveMediaUrl(line.cover, imageBase)}
              width={64}
              height={64}
              alt=""
              className="size-14 rounded-lg md:size-16"
            />
          ))}
        </div>
        {order.lines.length === 1 && first ? (
          <p className="line-clamp-2 min-w-0 flex-1 text-sm">{first.title}</p>
        ) : (
          <span className="flex-1" />
        )}
      </div>
      <p className="mt-3 text-right text-sm text-gray-600 dark:text-gray-300">
        {formatMessage(ORDERS_MESSAGES.itemsCount, { count })}
        <span className="ml-2">{ORDERS_MESSAGES.payable}</span>
        <span
          className="ml-1 font-semibold text-gray-900 tabular-nums dark:text-white"
          data-testid="order-card-payable"
        >
          ¥{order.payable}
        </span>
      </p>
    </Link>
  );
}
