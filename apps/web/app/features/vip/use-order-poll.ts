import { type EndpointData, ORDER_STATUS_POLL_MS, vipOrderStatus } from '@evcircle/contract/client';
import { usePoll } from '~/features/payments/index.ts';
import { useApi } from '~/lib/api.ts';
import { isFinalOrderState } from './checkout-rules.ts';

/** An order's state with the membership it left (order-status). */
export type PolledOrder = EndpointData<typeof vipOrderStatus>;

export type OrderPoll =
  | { state: 'waiting'; order: PolledOrder | null }
  | { state: 'settled'; order: PolledOrder }
  /** The order is not the viewer's, does not exist, or nobody is logged in: asking again changes nothing. */
  | { state: 'missing'; message: string };

/**
 * A VIP order's state through the payments' poll (usePoll), every ORDER_STATUS_POLL_MS
 * after `firstDelayMs`, until it is final (isFinalOrderState) or `orderId` becomes null.
 */
export function useOrderPoll(orderId: string | null, firstDelayMs: number): OrderPoll {
  const api = useApi();
  const poll = usePoll({
    key: orderId,
    ask: (order_id) => api.call(vipOrderStatus, { order_id }),
    isFinal: (order) => isFinalOrderState(order.state),
    firstDelayMs,
    intervalMs: ORDER_STATUS_POLL_MS,
  });
  if (poll.state === 'missing') return poll;
  return poll.state === 'settled' ? { state: 'settled', order: poll.value } : { state: 'waiting', order: poll.value };
}
