import { formatMessage, VIP_POINTS_PER_YUAN } from '@evcircle/contract/client';
import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { formatDay } from './checkout-rules.ts';
import { VIP_MESSAGES } from './messages.ts';
import type { OrderPoll } from './use-order-poll.ts';

type OrderOutcomeProps = {
  poll: OrderPoll;
  /** 完成 / 知道了 after a payment. */
  onDone: () => void;
  doneLabel: string;
  /** 重新下单 after a failed or expired order: the same plan again. */
  onOrderAgain: () => void;
};

/**
 * How an order ended, once its state is final: 开通成功 with the new expiry, or 支付失败 /
 * 已过期 with 重新下单; while the answer is still coming, 正在确认支付结果….
 */
export function OrderOutcome({ poll, onDone, doneLabel, onOrderAgain }: OrderOutcomeProps) {
  if (poll.state === 'missing') {
    return (
      <Outcome tone="bad" title={poll.message} testId="vip-order-missing">
        <Button variant="outline" onClick={onDone}>
          {doneLabel}
        </Button>
      </Outcome>
    );
  }
  if (poll.state === 'waiting') {
    return (
      <div role="status" data-testid="vip-order-checking" className="flex items-center justify-center gap-2 py-8">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary-600" />
        <span className="text-sm text-gray-600 dark:text-gray-300">{VIP_MESSAGES.checking}</span>
      </div>
    );
  }
  const { order } = poll;
  if (order.state === 'paid') {
    const points = Math.floor(order.amount) * VIP_POINTS_PER_YUAN;
    return (
      <Outcome tone="good" title={VIP_MESSAGES.paidTitle} testId="vip-paid">
        <p data-testid="vip-paid-until" className="text-sm text-gray-700 dark:text-gray-200">
          {order.vip.lifetime
            ? VIP_MESSAGES.paidLifetime
            : formatMessage(VIP_MESSAGES.paidUntil, { date: formatDay(order.vip.expires_at) })}
        </p>
        {points > 0 ? (
          <p className="text-xs text-amber-700 dark:text-amber-300">
            {formatMessage(VIP_MESSAGES.paidPoints, { points })}
          </p>
        ) : null}
        <Button className="mt-2 min-w-32" onClick={onDone} data-testid="vip-outcome-done">
          {doneLabel}
        </Button>
      </Outcome>
    );
  }
  const failed = order.state === 'failed';
  const title =
    order.state === 'refunded'
      ? VIP_MESSAGES.refundedTitle
      : failed
        ? VIP_MESSAGES.failedTitle
        : VIP_MESSAGES.expiredTitle;
  return (
    <Outcome tone={failed ? 'bad' : 'neutral'} title={title} testId={`vip-${order.state}`}>
      {order.state === 'refunded' ? null : (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {failed ? VIP_MESSAGES.failedHint : VIP_MESSAGES.expiredHint}
        </p>
      )}
      <div className="mt-2 flex gap-3">
        <Button variant="outline" onClick={onDone}>
          {doneLabel}
        </Button>
        {order.state === 'refunded' ? null : (
          <Button onClick={onOrderAgain} data-testid="vip-order-again">
            {VIP_MESSAGES.orderAgain}
          </Button>
        )}
      </div>
    </Outcome>
  );
}

const TONES = {
  good: { icon: CircleCheck, className: 'text-emerald-500' },
  bad: { icon: CircleX, className: 'text-red-500' },
  neutral: { icon: Clock, className: 'text-gray-400' },
} as const;

function Outcome({
  tone,
  title,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const Icon = TONES[tone].icon;
  return (
    <div role="status" data-testid={testId} className="flex flex-col items-center gap-2 px-4 py-6 text-center">
      <Icon aria-hidden="true" className={cn('size-12', TONES[tone].className)} />
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}
