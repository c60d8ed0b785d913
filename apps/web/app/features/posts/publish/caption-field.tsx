import { Captions, X } from 'lucide-react';
import { type Dispatch, useEffect, useRef } from 'react';
import { uploadCaptionFile } from '~/features/uploads/index.ts';
import { useRootData } from '~/lib/root-data.ts';
import { cn } from '~/ui/cn.ts';
import { type CaptionItem, type ComposerAction, newItemId } from './composer-state.ts';
import { CAPTION_ACCEPT, captionProblem } from './media-rules.ts';
import { PUBLISH_MESSAGES } from './messages.ts';

type CaptionFieldProps = {
  caption: CaptionItem | null;
  dispatch: Dispatch<ComposerAction>;
  /** Shows why a picked file was refused (or clears that with []). */
  onNotices: (notices: string[]) => void;
};

/**
 * The captions of the post's video: 添加字幕 picks a .srt or .vtt, which uploads at once
 * (the server stores it as WebVTT); the file's name shows with a remove button. Removing
 * it, or the video, stops an upload still running.
 */
export function CaptionField({ caption, dispatch, onNotices }: CaptionFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const signSecret = useRootData()?.publicConfig.signSecret;

  useEffect(() => () => running.current?.abort(), []);

  function pick(file: File | undefined) {
    if (!file) return;
    const problem = captionProblem(file);
    onNotices(problem ? [problem] : []);
    if (problem) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const item: CaptionItem = { id: newItemId(), name: file.name, status: 'uploading', error: null, path: null };
    dispatch({ type: 'setCaption', item });
    uploadCaptionFile(file, { signal: controller.signal, signSecret })
      .then((stored) => {
        if (!controller.signal.aborted) dispatch({ type: 'captionStored', id: item.id, path: stored.path });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.uploadFailed;
        dispatch({ type: 'captionFailed', id: item.id, error: message });
      });
  }

  function remove() {
    running.current?.abort();
    running.current = null;
    dispatch({ type: 'setCaption', item: null });
  }

  return (
    <div className="mt-3" data-testid="caption-field">
      <input
        ref={input}
        type="file"
        accept={CAPTION_ACCEPT}
        hidden
        data-testid="caption-input"
        aria-label={PUBLISH_MESSAGES.addCaption}
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {caption ? (
        <div
          data-testid="caption-item"
          data-status={caption.status}
          className={cn(
            'flex max-w-md items-center gap-2 rounded-xl border px-3 py-2 text-sm',
            caption.status === 'failed'
              ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200'
              : 'border-gray-200 bg-gray-50 text-gray-700 dark:border-gray-700 dark:bg-gray-800/60 dark:text-gray-200',
          )}
        >
          <Captions aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{caption.name || PUBLISH_MESSAGES.captionSaved}</span>
            {caption.status === 'uploading' ? (
              <span className="block text-xs text-gray-500 dark:text-gray-400">
                {PUBLISH_MESSAGES.captionUploading}
              </span>
            ) : null}
            {caption.status === 'failed' ? (
              <span role="alert" className="block text-xs">
                {caption.error ?? PUBLISH_MESSAGES.uploadFailed}
              </span>
            ) : null}
          </span>
          <button
            type="button"
            aria-label={PUBLISH_MESSAGES.removeCaption}
            onClick={remove}
            className="shrink-0 rounded-full p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-primary-500 dark:hover:bg-white/10"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <button
            type="button"
            data-testid="pick-caption"
            onClick={() => input.current?.click()}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium',
              'border-gray-300 text-gray-700 hover:border-primary-400 hover:text-primary-700',
              'dark:border-gray-600 dark:text-gray-200 dark:hover:border-primary-500 dark:hover:text-primary-300',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
            )}
          >
            <Captions aria-hidden="true" className="size-4" />
            {PUBLISH_MESSAGES.addCaption}
          </button>
          <span className="text-xs text-gray-400 dark:text-gray-500">{PUBLISH_MESSAGES.addCaptionHint}</span>
        </div>
      )}
    </div>
  );
}
