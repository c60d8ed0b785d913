import {
  ApiError,
  type EndpointData,
  formatMessage,
  ORDER_STATE_NAMES,
  ORDER_STATUS_POLL_MS,
  type PayType,
  type VipPlan,
  vipCreateOrder,
  vipPayOrder,
} from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { navigateExternal } from '~/features/links/index.ts';
import {
  choosePayChannel,
  formatAmount,
  PAYMENTS_MESSAGES,
  type PayMethod,
  PayMethodPicker,
  PayQrPanel,
  type PayStart,
} from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { VIP_MESSAGES } from './messages.ts';
import { OrderOutcome } from './order-outcome.tsx';
import { useOrderPoll } from './use-order-poll.ts';

export type { PayMethod };

type Order = EndpointData<typeof vipCreateOrder>;

export type CheckoutSheetProps = {
  /** The plan being bought; null keeps the sheet closed. */
  plan: VipPlan | null;
  /** Bumped by 重新下单: a new order for the same plan. */
  attempt: number;
  methods: readonly PayMethod[];
  onClose: () => void;
  /** The order was paid (the page reloads the viewer's membership). */
  onPaid: () => void;
  onOrderAgain: () => void;
};

/**
 * Buying a plan: the order is created as the sheet opens, the payer picks a pay method,
 * then a phone goes to the provider's page (h5) while a desktop shows the QR code and
 * asks for the order's state until it is paid, failed or expired (or the sheet closes).
 */
export function CheckoutSheet({ plan, attempt, methods, onClose, onPaid, onOrderAgain }: CheckoutSheetProps) {
  return (
    <Sheet
      open={plan !== null}
      onClose={onClose}
      title={plan ? formatMessage(VIP_MESSAGES.checkoutTitle, { plan: plan.name }) : ''}
      data-testid="vip-checkout"
    >
      {plan ? (
        <Checkout
          key={`${plan.type}:${attempt}`}
          plan={plan}
          methods={methods}
          onClose={onClose}
          onPaid={onPaid}
          onOrderAgain={onOrderAgain}
        />
      ) : null}
    </Sheet>
  );
}

type Step =
  | { step: 'creating' }
  | { step: 'choose'; order: Order; isStarting: boolean }
  | { step: 'qr'; order: Order; pay: PayStart }
  | { step: 'redirecting' }
  | { step: 'refused'; message: string };

function Checkout({
  plan,
  methods,
  onClose,
  onPaid,
  onOrderAgain,
}: Omit<CheckoutSheetProps, 'attempt'> & { plan: VipPlan }) {
  const api = useApi();
  const isMobile = useIsMobile();
  const [step, setStep] = useState<Step>({ step: 'creating' });
  const [payType, setPayType] = useState<PayType | null>(methods[0]?.pay_type ?? null);
  const hasCreated = useRef(false);

  useEffect(() => {
    // One order per opening (a development double effect must not make two).
    if (hasCreated.current) return;
    hasCreated.current = true;
    api.call(vipCreateOrder, { plan_type: plan.type }).then(
      (order) => setStep({ step: 'choose', order, isStarting: false }),
      (error) => setStep({ step: 'refused', message: messageOf(error) }),
    );
  }, [api, plan.type]);

  async function pay(order: Order) {
    const method = methods.find((m) => m.pay_type === payType);
    const channel = method ? choosePayChannel(isMobile, method.channels) : null;
    if (!method || !channel) return;
    setStep({ step: 'choose', order, isStarting: true });
    try {
      const start = await api.call(vipPayOrder, {
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
      setStep({ step: 'qr', order, pay: start });
    } catch (error) {
      setStep({ step: 'refused', message: messageOf(error) });
    }
  }

  if (step.step === 'creating' || step.step === 'redirecting') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-12">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary-600" />
        <span className="text-sm text-gray-600 dark:text-gray-300">
          {step.step === 'creating' ? VIP_MESSAGES.creating : PAYMENTS_MESSAGES.redirecting}
        </span>
      </div>
    );
  }
  if (step.step === 'refused') {
    return (
      <div className="flex flex-col items-center gap-4 px-5 py-8 text-center">
        <p role="alert" data-testid="vip-checkout-refused" className="text-sm text-red-600 dark:text-red-400">
          {step.message}
        </p>
        <Button variant="outline" onClick={onClose}>
          {VIP_MESSAGES.dismiss}
        </Button>
      </div>
    );
  }
  if (step.step === 'qr') {
    return <QrStep order={step.order} pay={step.pay} onClose={onClose} onPaid={onPaid} onOrderAgain={onOrderAgain} />;
  }

  const { order, isStarting } = step;
  return (
    <div className="space-y-5 px-5 pt-5 pb-6">
      <div className="flex items-baseline justify-between">
        <span className="text-sm text-gray-500 dark:text-gray-400">{VIP_MESSAGES.amountDue}</span>
        <span
          data-testid="vip-checkout-amount"
          className="text-2xl font-bold text-gray-900 tabular-nums dark:text-white"
        >
          {formatAmount(order.amount)}
        </span>
      </div>
      <PayMethodPicker methods={methods} value={payType} onChange={setPayType} testIdPrefix="vip-pay-method" />
      <Button
        size="lg"
        className="w-full"
        disabled={isStarting || payType === null}
        onClick={() => void pay(order)}
        data-testid="vip-pay"
      >
        {isStarting ? PAYMENTS_MESSAGES.starting : PAYMENTS_MESSAGES.startPay}
      </Button>
    </div>
  );
}

/** The QR code with the amount, 待支付 and the time left, until the order's state is final. */
function QrStep({
  order,
  pay,
  onClose,
  onPaid,
  onOrderAgain,
}: {
  order: Order;
  pay: PayStart;
  onClose: () => void;
  onPaid: () => void;
  onOrderAgain: () => void;
}) {
  const poll = useOrderPoll(order.order_id, ORDER_STATUS_POLL_MS);
  const isPaid = poll.state === 'settled' && poll.order.state === 'paid';

  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  useEffect(() => {
    if (isPaid) paidRef.current();
  }, [isPaid]);

  if (poll.state !== 'waiting') {
    return <OrderOutcome poll={poll} onDone={onClose} doneLabel={VIP_MESSAGES.done} onOrderAgain={onOrderAgain} />;
  }
  return <PayQrPanel pay={pay} stateText={poll.order?.state_text ?? ORDER_STATE_NAMES.created} testIdPrefix="vip" />;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : VIP_MESSAGES.failed;
}
