import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './china-time.ts';

// 2026-05-10 14:30 in Beijing (UTC+8).
const NOW = Date.parse('2026-05-10T06:30:00Z');

describe('formatRelativeTime', () => {
  it('says 刚刚 under a minute, and for a clock that runs ahead', () => {
    expect(formatRelativeTime('2026-05-10T06:29:31Z', NOW)).toBe('刚刚');
    expect(formatRelativeTime('2026-05-10T06:35:00Z', NOW)).toBe('刚刚');
  });

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime('2026-05-10T06:25:00Z', NOW)).toBe('5分钟前');
    expect(formatRelativeTime('2026-05-10T05:30:01Z', NOW)).toBe('59分钟前');
  });

  it('counts hours on the same Beijing day', () => {
    expect(formatRelativeTime('2026-05-10T03:30:00Z', NOW)).toBe('3小时前');
    // 00:10 Beijing time is still today although it is the previous UTC day.
    expect(formatRelativeTime('2026-05-09T16:10:00Z', NOW)).toBe('14小时前');
  });

  it('says 昨天 with the time for the previous Beijing day', () => {
    expect(formatRelativeTime('2026-05-09T13:04:00Z', NOW)).toBe('昨天 21:04');
    expect(formatRelativeTime('2026-05-09T15:59:00Z', NOW)).toBe('昨天 23:59');
  });

  it('counts days within a week, then shows the date', () => {
    expect(formatRelativeTime('2026-05-07T06:30:00Z', NOW)).toBe('3天前');
    expect(formatRelativeTime('2026-05-01T02:00:00Z', NOW)).toBe('05-01');
    expect(formatRelativeTime('2025-12-31T17:00:00Z', NOW)).toBe('01-01');
    expect(formatRelativeTime('2025-12-31T15:00:00Z', NOW)).toBe('2025-12-31');
  });

  it('answers nothing for a time it cannot read', () => {
    expect(formatRelativeTime('not a time', NOW)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('is the Beijing date and 24-hour clock, midnight as 00', () => {
    expect(formatDateTime('2026-05-09T16:00:00Z')).toBe('2026-05-10 00:00');
    expect(formatDateTime('2025-12-31T15:59:00Z')).toBe('2025-12-31 23:59');
    expect(formatDateTime('nope')).toBe('');
  });
});
