import {
  formatMessage,
  ORDER_STATUS_POLL_MS,
  orderCancel,
  orderConfirm,
  orderInfo,
  type ShopOrder,
} from '@evcircle/contract/client';
import { Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatCountdown, type PayMethod, usePoll, useSecondsLeft } from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { formatDateTime } from '~/lib/china-time.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AddressCard } from './address-card.tsx';
import { DetailRow } from './detail-row.tsx';
import { LazyOrderPaySheet } from './lazy-sheets.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { OrderLines } from './order-lines.tsx';
import { isAwaitingPayment, orderActions, refusalText } from './order-rules.ts';
import { OrderSummary } from './order-summary.tsx';

const CARD = 'rounded-xl bg-white p-4 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800';

type OrderDetailViewProps = { initial: ShopOrder; methods: readonly PayMethod[]; imageBase: string };

/**
 * /orders/{id}: the state, the address, the lines, the money, the times, the courier once
 * shipped, and 去支付 / 取消订单 / 确认收货. An unpaid order is asked for again every
 * ORDER_STATUS_POLL_MS while its window runs, so the return from a provider's page
 * (its return address is this page) turns to 待发货 once the payment settles.
 */
export function OrderDetailView({ initial, methods, imageBase }: OrderDetailViewProps) {
  const api = useApi();
  const toast = useToast();
  const [source, setSource] = useState(initial);
  const [own, setOwn] = useState(initial);
  const [isPaying, setPaying] = useState(false);
  const [question, setQuestion] = useState<'cancel' | 'confirm' | null>(null);
  // The loader ran again (a revisit): start from its order.
  if (source !== initial) {
    setSource(initial);
    setOwn(initial);
  }

  const poll = usePoll({
    key: !isPaying && isAwaitingPayment(own, Date.now()) ? own.order_id : null,
    ask: (order_id) => api.call(orderInfo, { order_id }),
    isFinal: (order) => !isAwaitingPayment(order, Date.now()),
    firstDelayMs: 0,
    intervalMs: ORDER_STATUS_POLL_MS,
  });
  // The payment settled (or the window closed): the order as the poll read it.
  const settled = poll.state === 'settled' ? poll.value : null;
  useEffect(() => {
    if (settled) setOwn(settled);
  }, [settled]);
  const order = own;
  const actions = orderActions(order, Date.now());

  async function act(kind: 'cancel' | 'confirm') {
    try {
      const answer = await api.call(kind === 'cancel' ? orderCancel : orderConfirm, { order_id: order.order_id });
      setOwn(answer);
      toast.show(kind === 'cancel' ? ORDERS_MESSAGES.cancelled : ORDERS_MESSAGES.confirmed, { tone: 'success' });
    } catch (error) {
      toast.show(refusalText(error, ORDERS_MESSAGES.failed), { tone: 'error' });
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="order-detail" data-order={order.order_id}>
      <section className="rounded-xl bg-primary-600 p-4 text-white dark:bg-primary-800">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <span data-testid="order-detail-state">{order.state_text}</span>
        </p>
        <p className="mt-1 text-sm text-white/90" data-testid="order-detail-hint">
          <StateHint order={order} />
        </p>
      </section>

      <section className={CARD} aria-label={ORDERS_MESSAGES.address}>
        <AddressCard address={order.address} />
      </section>

      {order.courier ? (
        <section className={CARD} aria-label={ORDERS_MESSAGES.shipping} data-testid="order-shipping">
          <p className="flex items-center gap-2 text-sm font-medium">
            <Truck aria-hidden="true" className="size-5 text-primary-600 dark:text-primary-400" />
            {ORDERS_MESSAGES.shipping}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-500 dark:text-gray-400">{ORDERS_MESSAGES.courier}</dt>
            <dd data-testid="order-courier">{order.courier}</dd>
            <dt className="text-gray-500 dark:text-gray-400">{ORDERS_MESSAGES.trackingNo}</dt>
            <dd data-testid="order-tracking" className="break-all tabular-nums select-all">
              {order.tracking_no}
            </dd>
          </dl>
        </section>
      ) : null}

      <section className={CARD}>
        <OrderLines lines={order.lines} imageBase={imageBase} />
        <div className="border-t border-gray-100 pt-3 dark:border-gray-800">
          <OrderSummary money={order} />
        </div>
      </section>

      <section className={CARD} aria-label={ORDERS_MESSAGES.times}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <DetailRow label={ORDERS_MESSAGES.orderNo}>
            <span className="break-all select-all" data-testid="order-no">
              {order.order_id}
            </span>
          </DetailRow>
          <DetailRow label={ORDERS_MESSAGES.createdAt}>{formatDateTime(order.created_at)}</DetailRow>
          {order.pay_type ? (
            <DetailRow label={ORDERS_MESSAGES.payType}>{ORDERS_MESSAGES.payTypes[order.pay_type]}</DetailRow>
          ) : null}
          {order.paid_at ? <DetailRow label={ORDERS_MESSAGES.paidAt}>{formatDateTime(order.paid_at)}</DetailRow> : null}
          {order.shipped_at ? (
            <DetailRow label={ORDERS_MESSAGES.shippedAt}>{formatDateTime(order.shipped_at)}</DetailRow>
          ) : null}
          {order.completed_at ? (
            <DetailRow label={ORDERS_MESSAGES.completedAt}>{formatDateTime(order.completed_at)}</DetailRow>
          ) : null}
          {order.cancelled_at ? (
            <DetailRow label={ORDERS_MESSAGES.cancelledAt}>{formatDateTime(order.cancelled_at)}</DetailRow>
          ) : null}
          {order.refunded_at ? (
            <DetailRow label={ORDERS_MESSAGES.refundedAt}>{formatDateTime(order.refunded_at)}</DetailRow>
          ) : null}
          {order.refund_reason ? (
            <DetailRow label={ORDERS_MESSAGES.refundReason}>{order.refund_reason}</DetailRow>
          ) : null}
        </dl>
      </section>

      {actions.canPay || actions.canCancel || actions.canConfirm ? (
        <div className="flex justify-end gap-3" data-testid="order-actions">
          {actions.canCancel ? (
            <Button variant="outline" onClick={() => setQuestion('cancel')} data-testid="order-cancel">
              {ORDERS_MESSAGES.cancel}
            </Button>
          ) : null}
          {actions.canPay ? (
            <Button onClick={() => setPaying(true)} data-testid="order-pay-open">
              {ORDERS_MESSAGES.pay}
            </Button>
          ) : null}
          {actions.canConfirm ? (
            <Button onClick={() => setQuestion('confirm')} data-testid="order-confirm">
              {ORDERS_MESSAGES.confirm}
            </Button>
          ) : null}
        </div>
      ) : null}

      <LazyOrderPaySheet
        open={isPaying}
        order={order}
        methods={methods}
        onClose={() => setPaying(false)}
        onSettled={setOwn}
      />
      <ConfirmSheet
        open={question !== null}
        title={question === 'confirm' ? ORDERS_MESSAGES.confirmTitle : ORDERS_MESSAGES.cancelTitle}
        hint={question === 'confirm' ? ORDERS_MESSAGES.confirmHint : ORDERS_MESSAGES.cancelHint}
        confirmLabel={question === 'confirm' ? ORDERS_MESSAGES.confirm : ORDERS_MESSAGES.cancel}
        danger={question === 'cancel'}
        data-testid="order-question"
        onConfirm={() => (question ? act(question) : Promise.resolve())}
        onClose={() => setQuestion(null)}
      />
    </div>
  );
}

/** What the state means for the buyer now: the time left to pay, the auto-receipt day, how it was cancelled. */
function StateHint({ order }: { order: ShopOrder }) {
  const secondsLeft = useSecondsLeft(order.expires_at);
  if (order.state === 'unpaid') {
    return formatMessage(ORDERS_MESSAGES.stateHints.unpaid, {
      time: secondsLeft === null ? '--:--' : formatCountdown(secondsLeft),
    });
  }
  if (order.state === 'shipped') {
    return formatMessage(ORDERS_MESSAGES.stateHints.shipped, { date: formatDateTime(order.auto_complete_at) });
  }
  if (order.state === 'cancelled') {
    return order.cancel_reason === 'expired' ? ORDERS_MESSAGES.cancelledExpired : ORDERS_MESSAGES.cancelledBuyer;
  }
  return ORDERS_MESSAGES.stateHints[order.state];
}
