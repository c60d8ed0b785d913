import {
  ApiError,
  type EndpointData,
  formatMessage,
  ORDER_STATE_NAMES,
  ORDER_STATUS_POLL_MS,
  type PayType,
  type payMethods,
  type VipPlan,
  vipCreateOrder,
  vipPayOrder,
} from '@evcircle/contract/client';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatCountdown, useSecondsLeft } from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { choosePayChannel } from './checkout-rules.ts';
import { VIP_MESSAGES } from './messages.ts';
import { OrderOutcome } from './order-outcome.tsx';
import { PayQr } from './pay-qr.tsx';
import { useOrderPoll } from './use-order-poll.ts';

export type PayMethod = EndpointData<typeof payMethods>[number];
type Order = EndpointData<typeof vipCreateOrder>;
type PayStart = EndpointData<typeof vipPayOrder>;

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
        window.location.assign(start.pay_url);
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
          {step.step === 'creating' ? VIP_MESSAGES.creating : VIP_MESSAGES.paying}
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
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{VIP_MESSAGES.payMethod}</legend>
        <div className="space-y-2">
          {methods.map((method) => (
            <label
              key={method.pay_type}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 ring-1 transition-colors',
                payType === method.pay_type
                  ? 'bg-primary-50 ring-primary-500 dark:bg-primary-950/50'
                  : 'ring-gray-200 hover:bg-gray-50 dark:ring-gray-700 dark:hover:bg-gray-800',
              )}
            >
              <input
                type="radio"
                name="pay-method"
                value={method.pay_type}
                checked={payType === method.pay_type}
                onChange={() => setPayType(method.pay_type)}
                className="size-4 accent-primary-600"
                data-testid={`vip-pay-method-${method.pay_type}`}
              />
              <span className="text-sm font-medium">{method.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        size="lg"
        className="w-full"
        disabled={isStarting || payType === null}
        onClick={() => void pay(order)}
        data-testid="vip-pay"
      >
        {isStarting ? VIP_MESSAGES.paying : VIP_MESSAGES.pay}
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
  const secondsLeft = useSecondsLeft(pay.expires_at);
  const isPaid = poll.state === 'settled' && poll.order.state === 'paid';

  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  useEffect(() => {
    if (isPaid) paidRef.current();
  }, [isPaid]);

  if (poll.state !== 'waiting') {
    return <OrderOutcome poll={poll} onDone={onClose} doneLabel={VIP_MESSAGES.done} onOrderAgain={onOrderAgain} />;
  }
  const isOpenable = /^https?:\/\//.test(pay.code_url);
  return (
    <div className="flex flex-col items-center gap-3 px-5 pt-5 pb-6 text-center">
      <p data-testid="vip-qr-amount" className="text-3xl font-bold text-gray-900 tabular-nums dark:text-white">
        {formatAmount(pay.amount)}
      </p>
      <p className="flex items-center gap-2 text-sm">
        <span
          data-testid="vip-qr-state"
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {poll.order?.state_text ?? ORDER_STATE_NAMES.created}
        </span>
        <span data-testid="vip-qr-time-left" className="text-gray-600 tabular-nums dark:text-gray-300">
          {formatMessage(VIP_MESSAGES.timeLeft, {
            time: secondsLeft === null ? '--:--' : formatCountdown(secondsLeft),
          })}
        </span>
      </p>
      <PayQr text={pay.code_url} />
      <p className="text-sm text-gray-700 dark:text-gray-200">{VIP_MESSAGES.qrHints[pay.pay_type]}</p>
      {isOpenable ? (
        <a
          href={pay.code_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="vip-pay-link"
          className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline dark:text-primary-400"
        >
          {VIP_MESSAGES.openPayPage}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
      <p className="text-xs text-gray-500 dark:text-gray-400">{VIP_MESSAGES.waiting}</p>
    </div>
  );
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : VIP_MESSAGES.failed;
}
