import { PROGRESS_MAX } from './constants.ts';

/** Where a jump of `delta` seconds from `current` lands: never before 0 nor past the end. */
export function clampSeek(current: number, delta: number, duration: number): number {
  const target = (Number.isFinite(current) ? current : 0) + delta;
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(target, 0), end);
}

/** The progress slider's value (0–100) for a time, rounded to its step of 0.01. */
export function progressOf(time: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(time)) return 0;
  const ratio = Math.min(Math.max(time / duration, 0), 1);
  return Math.round(ratio * PROGRESS_MAX * 100) / 100;
}

/** The time a progress value (0–100) stands for. */
export function timeOfProgress(progress: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(progress)) return 0;
  return (Math.min(Math.max(progress, 0), PROGRESS_MAX) / PROGRESS_MAX) * duration;
}

/** Which side of the picture a tap at `x` (of `width`) seeks: the outer thirds, else none. */
export function tapSide(x: number, width: number): -1 | 0 | 1 {
  if (!(width > 0)) return 0;
  if (x < width / 3) return -1;
  if (x > (width * 2) / 3) return 1;
  return 0;
}

/** "1:05" or "1:02:03" for a number of seconds. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
