/** Times on the Beijing clock, whatever the server's or browser's zone: relative (3小时前) and full. */
import { formatMessage } from '@evcircle/contract/client';

/** The words of times (zh-CN): no space between number and unit, as Chinese apps write them. */
export const TIME_MESSAGES = {
  justNow: '刚刚',
  minutesAgo: '{count}分钟前',
  hoursAgo: '{count}小时前',
  yesterday: '昨天 {time}',
  daysAgo: '{count}天前',
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** China time, whatever the browser's zone: "today" and "yesterday" are Beijing calendar days. */
const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export type ChinaTimeParts = { year: string; month: string; day: string; hour: string; minute: string };

/** Year, month, day, hour and minute (zero-padded) of `time` on the Beijing clock. */
export function chinaTimeParts(time: number): ChinaTimeParts {
  const out: Record<string, string> = {};
  for (const part of PARTS.formatToParts(time)) out[part.type] = part.value;
  return out as ChinaTimeParts;
}

/** Days since the epoch of the Beijing calendar day `time` falls on. */
function dayNumber(parts: ChinaTimeParts): number {
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY;
}

/**
 * When a post or comment was written, as Chinese apps say it: 刚刚, 5分钟前, 3小时前 (today),
 * 昨天 21:04, 3天前 (within a week), 05-01 (this year), 2023-05-01 (earlier years).
 * A time in the future (a skewed clock) reads 刚刚.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const diff = now - time;
  if (diff < MINUTE) return TIME_MESSAGES.justNow;
  if (diff < HOUR) return formatMessage(TIME_MESSAGES.minutesAgo, { count: Math.floor(diff / MINUTE) });

  const then = chinaTimeParts(time);
  const today = chinaTimeParts(now);
  const days = dayNumber(today) - dayNumber(then);
  if (days === 0) return formatMessage(TIME_MESSAGES.hoursAgo, { count: Math.floor(diff / HOUR) });
  if (days === 1) return formatMessage(TIME_MESSAGES.yesterday, { time: `${then.hour}:${then.minute}` });
  if (days < 7) return formatMessage(TIME_MESSAGES.daysAgo, { count: days });
  if (then.year === today.year) return `${then.month}-${then.day}`;
  return `${then.year}-${then.month}-${then.day}`;
}

/** 2024-05-01 09:30 in China time, whatever the server's or browser's time zone. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = chinaTimeParts(time);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
