import { AppError, CHIME_SAMPLE_RATE } from '@evcircle/contract';

/** What a chime's bytes say it is. */
export type WavFacts = { channels: 1 | 2; sampleRate: number; bitsPerSample: 16; frames: number; durationMs: number };

const PCM = 1;

/**
 * Reads a chime's WAV by its bytes, whatever it was named: a RIFF/WAVE file whose `fmt `
 * chunk says PCM (format 1), 1 or 2 channels, 44,100 Hz, 16-bit with a consistent block
 * alignment and byte rate, followed by a `data` chunk of whole frames that fits in the
 * file. Anything else (an MP3 renamed .wav, 8-bit, 48 kHz, float samples, a truncated
 * file) is CHIME_WAV_INVALID. The size cap is the caller's (the upload stops at it).
 */
export function readChimeWav(bytes: Buffer): WavFacts {
  const invalid = () => new AppError('CHIME_WAV_INVALID');
  if (bytes.length < 44) throw invalid();
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') throw invalid();
  let format: { channels: number; sampleRate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw invalid();
      const audioFormat = bytes.readUInt16LE(body);
      const channels = bytes.readUInt16LE(body + 2);
      const sampleRate = bytes.readUInt32LE(body + 4);
      const byteRate = bytes.readUInt32LE(body + 8);
      const blockAlign = bytes.readUInt16LE(body + 12);
      const bits = bytes.readUInt16LE(body + 14);
      if (audioFormat !== PCM || (channels !== 1 && channels !== 2)) throw invalid();
      if (sampleRate !== CHIME_SAMPLE_RATE || bits !== 16) throw invalid();
      if (blockAlign !== channels * 2 || byteRate !== sampleRate * blockAlign) throw invalid();
      format = { channels, sampleRate, bits };
    } else if (id === 'data') {
      if (!format || body + size > bytes.length || size === 0) throw invalid();
      const blockAlign = format.channels * 2;
      if (size % blockAlign !== 0) throw invalid();
      const frames = size / blockAlign;
      return {
        channels: format.channels as 1 | 2,
        sampleRate: format.sampleRate,
        bitsPerSample: 16,
        frames,
        durationMs: Math.round((frames * 1000) / format.sampleRate),
      };
    }
    // Chunks are word-aligned: an odd size has a pad byte.
    offset = body + size + (size % 2);
  }
  throw invalid();
}
