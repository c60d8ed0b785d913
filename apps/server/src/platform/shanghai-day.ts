// Calendar days as people in China count them: Asia/Shanghai is UTC+8 all year (no
// daylight saving). Check-ins and search statistics turn the day at 16:00 UTC.

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Asia/Shanghai calendar day of `now`, e.g. '2026-11-23' (the day turns at 16:00 UTC). */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar day `days` before `day` ('2026-03-01', 1 → '2026-02-28'). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day before `day` ('2026-03-01' → '2026-02-28'). */
export function previousDay(day: string): string {
  return daysBefore(day, 1);
}
