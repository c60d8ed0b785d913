import { ApiError, ORDER_PAGE_SIZE, orderList, SHOP_ORDER_TABS, STATUS } from '@evcircle/contract/client';
import { ORDERS_MESSAGES, OrdersListView, OrdersPageFrame, stateFromSearch } from '~/features/orders/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/orders';

/** The tabs but 全部 (''): the states ?state= may name. */
const TAB_STATES = SHOP_ORDER_TABS.filter((tab) => tab !== '');

/** /orders?state=…: the viewer's orders, a tab at a time (a path of our own: 0021-shop-orders.md). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const state = stateFromSearch(new URL(request.url).search, TAB_STATES);
  try {
    const page = await serverApi(context).call(orderList, { state, page: 1, size: ORDER_PAGE_SIZE });
    return { state: 'ok' as const, tab: state, items: page.items, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: ORDERS_MESSAGES.ordersPageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <OrdersPageFrame title={ORDERS_MESSAGES.ordersTitle} isGuest={loaderData.state === 'guest'}>
      {loaderData.state === 'ok' ? (
        <OrdersListView state={loaderData.tab} firstPage={loaderData.items} imageBase={loaderData.imageBase} />
      ) : null}
    </OrdersPageFrame>
  );
}
