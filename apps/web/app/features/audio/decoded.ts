import type { CHIME_SAMPLE_RATE } from '@evcircle/contract/client';
import type { AUDIO_MESSAGES } from './messages.ts';

/** Decoded audio: two channels of −1…1 floats at 44.1 kHz. */
export type DecodedAudio = { channels: [Float32Array, Float32Array]; sampleRate: typeof CHIME_SAMPLE_RATE };

/** Where an extraction is, for the progress bar: a stage and how far it is (0–1, or null when unknown). */
export type ExtractProgress = { stage: keyof typeof AUDIO_MESSAGES; fraction: number | null };

/** An extraction failure whose message is one of SPEC.md §8's (AUDIO_MESSAGES). */
export class AudioExtractError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AudioExtractError';
  }
}
