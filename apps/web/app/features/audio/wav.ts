import { CHIME_SAMPLE_RATE, WAV_HEADER_BYTES } from '@evcircle/contract/client';

// A WAV writer: RIFF/WAVE, PCM 16-bit little-endian, the canonical 44-byte header (SPEC.md
// §9 "Audio extraction output": 44,100 Hz, 2 channels, 16-bit).

const BYTES_PER_SAMPLE = 2;

/** Bytes of a 16-bit WAV of `frames` frames of `channels` channels. */
export function wavBytesFor(frames: number, channels: number): number {
  return WAV_HEADER_BYTES + frames * channels * BYTES_PER_SAMPLE;
}

/** The most frames of `channels` channels whose 16-bit WAV is at most `maxBytes`. */
export function maxFramesFor(maxBytes: number, channels: number): number {
  return Math.max(0, Math.floor((maxBytes - WAV_HEADER_BYTES) / (channels * BYTES_PER_SAMPLE)));
}

export class WavTooLargeError extends Error {
  constructor(bytes: number, maxBytes: number) {
    super(`WAV of ${bytes} bytes is over the cap of ${maxBytes}`);
    this.name = 'WavTooLargeError';
  }
}

/**
 * Encodes channel data (−1…1 floats, every channel the same length) as a 16-bit PCM WAV
 * at `sampleRate`. Samples are clipped to −1…1 and rounded to the nearest step; channels
 * are interleaved. With `maxBytes`, a file that would be larger throws WavTooLargeError
 * before anything is allocated.
 */
export function encodeWav(
  channels: readonly Float32Array[],
  options: { sampleRate?: number; maxBytes?: number } = {},
): Uint8Array<ArrayBuffer> {
  const sampleRate = options.sampleRate ?? CHIME_SAMPLE_RATE;
  const count = channels.length;
  if (count < 1) throw new Error('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  if (channels.some((c) => c.length !== frames)) throw new Error('encodeWav: channels differ in length');
  const total = wavBytesFor(frames, count);
  if (options.maxBytes !== undefined && total > options.maxBytes) throw new WavTooLargeError(total, options.maxBytes);
  const dataBytes = total - WAV_HEADER_BYTES;
  const buffer = new ArrayBuffer(total);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, total - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, count, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * count * BYTES_PER_SAMPLE, true);
  view.setUint16(32, count * BYTES_PER_SAMPLE, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  const samples = new Int16Array(buffer, WAV_HEADER_BYTES, frames * count);
  for (let c = 0; c < count; c++) {
    const channel = channels[c]!;
    for (let i = 0; i < frames; i++) {
      const s = Math.max(-1, Math.min(1, channel[i]!));
      samples[i * count + c] = Math.round(s < 0 ? s * 0x8000 : s * 0x7fff);
    }
  }
  return new Uint8Array(buffer);
}

/** What a WAV header says (for checks of files we wrote). */
export type WavHeader = {
  riff: string;
  wave: string;
  audioFormat: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  dataBytes: number;
};

/** Reads the canonical 44-byte header encodeWav writes. */
export function readWavHeader(bytes: Uint8Array): WavHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return {
    riff: text(0),
    wave: text(8),
    audioFormat: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    dataBytes: view.getUint32(40, true),
  };
}
