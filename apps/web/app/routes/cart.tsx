import { ApiError, cartList, STATUS } from '@evcircle/contract/client';
import { ShoppingCart } from 'lucide-react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { CART_MESSAGES, CartView } from '~/features/cart/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/cart';

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const cart = await serverApi(context).call(cartList, {});
    return { state: 'ok' as const, cart, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    // Logged out is a state of this page: it asks them to log in.
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: CART_MESSAGES.pageTitle },
  { name: 'robots', content: 'noindex' },
];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8 md:pb-10">
      <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{CART_MESSAGES.title}</h1>
      {loaderData.state === 'guest' ? (
        <LoginPrompt
          icon={ShoppingCart}
          title={CART_MESSAGES.guestTitle}
          hint={CART_MESSAGES.guestHint}
          testId="cart-guest"
        />
      ) : (
        <CartView initial={loaderData.cart} imageBase={loaderData.imageBase} />
      )}
    </div>
  );
}
