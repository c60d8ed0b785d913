import { formatMessage } from '@evcircle/contract/client';
import { FileAudio, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { AUDIO_MESSAGES, type ExtractProgress } from '~/features/audio/index.ts';
import { cn } from '~/ui/cn.ts';
import { LOCKCHIME_MESSAGES as M } from './messages.ts';
import type { AudioSourceState } from './use-audio-source.ts';

/** An audio or video file from the picker or dropped on the zone. */
export function SourcePicker({
  onFile,
  compact = false,
  hasFile = compact,
}: {
  onFile: (file: File) => void;
  /** One line instead of the large drop zone. */
  compact?: boolean;
  /** A file is loaded already: the line offers another. */
  hasFile?: boolean;
}) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  return (
    <label
      htmlFor={inputId}
      data-testid="lockchime-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed text-center transition-colors',
        compact ? 'px-4 py-3' : 'px-4 py-10',
        isOver
          ? 'border-primary-500 bg-primary-50 dark:bg-primary-950'
          : 'border-gray-300 hover:border-primary-400 dark:border-gray-700',
      )}
    >
      {compact ? null : <Upload aria-hidden="true" className="size-8 text-gray-400" />}
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 dark:text-primary-300">
        {compact ? <FileAudio aria-hidden="true" className="size-4" /> : null}
        {hasFile ? M.changeFile : M.pickFile}
      </span>
      {compact ? null : <span className="text-xs text-gray-500 dark:text-gray-400">{M.dropHint}</span>}
      <input
        id={inputId}
        type="file"
        accept="audio/*,video/*,.wav,.mp3,.m4a,.aac,.flac,.ogg,.opus,.mp4,.mov,.webm,.mkv,.aif,.aiff"
        className="sr-only"
        data-testid="lockchime-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </label>
  );
}

/** The stage of a decode and a bar (indeterminate while the fraction is unknown). */
export function ProgressBar({ progress }: { progress: ExtractProgress }) {
  const percent = progress.fraction === null ? null : Math.round(progress.fraction * 100);
  return (
    <div data-testid="lockchime-progress" className="space-y-2">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        {AUDIO_MESSAGES[progress.stage]}
        {percent === null ? '…' : ` ${percent}%`}
      </p>
      <div
        role="progressbar"
        aria-label={AUDIO_MESSAGES[progress.stage]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className={cn(
            'h-full rounded-full bg-primary-500 transition-[width]',
            percent === null && 'w-1/3 animate-pulse',
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** The source line, the progress or the error of a source (nothing while idle). */
export function SourceStatus({ state }: { state: AudioSourceState }) {
  if (state.status === 'idle') return null;
  return (
    <div className="space-y-2">
      <p className="truncate text-sm text-gray-500 dark:text-gray-400" data-testid="lockchime-source-name">
        {formatMessage(M.sourceName, { name: state.name })}
      </p>
      {state.status === 'loading' ? <ProgressBar progress={state.progress} /> : null}
      {state.status === 'error' ? (
        <p
          role="alert"
          data-testid="lockchime-error"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
