// Pure edits on decoded audio: Float32 channel data at one sample rate (decoding already
// gives 44.1 kHz, so nothing here resamples).

export type Channels = readonly Float32Array[];

/** Frames of `ms` milliseconds at `sampleRate`, rounded. */
export function framesOf(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000);
}

/** A copy of frames [start, end) of every channel; the bounds are clamped to the data. */
export function trim(channels: Channels, start: number, end: number): Float32Array[] {
  const length = channels[0]?.length ?? 0;
  const from = Math.max(0, Math.min(length, Math.floor(start)));
  const to = Math.max(from, Math.min(length, Math.floor(end)));
  return channels.map((c) => c.slice(from, to));
}

/**
 * Linear fade-in over the first `fadeInMs` and fade-out over the last `fadeOutMs`, in
 * place (call it on a trimmed copy). The first frame of a fade-in is silent and the last
 * frame of a fade-out is silent; a fade longer than the audio is shortened to it.
 */
export function applyFades(channels: Channels, fadeInMs: number, fadeOutMs: number, sampleRate: number): void {
  const length = channels[0]?.length ?? 0;
  const fadeIn = Math.min(length, framesOf(Math.max(0, fadeInMs), sampleRate));
  const fadeOut = Math.min(length, framesOf(Math.max(0, fadeOutMs), sampleRate));
  for (const channel of channels) {
    for (let i = 0; i < fadeIn; i++) channel[i]! *= i / fadeIn;
    for (let i = 0; i < fadeOut; i++) channel[length - 1 - i]! *= i / fadeOut;
  }
}

/** The largest absolute sample over every channel. */
export function peakOf(channels: Channels): number {
  let peak = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) {
      const v = Math.abs(channel[i]!);
      if (v > peak) peak = v;
    }
  }
  return peak;
}

/** The loudness normalisation targets: the peak, in dB below full scale. */
export const NORMALIZE_PEAK_DBFS = -1;

/**
 * Peak normalisation, in place: scales every channel by one gain so the loudest sample
 * sits at `targetDbfs` (−1 dBFS by default, leaving headroom for the car's converter).
 * Silence is left alone (gain 1). Answers the gain applied.
 */
export function normalizePeak(channels: Channels, targetDbfs = NORMALIZE_PEAK_DBFS): number {
  const peak = peakOf(channels);
  if (peak === 0) return 1;
  const gain = 10 ** (targetDbfs / 20) / peak;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) channel[i]! *= gain;
  }
  return gain;
}

/** Two channels from one or more: a mono source is copied to both; more than two keep the first two. */
export function toStereo(channels: Channels): [Float32Array, Float32Array] {
  const left = channels[0] ?? new Float32Array(0);
  const right = channels[1] ?? left;
  return [left, right === left ? left.slice() : right];
}

/**
 * Peaks for drawing a waveform: for each of `buckets` slices of the audio, the largest
 * absolute sample over the channels (0–1).
 */
export function waveformPeaks(channels: Channels, buckets: number): Float32Array {
  const length = channels[0]?.length ?? 0;
  const out = new Float32Array(Math.max(0, buckets));
  if (length === 0 || buckets <= 0) return out;
  const step = length / buckets;
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor(b * step);
    const to = Math.max(from + 1, Math.floor((b + 1) * step));
    let peak = 0;
    for (const channel of channels) {
      for (let i = from; i < to && i < length; i++) {
        const v = Math.abs(channel[i]!);
        if (v > peak) peak = v;
      }
    }
    out[b] = Math.min(1, peak);
  }
  return out;
}
