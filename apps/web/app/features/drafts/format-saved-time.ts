import { formatMessage } from '@evcircle/contract/client';
import { type ChinaTimeParts, chinaTimeParts } from '~/lib/china-time.ts';
import { DRAFTS_MESSAGES } from './messages.ts';

function parts(date: Date): ChinaTimeParts {
  return chinaTimeParts(date.getTime());
}

/** hh:mm in China time (the autosave indicator). */
export function formatClock(date: Date): string {
  const p = parts(date);
  return `${p.hour}:${p.minute}`;
}

/**
 * When a draft was saved, as people say it: 今天 14:03, 昨天 09:12, 11-20 18:30, and the
 * year only when it is not this year's (China time).
 */
export function formatSavedTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = parts(date);
  const clock = `${p.hour}:${p.minute}`;
  const today = parts(now);
  const yesterday = parts(new Date(now.getTime() - 24 * 3600 * 1000));
  const sameDay = (a: typeof p, b: typeof p) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (sameDay(p, today)) return formatMessage(DRAFTS_MESSAGES.today, { time: clock });
  if (sameDay(p, yesterday)) return formatMessage(DRAFTS_MESSAGES.yesterday, { time: clock });
  if (p.year === today.year) return `${p.month}-${p.day} ${clock}`;
  return `${p.year}-${p.month}-${p.day} ${clock}`;
}

/** The first non-empty line of a draft's text, for its row in the list. */
export function firstLine(content: string): string {
  return (
    content
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
