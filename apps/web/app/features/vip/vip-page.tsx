import type { VipPlan, VipPlanType } from '@evcircle/contract/client';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { useRequireLogin } from '~/features/auth/index.ts';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { Benefits } from './benefits.tsx';
import { defaultPlan, orderFromSearch } from './checkout-rules.ts';
import type { CheckoutSheetProps, PayMethod } from './checkout-sheet.tsx';
import { VIP_MESSAGES } from './messages.ts';
import type { VipOrder } from './order-history.tsx';
import type { OrderReturnProps } from './order-return.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { StatusCard, type ViewerMembership } from './status-card.tsx';

/** The checkout (pay methods, the QR code and its encoder) loads when 立即开通 is first pressed. */
const CheckoutSheet = lazyDialog<CheckoutSheetProps>(
  () => import('./checkout-sheet.tsx').then((module) => module.CheckoutSheet),
  (props) => props.plan !== null,
);
/** The order history sits below the fold and needs the paging code: it comes after the page. */
const OrderHistory = lazyComponent(() => import('./order-history.tsx').then((module) => module.OrderHistory));
/** So does the return from a provider's page: only /vip?order=… needs it. */
const OrderReturn = lazyDialog<OrderReturnProps>(
  () => import('./order-return.tsx').then((module) => module.OrderReturn),
  (props) => props.orderId !== null,
);

export type VipPageProps = {
  plans: readonly VipPlan[];
  /** The plans are SPEC.md §9's fallback: the call failed. */
  isFallback: boolean;
  membership: ViewerMembership;
  /** Page 1 of the viewer's orders (null logged out, or when it failed: it is fetched again). */
  history: VipOrder[] | null;
  methods: readonly PayMethod[];
};

/** /vip: the viewer's membership, the plans and 立即开通, the benefits and the order history. */
export function VipPage({ plans, isFallback, membership, history, methods }: VipPageProps) {
  const requireLogin = useRequireLogin();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const [selected, setSelected] = useState<VipPlanType | null>(() => defaultPlan(plans)?.type ?? null);
  const [buying, setBuying] = useState<{ plan: VipPlan; attempt: number } | null>(null);
  const returnedOrder = orderFromSearch(location.search);

  const status = membership.state === 'ok' ? membership.status : null;
  const isLifetime = status?.lifetime === true;
  // With the fallback plans on show, buying still works: the server prices the order.
  const canPay = methods.length > 0;

  const buy = useCallback(
    (type: VipPlanType | null) => {
      const plan = plans.find((p) => p.type === type);
      if (!plan || !requireLogin()) return;
      setBuying((now) => ({ plan, attempt: (now?.attempt ?? 0) + 1 }));
    },
    [plans, requireLogin],
  );
  // The viewer's membership changed: the root loader reloads the account (every badge and
  // the header follow) and this page's loader the status and the order history.
  const onPaid = useCallback(() => void revalidate(), [revalidate]);
  const closeCheckout = useCallback(() => setBuying(null), []);
  const orderAgain = useCallback(() => setBuying((now) => (now ? { ...now, attempt: now.attempt + 1 } : now)), []);
  const closeReturn = useCallback(() => {
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, preventScrollReset: true });
  }, [navigate, location.pathname]);
  const orderAgainFromReturn = useCallback(
    (type: VipPlanType) => {
      closeReturn();
      setSelected(type);
      buy(type);
    },
    [closeReturn, buy],
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 pt-4 pb-10 md:space-y-8 md:px-6 md:pt-8">
      <StatusCard membership={membership} plans={plans} />

      <section aria-labelledby="vip-plans" data-testid="vip-plans">
        <h2 id="vip-plans" className="mb-4 px-1 text-base font-semibold">
          {VIP_MESSAGES.plansTitle}
        </h2>
        {isFallback ? (
          <p role="status" className="mb-3 px-1 text-xs text-gray-500 dark:text-gray-400">
            {VIP_MESSAGES.plansFallback}
          </p>
        ) : null}
        <PlanPicker plans={plans} selected={selected} onSelect={setSelected} />
        <div className="mt-5 flex flex-col items-center gap-2">
          <Button
            size="lg"
            className="w-full bg-gradient-to-r from-amber-500 to-orange-500 text-white hover:from-amber-600 hover:to-orange-600 disabled:from-gray-300 disabled:to-gray-300 md:w-80 dark:disabled:from-gray-700 dark:disabled:to-gray-700"
            disabled={selected === null || isLifetime || (!canPay && membership.state !== 'guest')}
            onClick={() => buy(selected)}
            data-testid="vip-buy"
          >
            {status?.is_vip === 1 ? VIP_MESSAGES.renew : VIP_MESSAGES.buy}
          </Button>
          {isLifetime ? (
            <p className="text-xs text-gray-500 dark:text-gray-400">{VIP_MESSAGES.lifetimeOwned}</p>
          ) : !canPay && membership.state !== 'guest' ? (
            <p className="text-xs text-gray-500 dark:text-gray-400">{VIP_MESSAGES.noPayMethods}</p>
          ) : null}
        </div>
      </section>

      <Benefits />

      {membership.state === 'guest' ? null : <OrderHistory firstPage={history} />}

      <CheckoutSheet
        plan={buying?.plan ?? null}
        attempt={buying?.attempt ?? 0}
        methods={methods}
        onClose={closeCheckout}
        onPaid={onPaid}
        onOrderAgain={orderAgain}
      />
      <OrderReturn
        orderId={membership.state === 'guest' ? null : returnedOrder}
        onClose={closeReturn}
        onPaid={onPaid}
        onOrderAgain={orderAgainFromReturn}
      />
    </div>
  );
}
