import { CHIME_SAMPLE_RATE } from '@evcircle/contract/client';
import type { DecodedAudio } from './decoded.ts';
import { toStereo } from './edit.ts';

/**
 * Decodes a 16-bit PCM WAV at 44.1 kHz (what the FFmpeg fallback writes) to float
 * channels, walking its chunks (FFmpeg may write a LIST chunk before `data`). Throws on
 * anything else.
 */
export function decodeWav(bytes: Uint8Array): DecodedAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new Error('not a WAV file');
  let channels = 0;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      const format = view.getUint16(body, true);
      channels = view.getUint16(body + 2, true);
      const rate = view.getUint32(body + 4, true);
      const bits = view.getUint16(body + 14, true);
      if (format !== 1 || bits !== 16 || rate !== CHIME_SAMPLE_RATE || channels < 1) {
        throw new Error('not 16-bit PCM at 44.1 kHz');
      }
    } else if (id === 'data') {
      if (channels === 0) throw new Error('data before fmt');
      const available = Math.min(size, bytes.length - body);
      const frames = Math.floor(available / (channels * 2));
      const out = Array.from({ length: channels }, () => new Float32Array(frames));
      for (let i = 0; i < frames; i++) {
        for (let c = 0; c < channels; c++) {
          out[c]![i] = view.getInt16(body + (i * channels + c) * 2, true) / 0x8000;
        }
      }
      return { channels: toStereo(out), sampleRate: CHIME_SAMPLE_RATE };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}
