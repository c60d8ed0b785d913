import { type EndpointData, formatMessage, type orderPay } from '@evcircle/contract/client';
import { ExternalLink } from 'lucide-react';
import { PAYMENTS_MESSAGES } from './messages.ts';
import { PayQr } from './pay-qr.tsx';
import { formatAmount, formatCountdown } from './pay-time.ts';
import { useSecondsLeft } from './use-seconds-left.ts';

/** What pay-order answers, VIP's and the shop's alike. */
export type PayStart = EndpointData<typeof orderPay>;

type PayQrPanelProps = {
  pay: PayStart;
  /** The order's state as the poll last read it (待支付, 待付款). */
  stateText: string;
  /** The panel's parts are `${testIdPrefix}-qr-amount`, `-qr-state`, `-qr-time-left`, `-pay-qr`, `-pay-link`. */
  testIdPrefix: string;
};

/**
 * The desktop's way to pay (VIP and shop checkouts): the amount, the order's state and the
 * time left, the QR code, the provider's hint and, for a sandbox or a web cashier, a link to
 * open it. The caller polls the order and replaces the panel once it is final.
 */
export function PayQrPanel({ pay, stateText, testIdPrefix }: PayQrPanelProps) {
  const secondsLeft = useSecondsLeft(pay.expires_at);
  const isOpenable = /^https?:\/\//.test(pay.code_url);
  return (
    <div className="flex flex-col items-center gap-3 px-5 pt-5 pb-6 text-center">
      <p
        data-testid={`${testIdPrefix}-qr-amount`}
        className="text-3xl font-bold text-gray-900 tabular-nums dark:text-white"
      >
        {formatAmount(pay.amount)}
      </p>
      <p className="flex items-center gap-2 text-sm">
        <span
          data-testid={`${testIdPrefix}-qr-state`}
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {stateText}
        </span>
        <span data-testid={`${testIdPrefix}-qr-time-left`} className="text-gray-600 tabular-nums dark:text-gray-300">
          {formatMessage(PAYMENTS_MESSAGES.qrTimeLeft, {
            time: secondsLeft === null ? '--:--' : formatCountdown(secondsLeft),
          })}
        </span>
      </p>
      <PayQr text={pay.code_url} testId={`${testIdPrefix}-pay-qr`} />
      <p className="text-sm text-gray-700 dark:text-gray-200">{PAYMENTS_MESSAGES.qrHints[pay.pay_type]}</p>
      {isOpenable ? (
        <a
          href={pay.code_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`${testIdPrefix}-pay-link`}
          className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline dark:text-primary-400"
        >
          {PAYMENTS_MESSAGES.openPayPage}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
      <p className="text-xs text-gray-500 dark:text-gray-400">{PAYMENTS_MESSAGES.waiting}</p>
    </div>
  );
}
