import { formatMessage } from '@evcircle/contract/client';
import { TEAMS_MESSAGES } from './messages.ts';

/**
 * What is left of a team until `expiresAt`, as a countdown reads: 2天3小时, 1小时20分钟,
 * 5分钟; 即将结束 under a minute; '' once past (the team's status says 已结束).
 */
export function timeLeft(expiresAt: string, now: number = Date.now()): string {
  const ms = Date.parse(expiresAt) - now;
  if (Number.isNaN(ms) || ms <= 0) return '';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return TEAMS_MESSAGES.endsSoon;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(formatMessage(TEAMS_MESSAGES.days, { n: days }));
  if (hours > 0) parts.push(formatMessage(TEAMS_MESSAGES.hours, { n: hours }));
  // Minutes matter only within the last day.
  if (days === 0 && rest > 0) parts.push(formatMessage(TEAMS_MESSAGES.minutes, { n: rest }));
  return formatMessage(TEAMS_MESSAGES.leftIn, { time: parts.join('') });
}

/** A duration choice of the create form (minutes) as it reads: 30分钟, 2小时, 3天. */
export function durationText(minutes: number): string {
  if (minutes % 1440 === 0) return formatMessage(TEAMS_MESSAGES.daysChoice, { n: minutes / 1440 });
  if (minutes % 60 === 0) return formatMessage(TEAMS_MESSAGES.hoursChoice, { n: minutes / 60 });
  return formatMessage(TEAMS_MESSAGES.minutesChoice, { n: minutes });
}
