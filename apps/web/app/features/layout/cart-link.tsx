import { cartCount, formatMessage } from '@evcircle/contract/client';
import { ShoppingCart } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { useViewer } from '~/features/auth/index.ts';
import { badgeText, setCartCount, useCartCount } from '~/features/cart/index.ts';
import { useApi } from '~/lib/api.ts';
import { cn } from '~/ui/cn.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

/** The account whose count was asked for already: one cart/count per viewer per page load. */
let fetchedFor: number | null = null;

/**
 * The header's cart icon for a logged-in viewer (the layout's, with its wording: the cart
 * feature's own words load with the cart and the shop, not with every page), with the count badge (99+ at most):
 * the count is fetched once after hydration, then follows whatever setCartCount says.
 * Nothing for a visitor.
 */
export function CartLink({ className }: { className?: string }) {
  const viewer = useViewer();
  const api = useApi();
  const count = useCartCount();
  const uid = viewer?.uid ?? null;

  useEffect(() => {
    if (uid === null) {
      fetchedFor = null;
      setCartCount(null);
      return;
    }
    if (fetchedFor === uid) return;
    fetchedFor = uid;
    let isCurrent = true;
    api.call(cartCount, {}).then(
      (answer) => {
        if (isCurrent) setCartCount(answer.count);
      },
      () => {
        // The badge stays hidden; the next page load asks again.
        if (fetchedFor === uid) fetchedFor = null;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, uid]);

  if (uid === null) return null;
  const text = badgeText(count);
  return (
    <NavLink
      to="/cart"
      data-testid="header-cart"
      aria-label={text ? formatMessage(LAYOUT_MESSAGES.cartCount, { count: text }) : LAYOUT_MESSAGES.cart}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors',
          'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white',
          isActive && 'text-primary-600 dark:text-primary-400',
          className,
        )
      }
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {text ? (
        <span
          data-testid="header-cart-badge"
          className="absolute -top-0.5 left-1/2 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4.5 font-semibold text-white ring-2 ring-white dark:ring-gray-950"
        >
          {text}
        </span>
      ) : null}
    </NavLink>
  );
}
