import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_QUALITY_HEIGHT,
  PLAYBACK_RATES,
  PROGRESS_STEP,
  SEEK_STEP_SECONDS,
  STALL_DELAY_MS,
} from './constants.ts';
import { createPlayerStateTracker, type PlayerState } from './player-state.ts';
import { nearestQualityIndex, renditionQuality } from './quality.ts';
import { clampSeek, formatTime, progressOf, tapSide, timeOfProgress } from './seek.ts';

describe('constants', () => {
  it('are those of SPEC.md §9', () => {
    expect(SEEK_STEP_SECONDS).toBe(10);
    expect(DEFAULT_QUALITY_HEIGHT).toBe(576);
    expect(STALL_DELAY_MS).toBe(250);
    expect(PROGRESS_STEP).toBe(0.01);
    expect(Math.min(...PLAYBACK_RATES)).toBe(0.5);
    expect(Math.max(...PLAYBACK_RATES)).toBe(4);
  });
});

describe('nearestQualityIndex', () => {
  it('picks the rendition nearest 576', () => {
    expect(nearestQualityIndex([1080, 720, 480, 360])).toBe(2);
    expect(nearestQualityIndex([360, 720])).toBe(1);
    expect(nearestQualityIndex([240])).toBe(0);
    expect(nearestQualityIndex([2160, 1440])).toBe(1);
  });
  it('prefers the lower on a tie and skips unknown heights', () => {
    expect(nearestQualityIndex([672, 480])).toBe(1);
    expect(nearestQualityIndex([0, Number.NaN, 720])).toBe(2);
  });
  it('answers -1 without renditions', () => {
    expect(nearestQualityIndex([])).toBe(-1);
    expect(nearestQualityIndex([0])).toBe(-1);
  });
  it('names a rendition by its short side (portrait videos too)', () => {
    expect(renditionQuality({ width: 1280, height: 720 })).toBe(720);
    expect(renditionQuality({ width: 360, height: 640 })).toBe(360);
    expect(renditionQuality({ height: 480 })).toBe(480);
    expect(renditionQuality({})).toBe(0);
    const ladder = [
      { width: 360, height: 640 },
      { width: 480, height: 852 },
    ];
    expect(nearestQualityIndex(ladder.map(renditionQuality))).toBe(1);
  });
  it('takes another target', () => {
    expect(nearestQualityIndex([1080, 720, 480], 1000)).toBe(0);
  });
});

describe('seeking', () => {
  it('clamps to the start and the end', () => {
    expect(clampSeek(5, -10, 60)).toBe(0);
    expect(clampSeek(55, 10, 60)).toBe(60);
    expect(clampSeek(20, 10, 60)).toBe(30);
    expect(clampSeek(20, 10, Number.NaN)).toBe(30);
    expect(clampSeek(Number.NaN, 10, 60)).toBe(10);
  });
  it('maps time and progress 0–100 in steps of 0.01', () => {
    expect(progressOf(30, 60)).toBe(50);
    expect(progressOf(1, 3)).toBe(33.33);
    expect(progressOf(90, 60)).toBe(100);
    expect(progressOf(5, 0)).toBe(0);
    expect(timeOfProgress(25, 60)).toBe(15);
    expect(timeOfProgress(150, 60)).toBe(60);
    expect(timeOfProgress(10, Number.NaN)).toBe(0);
  });
  it('knows the tapped side', () => {
    expect(tapSide(10, 300)).toBe(-1);
    expect(tapSide(150, 300)).toBe(0);
    expect(tapSide(290, 300)).toBe(1);
    expect(tapSide(10, 0)).toBe(0);
  });
  it('formats times', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('createPlayerStateTracker', () => {
  afterEach(() => vi.useRealTimers());

  function tracker() {
    vi.useFakeTimers();
    const seen: PlayerState[] = [];
    const t = createPlayerStateTracker((state) => seen.push(state));
    return { t, seen };
  }

  it('starts stopped and follows play, pause and end', () => {
    const { t, seen } = tracker();
    expect(t.state).toBe('stopped');
    t.handle('play');
    t.handle('playing');
    t.handle('pause');
    t.handle('play');
    t.handle('pause');
    t.handle('ended');
    t.handle('pause');
    expect(seen).toEqual(['playing', 'paused', 'playing', 'paused', 'ended']);
    t.handle('seeked');
    t.handle('play');
    t.handle('ended');
    t.handle('seeked');
    expect(t.state).toBe('paused');
    t.handle('emptied');
    expect(t.state).toBe('stopped');
  });

  it('shows loading only after a stall lasted 250 ms', () => {
    const { t, seen } = tracker();
    t.handle('playing');
    t.handle('waiting');
    vi.advanceTimersByTime(STALL_DELAY_MS - 1);
    expect(t.state).toBe('playing');
    vi.advanceTimersByTime(1);
    expect(t.state).toBe('loading');
    t.handle('playing');
    expect(t.state).toBe('playing');
    expect(seen).toEqual(['playing', 'loading', 'playing']);
  });

  it('never shows loading for a short stall', () => {
    const { t, seen } = tracker();
    t.handle('playing');
    t.handle('stalled');
    vi.advanceTimersByTime(100);
    t.handle('canplay');
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['playing']);
  });

  it('a repeated stall does not restart the delay; pausing ends loading', () => {
    const { t } = tracker();
    t.handle('playing');
    t.handle('waiting');
    vi.advanceTimersByTime(200);
    t.handle('stalled');
    vi.advanceTimersByTime(50);
    expect(t.state).toBe('loading');
    t.handle('pause');
    expect(t.state).toBe('paused');
  });

  it('dispose cancels a pending delay', () => {
    const { t, seen } = tracker();
    t.handle('waiting');
    t.dispose();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([]);
  });
});
