import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second (the SMS resend countdown, the
 * scan page's expiry). Counted from a wall-clock deadline, so a tab throttled in the
 * background still ends on time.
 */
export function useCountdown(initialSeconds = 0): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(() =>
    initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : null,
  );
  const [seconds, setSeconds] = useState(() => Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSeconds(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((s: number) => {
    setSeconds(Math.max(0, Math.ceil(s)));
    setDeadline(Date.now() + s * 1000);
  }, []);

  return { seconds, start };
}
