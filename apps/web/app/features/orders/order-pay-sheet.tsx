import {
  ORDER_STATUS_POLL_MS,
  orderInfo,
  orderPay,
  type PayType,
  SHOP_ORDER_STATE_NAMES,
  type ShopOrder,
} from '@evcircle/contract/client';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { navigateExternal } from '~/features/links/index.ts';
import {
  choosePayChannel,
  PAYMENTS_MESSAGES,
  type PayMethod,
  PayMethodPicker,
  PayQrPanel,
  type PayStart,
  usePoll,
} from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { ORDERS_MESSAGES } from './messages.ts';
import { isAwaitingPayment, refusalText } from './order-rules.ts';

export type OrderPaySheetProps = {
  open: boolean;
  /** The unpaid order to pay. */
  order: Pick<ShopOrder, 'order_id' | 'payable'>;
  methods: readonly PayMethod[];
  onClose: () => void;
  /** The order left 待付款 (paid, or closed meanwhile): its latest state. */
  onSettled: (order: ShopOrder) => void;
};

/**
 * Paying a shop order (loaded when first opened), with the payments' shared parts as the
 * VIP checkout: the method, then a phone goes to the provider's page (h5, which returns to
 * /orders/{id}) while a desktop shows the QR code and asks for the order until it leaves 待付款.
 */
export function OrderPaySheet(props: OrderPaySheetProps) {
  return (
    <Sheet open={props.open} onClose={props.onClose} title={ORDERS_MESSAGES.payTitle} data-testid="order-pay">
      <PayBody {...props} />
    </Sheet>
  );
}

type Step =
  | { step: 'choose'; isStarting: boolean; error: string }
  | { step: 'qr'; pay: PayStart }
  | { step: 'redirecting' };

function PayBody({ order, methods, onClose, onSettled }: OrderPaySheetProps) {
  const api = useApi();
  const isMobile = useIsMobile();
  const [step, setStep] = useState<Step>({ step: 'choose', isStarting: false, error: '' });
  const [payType, setPayType] = useState<PayType | null>(methods[0]?.pay_type ?? null);

  async function pay() {
    const method = methods.find((m) => m.pay_type === payType);
    const channel = method ? choosePayChannel(isMobile, method.channels) : null;
    if (!method || !channel) return;
    setStep({ step: 'choose', isStarting: true, error: '' });
    try {
      const start = await api.call(orderPay, {
        order_id: order.order_id,
        pay_type: method.pay_type,
        pay_channel: channel,
      });
      if (start.kind === 'redirect') {
        setStep({ step: 'redirecting' });
        // Our own payment provider's cashier (another site for WeChat Pay and Alipay).
        navigateExternal(start.pay_url, { allowExternal: true });
        return;
      }
      setStep({ step: 'qr', pay: start });
    } catch (error) {
      setStep({
        step: 'choose',
        isStarting: false,
        error: refusalText(error, ORDERS_MESSAGES.failed),
      });
    }
  }

  if (step.step === 'redirecting') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-12">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary-600" />
        <span className="text-sm text-gray-600 dark:text-gray-300">{PAYMENTS_MESSAGES.redirecting}</span>
      </div>
    );
  }
  if (step.step === 'qr')
    return <QrStep orderId={order.order_id} pay={step.pay} onClose={onClose} onSettled={onSettled} />;
  return (
    <div className="space-y-5 px-5 pt-5 pb-6">
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-gray-500 dark:text-gray-400">{ORDERS_MESSAGES.amountDue}</span>
        <span data-testid="order-pay-amount" className="text-2xl font-bold text-gray-900 tabular-nums dark:text-white">
          ¥{order.payable}
        </span>
      </div>
      {methods.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">{PAYMENTS_MESSAGES.noPayMethods}</p>
      ) : (
        <PayMethodPicker methods={methods} value={payType} onChange={setPayType} testIdPrefix="pay-method" />
      )}
      {step.error ? (
        <p role="alert" data-testid="order-pay-error" className="text-sm text-red-600 dark:text-red-400">
          {step.error}
        </p>
      ) : null}
      <Button
        size="lg"
        className="w-full"
        disabled={step.isStarting || payType === null}
        onClick={() => void pay()}
        data-testid="order-pay-start"
      >
        {step.isStarting ? PAYMENTS_MESSAGES.starting : PAYMENTS_MESSAGES.startPay}
      </Button>
    </div>
  );
}

/** The QR code until the order leaves 待付款 (a failed attempt leaves it there: the buyer scans again or closes). */
function QrStep({
  orderId,
  pay,
  onClose,
  onSettled,
}: {
  orderId: string;
  pay: PayStart;
  onClose: () => void;
  onSettled: (order: ShopOrder) => void;
}) {
  const api = useApi();
  const poll = usePoll({
    key: orderId,
    ask: (order_id) => api.call(orderInfo, { order_id }),
    isFinal: (order) => !isAwaitingPayment(order, Date.now()),
    firstDelayMs: ORDER_STATUS_POLL_MS,
    intervalMs: ORDER_STATUS_POLL_MS,
  });
  const settled = poll.state === 'settled' ? poll.value : null;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;
  useEffect(() => {
    if (settled) settledRef.current(settled);
  }, [settled]);

  if (poll.state === 'missing') return <Outcome isGood={false} title={poll.message} onClose={onClose} />;
  if (settled) {
    const isPaid = settled.state !== 'unpaid' && settled.state !== 'cancelled';
    return (
      <Outcome
        isGood={isPaid}
        title={isPaid ? ORDERS_MESSAGES.paidTitle : ORDERS_MESSAGES.orderClosed}
        hint={isPaid ? ORDERS_MESSAGES.paidHint : ''}
        onClose={onClose}
      />
    );
  }
  return (
    <PayQrPanel pay={pay} stateText={poll.value?.state_text ?? SHOP_ORDER_STATE_NAMES.unpaid} testIdPrefix="order" />
  );
}

function Outcome({
  isGood,
  title,
  hint,
  onClose,
}: {
  isGood: boolean;
  title: string;
  hint?: string;
  onClose: () => void;
}) {
  const Icon = isGood ? CircleCheck : CircleX;
  return (
    <div
      role="status"
      data-testid={isGood ? 'order-paid' : 'order-pay-closed'}
      className="flex flex-col items-center gap-2 px-4 py-6 text-center"
    >
      <Icon aria-hidden="true" className={isGood ? 'size-12 text-emerald-500' : 'size-12 text-red-500'} />
      <p className="text-lg font-semibold">{title}</p>
      {hint ? <p className="text-sm text-gray-600 dark:text-gray-300">{hint}</p> : null}
      <Button className="mt-2 min-w-32" onClick={onClose} data-testid="order-pay-done">
        {ORDERS_MESSAGES.viewOrder}
      </Button>
    </div>
  );
}
