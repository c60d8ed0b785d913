import { ApiError, ORDER_PAGE_SIZE, orderList, SHOP_ORDER_TABS, STATUS } from '@evcircle/contract/client';
import { ClipboardList } from 'lucide-react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { ORDERS_MESSAGES, OrdersListView, stateFromSearch } from '~/features/orders/index.ts';
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
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8 md:pb-10">
      <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{ORDERS_MESSAGES.ordersTitle}</h1>
      {loaderData.state === 'guest' ? (
        <LoginPrompt
          icon={ClipboardList}
          title={ORDERS_MESSAGES.ordersGuestTitle}
          hint={ORDERS_MESSAGES.ordersGuestHint}
          testId="orders-guest"
        />
      ) : (
        <OrdersListView state={loaderData.tab} firstPage={loaderData.items} imageBase={loaderData.imageBase} />
      )}
    </div>
  );
}
