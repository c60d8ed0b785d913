import { ApiError, STATUS } from '@evcircle/contract/client';
import { useEffect, useRef, useState } from 'react';
import { nextPollDelay } from './pay-rules.ts';

/** Refusals that asking again cannot change: not the viewer's order, no such order, nobody logged in. */
const ANSWERS_THAT_STAY: readonly number[] = [STATUS.NOT_FOUND, STATUS.VALIDATION_FAILED, STATUS.NOT_LOGGED_IN];

export type Poll<T> =
  | { state: 'waiting'; value: T | null }
  | { state: 'settled'; value: T }
  /** The order is not the viewer's, does not exist, or nobody is logged in: asking again changes nothing. */
  | { state: 'missing'; message: string };

export type PollOptions<T> = {
  /** What is asked about (an order number); null stops asking. A new key starts over. */
  key: string | null;
  ask: (key: string) => Promise<T>;
  /** A final answer ends the poll. */
  isFinal: (value: T) => boolean;
  /** The first ask after this (0 on the return from a provider's page, where the answer is likely in already). */
  firstDelayMs: number;
  intervalMs: number;
};

/**
 * The one poll of every checkout (VIP's QR dialog and return, the shop's): asks every
 * `intervalMs`, the first time after `firstDelayMs`, until the answer is final or `key`
 * becomes null / the component unmounts (the dialog closed). A failed call (offline, a
 * blip) is asked again at the usual pace; a refusal that stays ends it as 'missing'.
 */
export function usePoll<T>({ key, ask, isFinal, firstDelayMs, intervalMs }: PollOptions<T>): Poll<T> {
  const [poll, setPoll] = useState<{ key: string; poll: Poll<T> } | null>(null);
  // The callers pass fresh functions each render; the poll runs on the latest ones without restarting.
  const askRef = useRef(ask);
  const finalRef = useRef(isFinal);
  useEffect(() => {
    askRef.current = ask;
    finalRef.current = isFinal;
  });

  useEffect(() => {
    if (!key) return;
    let isOpen = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = async () => {
      let delay = nextPollDelay(false, isOpen, intervalMs);
      try {
        const value = await askRef.current(key);
        if (!isOpen) return;
        delay = nextPollDelay(finalRef.current(value), isOpen, intervalMs);
        setPoll({ key, poll: delay === null ? { state: 'settled', value } : { state: 'waiting', value } });
      } catch (error) {
        if (!isOpen) return;
        if (error instanceof ApiError && ANSWERS_THAT_STAY.includes(error.status)) {
          setPoll({ key, poll: { state: 'missing', message: error.message } });
          return;
        }
      }
      if (delay !== null) timer = setTimeout(next, delay);
    };
    timer = setTimeout(next, firstDelayMs);
    return () => {
      isOpen = false;
      clearTimeout(timer);
    };
  }, [key, firstDelayMs, intervalMs]);

  return poll && poll.key === key ? poll.poll : { state: 'waiting', value: null };
}
