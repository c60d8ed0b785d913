import { useEffect, useState } from 'react';

/**
 * The time, updated every `intervalMs`; null on the server and in the first render, so
 * server HTML and hydration agree (the caller shows a fixed time until then).
 */
export function useNow(intervalMs = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
