import { TEAM_EXPIRES_CHOICES_MINUTES } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { durationText, timeLeft } from './team-time.ts';

const NOW = Date.parse('2026-12-01T08:00:00Z');
const after = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('a team countdown', () => {
  it('counts days and hours, or hours and minutes within the last day', () => {
    expect(timeLeft(after(3 * 1440 + 125), NOW)).toBe('还剩 3天2小时');
    expect(timeLeft(after(1440), NOW)).toBe('还剩 1天');
    expect(timeLeft(after(80), NOW)).toBe('还剩 1小时20分钟');
    expect(timeLeft(after(120), NOW)).toBe('还剩 2小时');
    expect(timeLeft(after(5.5), NOW)).toBe('还剩 5分钟');
  });

  it('says 即将结束 in the last minute and nothing once past', () => {
    expect(timeLeft(after(0.5), NOW)).toBe('即将结束');
    expect(timeLeft(after(0), NOW)).toBe('');
    expect(timeLeft(after(-30), NOW)).toBe('');
    expect(timeLeft('not a time', NOW)).toBe('');
  });
});

describe('the duration choices', () => {
  it('read in the largest whole unit', () => {
    expect(TEAM_EXPIRES_CHOICES_MINUTES.map(durationText)).toEqual([
      '30分钟',
      '1小时',
      '2小时',
      '4小时',
      '8小时',
      '1天',
      '3天',
      '7天',
    ]);
  });
});
