import { CHIME_MAX_BYTES } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { applyFades, framesOf, normalizePeak, peakOf, toStereo, trim, waveformPeaks } from './edit.ts';
import { encodeWav, maxFramesFor, readWavHeader, WavTooLargeError, wavBytesFor } from './wav.ts';

const RATE = 44_100;

/** A tone of `seconds` at `hz` and `amplitude`, one channel. */
function tone(seconds: number, hz = 440, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return out;
}

describe('encodeWav', () => {
  it('writes a RIFF/WAVE PCM 16-bit header with the right rate, channels, byte rate and sizes', () => {
    const left = tone(0.25);
    const bytes = encodeWav([left, left.slice()]);
    const frames = left.length;
    expect(bytes.length).toBe(44 + frames * 4);
    expect(readWavHeader(bytes)).toEqual({
      riff: 'RIFF',
      wave: 'WAVE',
      audioFormat: 1,
      channels: 2,
      sampleRate: 44_100,
      byteRate: 176_400,
      blockAlign: 4,
      bitsPerSample: 16,
      dataBytes: frames * 4,
    });
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(String.fromCharCode(...bytes.subarray(36, 40))).toBe('data');
  });

  it('interleaves channels and clips to full scale', () => {
    const bytes = encodeWav([Float32Array.of(1, -1, 2), Float32Array.of(0, 0.5, -3)]);
    const samples = new Int16Array(bytes.buffer, 44);
    expect([...samples]).toEqual([32767, 0, -32768, 16384, 32767, -32768]);
  });

  it('writes mono with its own block align and byte rate', () => {
    const header = readWavHeader(encodeWav([tone(0.01)]));
    expect(header).toMatchObject({ channels: 1, blockAlign: 2, byteRate: 88_200 });
  });

  it('refuses a file over the size cap before writing it', () => {
    const frames = maxFramesFor(CHIME_MAX_BYTES, 2);
    expect(frames).toBe(249_988);
    // ~5.67 s of 44.1 kHz stereo fits under 1 MB.
    expect(frames / RATE).toBeCloseTo(5.6687, 3);
    expect(wavBytesFor(frames, 2)).toBeLessThanOrEqual(CHIME_MAX_BYTES);
    expect(wavBytesFor(frames + 1, 2)).toBeGreaterThan(CHIME_MAX_BYTES);
    const fits = new Float32Array(frames);
    expect(encodeWav([fits, fits], { maxBytes: CHIME_MAX_BYTES }).length).toBeLessThan(1_000_000);
    const over = new Float32Array(frames + 1);
    expect(() => encodeWav([over, over], { maxBytes: CHIME_MAX_BYTES })).toThrow(WavTooLargeError);
  });
});

describe('trim', () => {
  it('keeps frames [start, end) of every channel, clamped to the data', () => {
    const a = tone(1);
    const b = tone(1, 220);
    const [left, right] = trim([a, b], framesOf(250, RATE), framesOf(750, RATE));
    expect(left).toHaveLength(22_050);
    expect(right).toHaveLength(22_050);
    expect(left![0]).toBe(a[11_025]);
    expect(right![22_049]).toBe(b[33_074]);
    expect(trim([a], -100, 10)[0]).toHaveLength(10);
    expect(trim([a], 44_000, 99_999)[0]).toHaveLength(100);
    expect(trim([a], 500, 100)[0]).toHaveLength(0);
  });
});

describe('applyFades', () => {
  it('ramps linearly from silence in and to silence out, leaving the middle alone', () => {
    const flat = new Float32Array(RATE).fill(1);
    applyFades([flat], 100, 200, RATE);
    const fadeIn = framesOf(100, RATE);
    const fadeOut = framesOf(200, RATE);
    expect(flat[0]).toBe(0);
    expect(flat[fadeIn / 2]).toBeCloseTo(0.5, 3);
    expect(flat[fadeIn]).toBe(1);
    expect(flat[RATE / 2]).toBe(1);
    expect(flat[RATE - 1]).toBe(0);
    expect(flat[RATE - 1 - fadeOut / 2]).toBeCloseTo(0.5, 3);
    expect(flat[RATE - 1 - fadeOut]).toBe(1);
    // Monotonic ramps.
    for (let i = 1; i < fadeIn; i++) expect(flat[i]!).toBeGreaterThan(flat[i - 1]!);
  });

  it('shortens a fade longer than the audio', () => {
    const flat = new Float32Array(100).fill(1);
    applyFades([flat], 10_000, 0, RATE);
    expect(flat[0]).toBe(0);
    expect(flat[99]).toBeCloseTo(0.99, 5);
  });
});

describe('normalizePeak', () => {
  it('brings the peak to −1 dBFS with one gain for every channel', () => {
    const loud = tone(0.1, 440, 0.25);
    const quiet = tone(0.1, 440, 0.1);
    const gain = normalizePeak([loud, quiet]);
    const target = 10 ** (-1 / 20);
    expect(peakOf([loud, quiet])).toBeCloseTo(target, 5);
    expect(peakOf([quiet])).toBeCloseTo(target * 0.4, 4);
    expect(gain).toBeCloseTo(target / peakOfTone(0.25), 3);
  });

  it('leaves silence alone', () => {
    const silence = new Float32Array(100);
    expect(normalizePeak([silence])).toBe(1);
    expect(peakOf([silence])).toBe(0);
  });
});

function peakOfTone(amplitude: number): number {
  return peakOf([tone(0.1, 440, amplitude)]);
}

describe('toStereo and waveformPeaks', () => {
  it('copies mono to two channels and keeps stereo', () => {
    const mono = tone(0.01);
    const [l, r] = toStereo([mono]);
    expect(l).toBe(mono);
    expect(r).not.toBe(mono);
    expect([...r]).toEqual([...mono]);
    const right = tone(0.01, 220);
    expect(toStereo([mono, right])[1]).toBe(right);
  });

  it('answers one peak per bucket', () => {
    const data = new Float32Array(1000);
    data[10] = -0.8;
    data[990] = 0.3;
    const peaks = waveformPeaks([data], 10);
    expect(peaks).toHaveLength(10);
    expect(peaks[0]).toBeCloseTo(0.8, 5);
    expect(peaks[9]).toBeCloseTo(0.3, 5);
    expect(peaks[5]).toBe(0);
  });
});
