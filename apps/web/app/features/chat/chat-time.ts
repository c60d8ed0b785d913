import { formatMessage } from '@evcircle/contract/client';
import { chinaTimeParts } from '~/lib/china-time.ts';
import { CHAT_MESSAGES } from './messages.ts';

// Times of a conversation on the Beijing clock (day separators, a message's hh:mm), apart
// from chat-rules.ts so that the conversation list does not load the calendar code.

/** Beijing calendar day of `time`, as a number of days since the epoch. */
function chinaDay(time: number): number {
  const p = chinaTimeParts(time);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000;
}

/** Whether two times fall on the same Beijing calendar day. */
export function isSameChinaDay(a: string, b: string): boolean {
  return chinaDay(Date.parse(a)) === chinaDay(Date.parse(b));
}

/** A day separator of the conversation: 今天, 昨天, 5月3日 (this year), 2024年5月3日. */
export function dayLabel(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const days = chinaDay(now) - chinaDay(time);
  if (days === 0) return CHAT_MESSAGES.today;
  if (days === 1) return CHAT_MESSAGES.yesterday;
  const then = chinaTimeParts(time);
  const values = { year: then.year, month: Number(then.month), day: Number(then.day) };
  if (then.year === chinaTimeParts(now).year) return formatMessage(CHAT_MESSAGES.monthDay, values);
  return formatMessage(CHAT_MESSAGES.yearMonthDay, values);
}

/** 14:05, Beijing time. */
export function clockTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = chinaTimeParts(time);
  return `${p.hour}:${p.minute}`;
}
