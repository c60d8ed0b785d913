import {
  type Address,
  cartCount,
  type EndpointData,
  formatMessage,
  orderCreate,
  orderPreview,
  type ShopOrder,
} from '@evcircle/contract/client';
import { ChevronRight, Coins, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { setCartCount } from '~/features/cart/index.ts';
import type { PayMethod } from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Switch } from '~/ui/switch.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AddressCard } from './address-card.tsx';
import { LazyAddressBookSheet, LazyOrderPaySheet } from './lazy-sheets.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { OrderLines } from './order-lines.tsx';
import { freeFreightGap, pointsValue, refusalText } from './order-rules.ts';
import { OrderSummary } from './order-summary.tsx';

export type OrderPreview = EndpointData<typeof orderPreview>;

type CheckoutViewProps = {
  cids: number[];
  initial: OrderPreview;
  methods: readonly PayMethod[];
  imageBase: string;
};

const CARD = 'rounded-xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800';

/**
 * /checkout: the address (the default preselected), the lines as the server prices them,
 * freight, the points switch, the payable total, then 提交订单 → the order → paying it.
 * Every amount is the server's preview: a change of address or points asks for it again.
 */
export function CheckoutView({ cids, initial, methods, imageBase }: CheckoutViewProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const pointsLabel = useId();
  const [preview, setPreview] = useState(initial);
  const [isPricing, setPricing] = useState(false);
  const [isBookOpen, setBookOpen] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [order, setOrder] = useState<ShopOrder | null>(null);
  const address = preview.address;
  const usesPoints = preview.points_used > 0;

  async function reprice(next: { addressId: number | undefined; usePoints: boolean }) {
    setPricing(true);
    try {
      setPreview(
        await api.call(orderPreview, {
          cids,
          address_id: next.addressId,
          use_points: next.usePoints ? preview.points.usable : 0,
        }),
      );
    } catch (error) {
      toast.show(refusalText(error, ORDERS_MESSAGES.failed), { tone: 'error' });
    } finally {
      setPricing(false);
    }
  }

  function chooseAddress(chosen: Address) {
    setBookOpen(false);
    void reprice({ addressId: chosen.id, usePoints: usesPoints });
  }

  async function submit() {
    if (!address) {
      setBookOpen(true);
      return;
    }
    setSubmitting(true);
    try {
      const created = await api.call(orderCreate, { cids, address_id: address.id, use_points: preview.points_used });
      // The lines left the cart: the header's badge follows (a failed count keeps the old one).
      api.call(cartCount, {}).then(
        (answer) => setCartCount(answer.count),
        () => {},
      );
      if (created.state === 'unpaid') setOrder(created);
      else navigate(`/orders/${created.order_id}`, { replace: true });
    } catch (error) {
      toast.show(refusalText(error, ORDERS_MESSAGES.failed), { tone: 'error' });
      setSubmitting(false);
    }
  }

  const gap = freeFreightGap(preview.goods_total);
  const canUsePoints = preview.points.usable > 0;
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        data-testid="checkout-address"
        onClick={() => setBookOpen(true)}
        className={cn(CARD, 'flex items-center gap-3 text-left hover:bg-gray-50 dark:hover:bg-gray-800/60')}
      >
        <span className="min-w-0 flex-1">
          {address ? (
            <AddressCard address={address} />
          ) : (
            <span className="flex items-center gap-2 text-sm font-medium text-primary-700 dark:text-primary-400">
              <Plus aria-hidden="true" className="size-4" />
              {ORDERS_MESSAGES.addAddress}
            </span>
          )}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
        <span className="sr-only">{ORDERS_MESSAGES.chooseAddress}</span>
      </button>

      <section className={CARD} aria-label={ORDERS_MESSAGES.goods}>
        <OrderLines lines={preview.lines} imageBase={imageBase} />
      </section>

      <section className={cn(CARD, 'space-y-3')}>
        <div className="flex items-center gap-3">
          <Coins aria-hidden="true" className="size-5 shrink-0 text-amber-500" />
          <div className="min-w-0 flex-1">
            <p id={pointsLabel} className="text-sm font-medium">
              {ORDERS_MESSAGES.points}
            </p>
            <p className="text-xs text-gray-500 dark:text-gray-400" data-testid="checkout-points-hint">
              {canUsePoints
                ? formatMessage(ORDERS_MESSAGES.pointsHint, {
                    usable: preview.points.usable,
                    value: pointsValue(preview.points.usable),
                  })
                : formatMessage(ORDERS_MESSAGES.pointsNone, { balance: preview.points.balance })}
            </p>
          </div>
          <Switch
            checked={usesPoints}
            disabled={!canUsePoints || isPricing}
            aria-labelledby={pointsLabel}
            data-testid="checkout-points"
            onCheckedChange={(isOn) => void reprice({ addressId: address?.id, usePoints: isOn })}
          />
        </div>
        <div className="border-t border-gray-100 pt-3 dark:border-gray-800">
          <OrderSummary money={preview} showPayable={false} />
          {gap ? (
            <p className="mt-1 text-right text-xs text-gray-500 dark:text-gray-400">
              {formatMessage(ORDERS_MESSAGES.freeFreightHint, { gap })}
            </p>
          ) : null}
        </div>
      </section>

      <div
        data-testid="checkout-bar"
        className={cn(
          'sticky z-20 flex min-h-14 items-center gap-3 border-gray-200 bg-white/95 px-3 py-2 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95',
          isMobile
            ? '-mx-3 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] border-t'
            : 'bottom-0 rounded-xl border md:px-4',
        )}
      >
        <p className="ml-auto flex items-baseline gap-1 text-sm">
          {ORDERS_MESSAGES.payable}
          <span
            data-testid="checkout-payable"
            className="text-lg font-bold text-red-600 tabular-nums dark:text-red-400"
          >
            <span className="text-sm">¥</span>
            {preview.payable}
          </span>
        </p>
        <Button
          data-testid="checkout-submit"
          disabled={isSubmitting || isPricing || order !== null}
          onClick={() => void submit()}
          className="min-w-28"
        >
          {isSubmitting ? ORDERS_MESSAGES.submitting : ORDERS_MESSAGES.submit}
        </Button>
      </div>

      <LazyAddressBookSheet
        open={isBookOpen}
        chosenId={address?.id ?? null}
        startWithForm={address === null}
        onChoose={chooseAddress}
        onClose={() => setBookOpen(false)}
      />
      {order ? (
        <LazyOrderPaySheet
          open
          order={order}
          methods={methods}
          // Closed without paying, the order waits on its page (待付款, payable until its window ends).
          onClose={() => navigate(`/orders/${order.order_id}`, { replace: true })}
          onSettled={(settled) => navigate(`/orders/${settled.order_id}`, { replace: true })}
        />
      ) : null}
    </div>
  );
}
