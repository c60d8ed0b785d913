import type { VipPlanType } from '@evcircle/contract/client';
import { useEffect, useRef } from 'react';
import { Sheet } from '~/ui/sheet.tsx';
import { VIP_MESSAGES } from './messages.ts';
import { OrderOutcome } from './order-outcome.tsx';
import { useOrderPoll } from './use-order-poll.ts';

export type OrderReturnProps = {
  /** The order of /vip?order=…; null keeps the sheet closed. */
  orderId: string | null;
  onClose: () => void;
  onPaid: () => void;
  onOrderAgain: (plan: VipPlanType) => void;
};

/**
 * The return from a provider's page (/vip?order=…): the order's state, asked for at once
 * and then every ORDER_STATUS_POLL_MS until it is final, and how it ended.
 */
export function OrderReturn({ orderId, onClose, onPaid, onOrderAgain }: OrderReturnProps) {
  return (
    <Sheet open={orderId !== null} onClose={onClose} title={VIP_MESSAGES.returnTitle} data-testid="vip-order-return">
      {orderId ? <ReturnBody orderId={orderId} onClose={onClose} onPaid={onPaid} onOrderAgain={onOrderAgain} /> : null}
    </Sheet>
  );
}

function ReturnBody({ orderId, onClose, onPaid, onOrderAgain }: OrderReturnProps & { orderId: string }) {
  const poll = useOrderPoll(orderId, 0);
  const isPaid = poll.state === 'settled' && poll.order.state === 'paid';
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;
  useEffect(() => {
    if (isPaid) paidRef.current();
  }, [isPaid]);

  return (
    <OrderOutcome
      poll={poll}
      onDone={onClose}
      doneLabel={VIP_MESSAGES.dismiss}
      onOrderAgain={() => {
        if (poll.state === 'settled') onOrderAgain(poll.order.plan_type);
      }}
    />
  );
}
