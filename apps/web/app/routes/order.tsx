import { ApiError, orderInfo, payMethods, STATUS } from '@evcircle/contract/client';
import { PackageX } from 'lucide-react';
import { data } from 'react-router';
import { GeneralErrorBoundary, ResourceNotFound } from '~/features/errors/index.ts';
import { ORDERS_MESSAGES, OrderDetailView, OrdersPageFrame } from '~/features/orders/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/order';

/**
 * /orders/{id}: one of the viewer's orders, and where a provider's page returns after
 * paying (the order polls itself while unpaid). Another person's order, or none, is the
 * 404 page with HTTP 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = serverApi(context);
  if (!/^[0-9A-Za-z_-]{1,40}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    const [order, methods] = await Promise.all([
      api.call(orderInfo, { order_id: params.id }),
      api.call(payMethods, {}).catch((error: unknown) => {
        console.error('[order] pay methods failed', error);
        return [];
      }),
    ]);
    return { state: 'ok' as const, order, methods, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: ORDERS_MESSAGES.orderPageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return (
    <OrdersPageFrame title={ORDERS_MESSAGES.orderTitle} isGuest={loaderData.state === 'guest'}>
      {loaderData.state === 'ok' ? (
        <OrderDetailView initial={loaderData.order} methods={loaderData.methods} imageBase={loaderData.imageBase} />
      ) : null}
    </OrdersPageFrame>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ResourceNotFound
            icon={PackageX}
            title={ORDERS_MESSAGES.notFoundTitle}
            hint={ORDERS_MESSAGES.notFoundHint}
            testId="order-not-found"
          />
        ),
      }}
    />
  );
}
