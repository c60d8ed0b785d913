import { ApiError, orderPreview, payMethods, STATUS } from '@evcircle/contract/client';
import { ShoppingCart, TriangleAlert } from 'lucide-react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { NonavFrame } from '~/features/layout/index.ts';
import { CheckoutView, cidsFromSearch, ORDERS_MESSAGES } from '~/features/orders/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import { RefusalNotice } from '~/ui/refusal-notice.tsx';
import type { Route } from './+types/checkout';

/** A page that stands alone (layout nonav): no site navigation between the cart and paying. */
export const handle: RouteHandle = { layout: 'nonav' };

/**
 * /checkout?cids=1,2 (a path of our own: docs/decisions/0021-shop-orders.md): the chosen
 * cart lines priced by the server, with the default address. A line gone or off sale, or
 * no lines at all, is a refusal of this page with a way back to the cart.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const cids = cidsFromSearch(new URL(request.url).search);
  const api = serverApi(context);
  if (cids === null) return { state: 'refused' as const, message: ORDERS_MESSAGES.checkoutNothingChosen };
  try {
    const [preview, methods] = await Promise.all([
      api.call(orderPreview, { cids, use_points: 0 }),
      api.call(payMethods, {}).catch((error: unknown) => {
        console.error('[checkout] pay methods failed', error);
        return [];
      }),
    ]);
    return { state: 'ok' as const, cids, preview, methods, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    // A refusal the buyer can act on (a line gone, sold out, off sale): told on the page.
    if (error instanceof ApiError && error.status < 5000) return { state: 'refused' as const, message: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: ORDERS_MESSAGES.checkoutPageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <NonavFrame>
      <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-6 md:px-6 md:pt-4 md:pb-10">
        <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{ORDERS_MESSAGES.checkoutTitle}</h1>
        {loaderData.state === 'guest' ? (
          <LoginPrompt
            icon={ShoppingCart}
            title={ORDERS_MESSAGES.checkoutGuestTitle}
            hint={ORDERS_MESSAGES.checkoutGuestHint}
            testId="checkout-guest"
          />
        ) : null}
        {loaderData.state === 'refused' ? (
          <RefusalNotice
            testId="checkout-refused"
            icon={TriangleAlert}
            title={loaderData.message}
            hint={ORDERS_MESSAGES.checkoutRefusedHint}
            back={{ to: '/cart', label: ORDERS_MESSAGES.backToCart }}
          />
        ) : null}
        {loaderData.state === 'ok' ? (
          <CheckoutView
            cids={loaderData.cids}
            initial={loaderData.preview}
            methods={loaderData.methods}
            imageBase={loaderData.imageBase}
          />
        ) : null}
      </div>
    </NonavFrame>
  );
}
