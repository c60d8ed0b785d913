import { CHIME_SAMPLE_RATE, formatMessage } from '@evcircle/contract/client';
import { Download, FileAudio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { encodeWav } from '~/features/audio/index.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { formatBytes, formatSeconds, LOCKCHIME_MESSAGES as M } from './messages.ts';
import type { RemoteSource } from './source.ts';
import { SourcePicker, SourceStatus } from './source-picker.tsx';
import { useAudioSource } from './use-audio-source.ts';

export type ExtractorProps = {
  /** A post's video to extract from (the user starts it). */
  source: RemoteSource | null;
};

/** `clip.mp4` → `clip.wav`. */
function wavName(name: string): string {
  return `${name.replace(/\.[^./]+$/, '') || 'audio'}.wav`;
}

/** 提取音频: the whole audio of a video or audio file as a WAV (44.1 kHz, 2 channels, 16-bit), with progress. */
export function AudioExtractor({ source }: ExtractorProps) {
  const { state, load } = useAudioSource(null, false);
  const [result, setResult] = useState<{ url: string; name: string; bytes: number; durationMs: number } | null>(null);

  useEffect(() => {
    if (state.status !== 'ready') return;
    const wav = encodeWav(state.audio.channels);
    const url = URL.createObjectURL(new Blob([wav], { type: 'audio/wav' }));
    setResult({
      url,
      name: wavName(state.name),
      bytes: wav.length,
      durationMs: (state.audio.channels[0].length * 1000) / CHIME_SAMPLE_RATE,
    });
    return () => URL.revokeObjectURL(url);
  }, [state]);

  const busy = state.status === 'loading';
  return (
    <div className="space-y-4" data-testid="audio-extractor">
      <p className="text-sm text-gray-600 dark:text-gray-300">{M.extractIntro}</p>
      {source ? (
        <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-gray-50 p-4 dark:bg-gray-900">
          <FileAudio aria-hidden="true" className="size-5 text-amber-600" />
          <span className="min-w-0 flex-1 truncate text-sm">{source.label}</span>
          <Button
            disabled={busy}
            onClick={() => {
              setResult(null);
              void load({ kind: 'remote', source });
            }}
            data-testid="extract-post-video"
          >
            {M.extractButton}
          </Button>
        </div>
      ) : null}
      <SourcePicker
        compact={source !== null}
        hasFile={state.status !== 'idle'}
        onFile={(file) => {
          setResult(null);
          void load({ kind: 'file', file });
        }}
      />
      <SourceStatus state={state} />
      {result && state.status === 'ready' ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-primary-200 p-4 dark:border-primary-900"
          data-testid="extract-result"
        >
          <span className="flex-1 text-sm">
            {formatMessage(M.extractDone, {
              duration: formatSeconds(result.durationMs),
              size: formatBytes(result.bytes),
            })}
          </span>
          <a href={result.url} download={result.name} className={buttonClass()} data-testid="extract-download">
            <Download aria-hidden="true" className="size-4" />
            {M.downloadWav}
          </a>
        </div>
      ) : null}
    </div>
  );
}
