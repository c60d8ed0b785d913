import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUDIO_MESSAGES,
  AudioExtractError,
  type DecodedAudio,
  decodeAudioFile,
  type ExtractProgress,
  fetchWithProgress,
} from '~/features/audio/index.ts';
import type { RemoteSource } from './source.ts';

export type AudioSourceState =
  | { status: 'idle' }
  | { status: 'loading'; name: string; progress: ExtractProgress }
  | { status: 'ready'; name: string; audio: DecodedAudio; elapsedMs: number }
  | { status: 'error'; name: string; message: string };

/** A picked file or a remote source (post video, shared chime), decoded to 44.1 kHz stereo. */
export type PendingSource = { kind: 'file'; file: File } | { kind: 'remote'; source: RemoteSource };

/**
 * Decodes one source at a time (a newer one wins over a slower older one), with the
 * stages and fractions the progress bar shows and SPEC.md §8's messages on failure.
 */
export function useAudioSource(initial: RemoteSource | null, autoload: boolean) {
  const [state, setState] = useState<AudioSourceState>({ status: 'idle' });
  const run = useRef(0);

  const load = useCallback(async (pending: PendingSource) => {
    const id = ++run.current;
    const name = pending.kind === 'file' ? pending.file.name : pending.source.name;
    const report = (progress: ExtractProgress) => {
      if (run.current === id) setState({ status: 'loading', name, progress });
    };
    const started = performance.now();
    try {
      report({ stage: 'stageReading', fraction: null });
      const bytes =
        pending.kind === 'file'
          ? await pending.file.arrayBuffer()
          : await fetchWithProgress(pending.source.url, (fraction) => report({ stage: 'stageReading', fraction }));
      const audio = await decodeAudioFile(bytes, name, report);
      if (run.current === id) setState({ status: 'ready', name, audio, elapsedMs: performance.now() - started });
    } catch (error) {
      const message = error instanceof AudioExtractError ? error.message : AUDIO_MESSAGES.extractFailed;
      if (run.current === id) setState({ status: 'error', name, message });
    }
  }, []);

  useEffect(() => {
    if (autoload && initial) void load({ kind: 'remote', source: initial });
  }, [autoload, initial, load]);

  return { state, load };
}
