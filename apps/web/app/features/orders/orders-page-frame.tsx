import { ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoginPrompt } from '~/features/auth/index.ts';
import { ORDERS_MESSAGES } from './messages.ts';

/** The frame of the buyer's order pages: the heading, then the login prompt for a visitor or the page. */
export function OrdersPageFrame({
  title,
  isGuest,
  children,
}: {
  title: string;
  isGuest: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8 md:pb-10">
      <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{title}</h1>
      {isGuest ? (
        <LoginPrompt
          icon={ClipboardList}
          title={ORDERS_MESSAGES.ordersGuestTitle}
          hint={ORDERS_MESSAGES.ordersGuestHint}
          testId="orders-guest"
        />
      ) : (
        children
      )}
    </div>
  );
}
