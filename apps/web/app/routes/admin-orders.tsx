import { adminOrderInfo, adminOrderList, ORDER_PAGE_SIZE, SHOP_ORDER_STATES } from '@evcircle/contract/client';
import { PackageX } from 'lucide-react';
import { AdminRefusal } from '~/features/auth/index.ts';
import { AdminOrderDetail, AdminOrdersList, ORDERS_MESSAGES, stateFromSearch } from '~/features/orders/index.ts';
import { adminDeniedOrMissing } from '~/lib/admin-page.ts';
import { serverApi } from '~/lib/api.ts';
import { RefusalNotice } from '~/ui/refusal-notice.tsx';
import type { Route } from './+types/admin-orders';

const ORDER_NO = /^[0-9A-Za-z_-]{1,40}$/;

/**
 * /admin/orders (admins only, as /admin/products): the list filtered by ?state= and
 * searched by ?word=, or with ?order=… one order with its ship form and 退款.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderNo = url.searchParams.get('order') ?? '';
  const state = stateFromSearch(url.search, SHOP_ORDER_STATES);
  const word = (url.searchParams.get('word') ?? '').trim().slice(0, 60);
  const api = serverApi(context);
  const imageBase = context.publicConfig.imageBase;
  try {
    if (ORDER_NO.test(orderNo)) {
      return {
        state: 'ok' as const,
        view: 'order' as const,
        order: await api.call(adminOrderInfo, { order_id: orderNo }),
        imageBase,
      };
    }
    const list = await api.call(adminOrderList, { state, word, page: 1, size: ORDER_PAGE_SIZE });
    return { state: 'ok' as const, view: 'list' as const, filter: state, word, list, imageBase };
  } catch (error) {
    // Logged out, not an admin and an unknown order are states of this page, not failures.
    const refused = adminDeniedOrMissing(error);
    if (refused) return refused;
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: ORDERS_MESSAGES.adminTitle },
  { name: 'robots', content: 'noindex' },
];

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-4 px-1 text-xl font-bold md:text-2xl">{ORDERS_MESSAGES.adminHeading}</h1>
      <AdminRefusal
        state={loaderData.state}
        messages={{
          guestTitle: ORDERS_MESSAGES.adminGuestTitle,
          guestHint: ORDERS_MESSAGES.adminGuestHint,
          forbiddenTitle: ORDERS_MESSAGES.adminForbiddenTitle,
          forbiddenHint: ORDERS_MESSAGES.adminForbiddenHint,
        }}
      />
      {loaderData.state === 'missing' ? (
        <RefusalNotice
          testId="admin-order-missing"
          icon={PackageX}
          title={loaderData.message}
          hint={ORDERS_MESSAGES.adminMissingHint}
          back={{ to: '/admin/orders', label: ORDERS_MESSAGES.adminBack }}
        />
      ) : null}
      {loaderData.state === 'ok' && loaderData.view === 'order' ? (
        <AdminOrderDetail key={loaderData.order.order_id} initial={loaderData.order} imageBase={loaderData.imageBase} />
      ) : null}
      {loaderData.state === 'ok' && loaderData.view === 'list' ? (
        <AdminOrdersList
          state={loaderData.filter}
          word={loaderData.word}
          firstPage={loaderData.list.items}
          total={loaderData.list.total}
        />
      ) : null}
    </div>
  );
}
