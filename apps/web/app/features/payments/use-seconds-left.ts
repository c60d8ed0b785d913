import { useEffect, useState } from 'react';
import { useCountdown } from '~/lib/use-countdown.ts';
import { secondsUntil } from './pay-time.ts';

/**
 * Seconds left until `expiresAt`, ticking; null until the page runs in the browser, so the
 * server's HTML and the first browser render agree (the clocks differ) and nothing says
 * 00:00 before it is counted.
 */
export function useSecondsLeft(expiresAt: string): number | null {
  const { seconds, start } = useCountdown();
  const [isCounting, setIsCounting] = useState(false);
  useEffect(() => {
    start(secondsUntil(expiresAt, Date.now()));
    setIsCounting(true);
  }, [expiresAt, start]);
  return isCounting ? seconds : null;
}
