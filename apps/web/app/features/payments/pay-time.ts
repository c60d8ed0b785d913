// What every checkout shows of time and money (the sandbox cashier, the VIP QR dialog),
// apart from React so it is tested alone.

/** Whole seconds from `now` until `iso` (0 once passed, or for a time that does not parse). */
export function secondsUntil(iso: string, now: number): number {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 0;
  return Math.max(0, Math.ceil((time - now) / 1000));
}

/** The time left to pay as a clock reads it: 29:59, 05:00, 00:00; 1:00:00 from an hour up. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** Yuan as a cashier shows it: ¥39.90. */
export function formatAmount(yuan: number): string {
  return `¥${yuan.toFixed(2)}`;
}
