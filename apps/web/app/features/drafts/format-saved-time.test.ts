import { describe, expect, it } from 'vitest';
import { firstLine, formatClock, formatSavedTime } from './format-saved-time.ts';

describe('draft times (China time)', () => {
  const now = new Date('2026-11-23T06:30:00Z'); // 14:30 in Shanghai

  it('says 今天 and 昨天 by the calendar day in China, then the date', () => {
    expect(formatSavedTime('2026-11-23T01:05:00Z', now)).toBe('今天 09:05');
    // 23:30 on the 22nd in Shanghai, though still the 22nd in UTC too.
    expect(formatSavedTime('2026-11-22T15:30:00Z', now)).toBe('昨天 23:30');
    // 00:10 on the 23rd in Shanghai is today, though it is the 22nd in UTC.
    expect(formatSavedTime('2026-11-22T16:10:00Z', now)).toBe('今天 00:10');
    expect(formatSavedTime('2026-11-01T04:00:00Z', now)).toBe('11-01 12:00');
    expect(formatSavedTime('2025-12-31T04:00:00Z', now)).toBe('2025-12-31 12:00');
    expect(formatSavedTime('not a date', now)).toBe('');
  });

  it('shows the clock as hh:mm', () => {
    expect(formatClock(new Date('2026-11-23T01:05:00Z'))).toBe('09:05');
  });

  it('takes the first line with text', () => {
    expect(firstLine('\n  \n  第一行 \n第二行')).toBe('第一行');
    expect(firstLine('   ')).toBe('');
  });
});
