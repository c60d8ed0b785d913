import { type AdminShopOrder, adminOrderShip } from '@evcircle/contract/client';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { lazyDialog } from '~/lib/lazy-component.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AddressCard } from './address-card.tsx';
import { DetailRow } from './detail-row.tsx';
import { fieldClass } from './field-class.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { OrderLines } from './order-lines.tsx';
import { refusalText } from './order-rules.ts';
import { OrderStateBadge } from './order-state-badge.tsx';
import { OrderSummary } from './order-summary.tsx';
import type { RefundSheetProps } from './refund-sheet.tsx';

const RefundSheet = lazyDialog<RefundSheetProps>(
  () => import('./refund-sheet.tsx').then((module) => module.RefundSheet),
  (props) => props.open,
);

const CARD = 'rounded-xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800';
const SHIPPABLE = ['unshipped', 'shipped'] as const;
const REFUNDABLE = ['unshipped', 'shipped', 'completed'] as const;

/** /admin/orders?order=…: an order as the admin sees it, the ship form (or its correction) and 退款. */
export function AdminOrderDetail({ initial, imageBase }: { initial: AdminShopOrder; imageBase: string }) {
  const [order, setOrder] = useState(initial);
  const [isRefunding, setRefunding] = useState(false);
  const toast = useToast();
  const canShip = (SHIPPABLE as readonly string[]).includes(order.state);
  const canRefund = (REFUNDABLE as readonly string[]).includes(order.state);
  const refundState = ORDERS_MESSAGES.refundStates[order.refund_state];
  return (
    <div className="flex flex-col gap-3" data-testid="admin-order" data-order={order.order_id}>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/admin/orders"
          className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline dark:text-primary-400"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {ORDERS_MESSAGES.adminBack}
        </Link>
        <span className="ml-auto" />
        <OrderStateBadge state={order.state} text={order.state_text} className="text-sm" />
        {refundState ? (
          <span className="text-xs text-gray-500 dark:text-gray-400" data-testid="admin-refund-state">
            {refundState}
          </span>
        ) : null}
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <section className={CARD}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <DetailRow label={ORDERS_MESSAGES.orderNo}>
              <span className="break-all select-all">{order.order_id}</span>
            </DetailRow>
            <DetailRow label={ORDERS_MESSAGES.buyer}>{order.uid}</DetailRow>
            <DetailRow label={ORDERS_MESSAGES.createdAt}>{formatDateTime(order.created_at)}</DetailRow>
            {order.paid_at ? (
              <DetailRow label={ORDERS_MESSAGES.paidAt}>{formatDateTime(order.paid_at)}</DetailRow>
            ) : null}
            {order.pay_type ? (
              <DetailRow label={ORDERS_MESSAGES.payType}>{ORDERS_MESSAGES.payTypes[order.pay_type]}</DetailRow>
            ) : null}
            {order.shipped_at ? (
              <DetailRow label={ORDERS_MESSAGES.shippedAt}>{formatDateTime(order.shipped_at)}</DetailRow>
            ) : null}
            {order.completed_at ? (
              <DetailRow label={ORDERS_MESSAGES.completedAt}>{formatDateTime(order.completed_at)}</DetailRow>
            ) : null}
            {order.refunded_at ? (
              <DetailRow label={ORDERS_MESSAGES.refundedAt}>{formatDateTime(order.refunded_at)}</DetailRow>
            ) : null}
            {order.refund_reason ? (
              <DetailRow label={ORDERS_MESSAGES.refundReason}>{order.refund_reason}</DetailRow>
            ) : null}
          </dl>
          <div className="mt-3 border-t border-gray-100 pt-3 dark:border-gray-800">
            <AddressCard address={order.address} />
          </div>
        </section>
        <section className={CARD}>
          {canShip ? (
            <ShipForm order={order} onShipped={setOrder} />
          ) : order.courier ? (
            <p className="text-sm" data-testid="admin-order-courier">
              {order.courier} {order.tracking_no}
            </p>
          ) : null}
          {canRefund ? (
            <div className="mt-4 border-t border-gray-100 pt-3 dark:border-gray-800">
              <Button
                variant="outline"
                className="border-red-300 text-red-600 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950/50"
                onClick={() => setRefunding(true)}
                data-testid="admin-refund-open"
              >
                {ORDERS_MESSAGES.refund}
              </Button>
            </div>
          ) : null}
        </section>
      </div>
      <section className={CARD}>
        <OrderLines lines={order.lines} imageBase={imageBase} />
        <div className="border-t border-gray-100 pt-3 dark:border-gray-800">
          <OrderSummary money={order} />
        </div>
      </section>
      <RefundSheet
        open={isRefunding}
        order={order}
        onClose={() => setRefunding(false)}
        onRefunded={(refunded) => {
          setOrder(refunded);
          setRefunding(false);
          toast.show(ORDERS_MESSAGES.refundDone, { tone: 'success' });
        }}
      />
    </div>
  );
}

/** 发货 on a paid order; on a shipped one the same form corrects the courier and number. */
function ShipForm({ order, onShipped }: { order: AdminShopOrder; onShipped: (order: AdminShopOrder) => void }) {
  const api = useApi();
  const toast = useToast();
  const id = useId();
  const [courier, setCourier] = useState(order.courier);
  const [trackingNo, setTrackingNo] = useState(order.tracking_no);
  const [error, setError] = useState('');
  const [isWorking, setWorking] = useState(false);
  const isCorrection = order.state === 'shipped';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setWorking(true);
    setError('');
    try {
      onShipped(await api.call(adminOrderShip, { order_id: order.order_id, courier, tracking_no: trackingNo }));
      toast.show(ORDERS_MESSAGES.shipped, { tone: 'success' });
    } catch (failure) {
      setError(refusalText(failure, ORDERS_MESSAGES.failed));
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="admin-ship-form" noValidate>
      <h2 className="text-sm font-semibold">
        {isCorrection ? ORDERS_MESSAGES.shipEditTitle : ORDERS_MESSAGES.shipTitle}
      </h2>
      <div>
        <label htmlFor={`${id}-courier`} className="mb-1 block text-sm text-gray-600 dark:text-gray-300">
          {ORDERS_MESSAGES.courier}
        </label>
        <input
          id={`${id}-courier`}
          data-testid="admin-ship-courier"
          className={fieldClass}
          value={courier}
          maxLength={20}
          placeholder={ORDERS_MESSAGES.courierPlaceholder}
          onChange={(event) => setCourier(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-tracking`} className="mb-1 block text-sm text-gray-600 dark:text-gray-300">
          {ORDERS_MESSAGES.trackingNo}
        </label>
        <input
          id={`${id}-tracking`}
          data-testid="admin-ship-tracking"
          className={fieldClass}
          value={trackingNo}
          maxLength={40}
          placeholder={ORDERS_MESSAGES.trackingPlaceholder}
          onChange={(event) => setTrackingNo(event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="admin-ship-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={isWorking} data-testid="admin-ship-submit">
        {isCorrection ? ORDERS_MESSAGES.shipSave : ORDERS_MESSAGES.ship}
      </Button>
    </form>
  );
}
