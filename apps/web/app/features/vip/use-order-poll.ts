import { ApiError, type EndpointData, STATUS, vipOrderStatus } from '@evcircle/contract/client';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { nextPollDelay } from './checkout-rules.ts';

/** An order's state with the membership it left (order-status). */
export type PolledOrder = EndpointData<typeof vipOrderStatus>;

/** Refusals that asking again cannot change: not the viewer's order, no such order, nobody logged in. */
const ANSWERS_THAT_STAY: readonly number[] = [STATUS.NOT_FOUND, STATUS.VALIDATION_FAILED, STATUS.NOT_LOGGED_IN];

export type OrderPoll =
  | { state: 'waiting'; order: PolledOrder | null }
  | { state: 'settled'; order: PolledOrder }
  /** The order is not the viewer's, does not exist, or nobody is logged in: asking again changes nothing. */
  | { state: 'missing'; message: string };

/**
 * Asks for an order's state every ORDER_STATUS_POLL_MS, the first time after `firstDelayMs`
 * (0 on the return from a provider's page, where the answer is likely in already), until
 * it is final (nextPollDelay) or `orderId` becomes null / the component unmounts (the
 * dialog closed). A failed call (offline, a blip) is asked again at the usual pace.
 */
export function useOrderPoll(orderId: string | null, firstDelayMs: number): OrderPoll {
  const api = useApi();
  const [poll, setPoll] = useState<{ orderId: string; poll: OrderPoll } | null>(null);

  useEffect(() => {
    if (!orderId) return;
    let isOpen = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let delay = nextPollDelay('created', isOpen);
      try {
        const order = await api.call(vipOrderStatus, { order_id: orderId });
        if (!isOpen) return;
        delay = nextPollDelay(order.state, isOpen);
        setPoll({ orderId, poll: delay === null ? { state: 'settled', order } : { state: 'waiting', order } });
      } catch (error) {
        if (!isOpen) return;
        if (error instanceof ApiError && ANSWERS_THAT_STAY.includes(error.status)) {
          setPoll({ orderId, poll: { state: 'missing', message: error.message } });
          return;
        }
      }
      if (delay !== null) timer = setTimeout(ask, delay);
    };
    timer = setTimeout(ask, firstDelayMs);
    return () => {
      isOpen = false;
      clearTimeout(timer);
    };
  }, [api, orderId, firstDelayMs]);

  return poll && poll.orderId === orderId ? poll.poll : { state: 'waiting', order: null };
}
