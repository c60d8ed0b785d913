import { CHIME_CHANNELS, CHIME_MAX_BYTES, CHIME_SAMPLE_RATE, formatMessage } from '@evcircle/contract/client';
import { Download, Play, Square } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  applyFades,
  type DecodedAudio,
  encodeWav,
  framesOf,
  maxFramesFor,
  normalizePeak,
  trim,
  wavBytesFor,
} from '~/features/audio/index.ts';
import { Button } from '~/ui/button.tsx';
import { ChimeShare } from './chime-share.tsx';
import { formatBytes, formatSeconds, LOCKCHIME_MESSAGES as M } from './messages.ts';
import { saveBlob } from './save-blob.ts';
import type { RemoteSource } from './source.ts';
import { SourcePicker, SourceStatus } from './source-picker.tsx';
import { useAudioSource } from './use-audio-source.ts';
import { Waveform } from './waveform.tsx';

export type ChimeMakerProps = {
  /** A post's video or a shared chime to start from (loaded at once). */
  source: RemoteSource | null;
};

/** The longest selection whose LockChime.wav stays under 1 MB (≈5.67 s of 44.1 kHz stereo 16-bit). */
const MAX_FRAMES = maxFramesFor(CHIME_MAX_BYTES, CHIME_CHANNELS);
const MAX_MS = Math.floor((MAX_FRAMES * 1000) / CHIME_SAMPLE_RATE);
/** The sliders move in 10 ms steps (arrow keys), 100 ms with Page Up / Page Down. */
const STEP_MS = 10;
const MAX_FADE_MS = 3000;

export type Selection = { startMs: number; endMs: number };

/** The selection with `edge` moved to `ms`, kept inside the audio and never longer than MAX_MS (the other edge follows). */
export function moveEdge(selection: Selection, edge: 'start' | 'end', ms: number, totalMs: number): Selection {
  const value = Math.max(0, Math.min(totalMs, Math.round(ms / STEP_MS) * STEP_MS));
  if (edge === 'start') {
    const startMs = Math.min(value, selection.endMs - STEP_MS);
    const endMs = Math.min(selection.endMs, startMs + MAX_MS);
    return { startMs: Math.max(0, startMs), endMs };
  }
  const endMs = Math.max(value, selection.startMs + STEP_MS);
  const startMs = Math.max(selection.startMs, endMs - MAX_MS);
  return { startMs, endMs: Math.min(totalMs, endMs) };
}

type Edits = { selection: Selection; fadeInMs: number; fadeOutMs: number; normalize: boolean };

/** The chime as it will be written: the selection, faded and normalised, as 44.1 kHz float channels. */
function renderChime(audio: DecodedAudio, edits: Edits): Float32Array[] {
  const start = framesOf(edits.selection.startMs, CHIME_SAMPLE_RATE);
  const end = Math.min(start + MAX_FRAMES, framesOf(edits.selection.endMs, CHIME_SAMPLE_RATE));
  const channels = trim(audio.channels, start, end);
  applyFades(channels, edits.fadeInMs, edits.fadeOutMs, CHIME_SAMPLE_RATE);
  if (edits.normalize) normalizePeak(channels);
  return channels;
}

/** 做锁车音: pick a source, select up to ≈5.6 s on the waveform, fade, normalise, listen, download, share. */
export function ChimeMaker({ source }: ChimeMakerProps) {
  const { state, load } = useAudioSource(source, true);
  const audio = state.status === 'ready' ? state.audio : null;
  return (
    <div className="space-y-4" data-testid="chime-maker">
      {state.status === 'idle' && source === null ? (
        <SourcePicker onFile={(file) => void load({ kind: 'file', file })} />
      ) : (
        <div className="space-y-3">
          {source && state.status !== 'idle' ? (
            <p className="text-sm text-gray-600 dark:text-gray-300">{source.label}</p>
          ) : null}
          <SourceStatus state={state} />
          <SourcePicker compact onFile={(file) => void load({ kind: 'file', file })} />
        </div>
      )}
      {audio ? <ChimeEditor key={state.status === 'ready' ? state.name + state.elapsedMs : ''} audio={audio} /> : null}
    </div>
  );
}

function ChimeEditor({ audio }: { audio: DecodedAudio }) {
  const totalMs = Math.floor((audio.channels[0].length * 1000) / CHIME_SAMPLE_RATE);
  const [selection, setSelection] = useState<Selection>({ startMs: 0, endMs: Math.min(totalMs, MAX_MS) });
  const [fadeInMs, setFadeInMs] = useState(10);
  const [fadeOutMs, setFadeOutMs] = useState(150);
  const [normalize, setNormalize] = useState(true);
  const [isPlaying, setIsPlaying] = useState(false);
  const player = useRef<{ context: AudioContext; node: AudioBufferSourceNode } | null>(null);
  const ids = { start: useId(), end: useId(), fadeIn: useId(), fadeOut: useId(), normalize: useId() };

  const edits: Edits = { selection, fadeInMs, fadeOutMs, normalize };
  const frames = Math.min(
    MAX_FRAMES,
    framesOf(selection.endMs, CHIME_SAMPLE_RATE) - framesOf(selection.startMs, CHIME_SAMPLE_RATE),
  );
  const bytes = wavBytesFor(frames, CHIME_CHANNELS);

  const stop = () => {
    const current = player.current;
    player.current = null;
    if (current) {
      current.node.onended = null;
      current.node.stop();
      void current.context.close();
    }
    setIsPlaying(false);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: stop on unmount only
  useEffect(() => stop, []);

  const play = () => {
    stop();
    const channels = renderChime(audio, edits);
    const context = new AudioContext({ sampleRate: CHIME_SAMPLE_RATE });
    const buffer = context.createBuffer(CHIME_CHANNELS, channels[0]?.length || 1, CHIME_SAMPLE_RATE);
    for (const [i, channel] of channels.entries()) buffer.copyToChannel(channel as Float32Array<ArrayBuffer>, i);
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    node.onended = () => stop();
    node.start();
    player.current = { context, node };
    setIsPlaying(true);
  };

  const wav = () => encodeWav(renderChime(audio, edits), { maxBytes: CHIME_MAX_BYTES });

  const slider = (edge: 'start' | 'end') => {
    const value = edge === 'start' ? selection.startMs : selection.endMs;
    const id = edge === 'start' ? ids.start : ids.end;
    return (
      <div className="space-y-1">
        <div className="flex items-baseline justify-between text-sm">
          <label htmlFor={id}>{edge === 'start' ? M.startLabel : M.endLabel}</label>
          <span className="tabular-nums text-gray-500 dark:text-gray-400">
            {formatMessage(M.seconds, { value: (value / 1000).toFixed(2) })}
          </span>
        </div>
        <input
          id={id}
          type="range"
          min={0}
          max={totalMs}
          step={STEP_MS}
          value={value}
          data-testid={`chime-${edge}`}
          aria-valuetext={formatMessage(M.seconds, { value: (value / 1000).toFixed(2) })}
          onChange={(event) => setSelection((now) => moveEdge(now, edge, Number(event.target.value), totalMs))}
          className="w-full accent-primary-600"
        />
      </div>
    );
  };

  const peaksSource = useMemo(() => audio.channels, [audio]);
  return (
    <div className="space-y-4">
      <Waveform
        channels={peaksSource}
        totalMs={totalMs}
        selection={selection}
        onMove={(edge, ms) => setSelection((now) => moveEdge(now, edge, ms, totalMs))}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {slider('start')}
        {slider('end')}
      </div>
      <p className="text-sm" data-testid="chime-selection">
        {formatMessage(M.selection, {
          length: formatSeconds(selection.endMs - selection.startMs),
          max: formatSeconds(MAX_MS),
        })}
      </p>
      <p className="text-xs text-gray-500 dark:text-gray-400">
        {formatMessage(M.maxHint, { max: formatSeconds(MAX_MS) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField id={ids.fadeIn} label={M.fadeIn} value={fadeInMs} onChange={setFadeInMs} testId="chime-fade-in" />
        <NumberField
          id={ids.fadeOut}
          label={M.fadeOut}
          value={fadeOutMs}
          onChange={setFadeOutMs}
          testId="chime-fade-out"
        />
        <label htmlFor={ids.normalize} className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            id={ids.normalize}
            type="checkbox"
            checked={normalize}
            onChange={(event) => setNormalize(event.target.checked)}
            className="size-4 accent-primary-600"
            data-testid="chime-normalize"
          />
          {M.normalize}
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={isPlaying ? stop : play} data-testid="chime-play-selection">
          {isPlaying ? (
            <Square aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {isPlaying ? M.stop : M.play}
        </Button>
        <Button
          onClick={() => saveBlob(new Blob([wav()], { type: 'audio/wav' }), 'LockChime.wav')}
          data-testid="chime-download-wav"
        >
          <Download aria-hidden="true" className="size-4" />
          {M.download}
        </Button>
        <span className="text-sm tabular-nums text-gray-500 dark:text-gray-400" data-testid="chime-size">
          {formatMessage(M.fileSize, { size: formatBytes(bytes) })}
        </span>
      </div>
      <ChimeShare render={wav} channels={peaksSource} selection={selection} />
    </div>
  );
}

function NumberField({
  id,
  label,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  testId: string;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_FADE_MS}
        step={10}
        value={value}
        data-testid={testId}
        onChange={(event) => {
          const n = Number(event.target.value);
          onChange(Number.isFinite(n) ? Math.max(0, Math.min(MAX_FADE_MS, Math.round(n))) : 0);
        }}
        className="h-10 w-full rounded-xl border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900"
      />
    </div>
  );
}
