import { formatMessage, POST_MAX_IMAGES } from '@evcircle/contract/client';
import { ChevronLeft, ChevronRight, Play, Plus, RotateCw, Video, X } from 'lucide-react';
import { type Dispatch, type ReactNode, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import type { ComposerAction, ImageItem, VideoItem } from './composer-state.ts';
import { formatDuration } from './media-rules.ts';
import { PUBLISH_MESSAGES } from './messages.ts';

// The picked media of the composer (media-field.tsx loads this once there is some): the
// images' grid with progress, retry, removal and reordering, or the video's card.

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      className="h-1.5 w-full overflow-hidden rounded-full bg-white/30"
    >
      <div className="h-full rounded-full bg-primary-400 transition-[width]" style={{ width: `${value * 100}%` }} />
    </div>
  );
}

function uploadingLabel(progress: number): string {
  return progress >= 1
    ? PUBLISH_MESSAGES.processing
    : formatMessage(PUBLISH_MESSAGES.uploading, { percent: Math.round(progress * 100) });
}

type ImageGridProps = {
  images: ImageItem[];
  dispatch: Dispatch<ComposerAction>;
  onAdd: () => void;
  onRemove: (image: ImageItem) => void;
  onRetry: (image: ImageItem) => void;
};

export function ImageGrid({ images, dispatch, onAdd, onRemove, onRetry }: ImageGridProps) {
  const [draggedId, setDraggedId] = useState<string | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);

  return (
    <div>
      <ol data-testid="image-list" className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
        {images.map((image, index) => {
          const n = index + 1;
          return (
            <li
              key={image.id}
              data-testid="image-item"
              data-status={image.status}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', image.id);
                setDraggedId(image.id);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOverIndex(index);
              }}
              onDragLeave={() => setOverIndex((current) => (current === index ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                const id = event.dataTransfer.getData('text/plain') || draggedId;
                if (id) dispatch({ type: 'moveImage', id, to: index });
                setDraggedId(null);
                setOverIndex(null);
              }}
              onDragEnd={() => {
                setDraggedId(null);
                setOverIndex(null);
              }}
              className={cn(
                'group relative aspect-square cursor-grab overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800',
                draggedId === image.id && 'opacity-40',
                overIndex === index && draggedId !== image.id && 'ring-2 ring-primary-500',
              )}
            >
              <img
                src={image.preview}
                alt={formatMessage(PUBLISH_MESSAGES.imageAlt, { index: n })}
                draggable={false}
                // A file the browser cannot decode (its upload fails too): no broken-image icon.
                onError={(event) => {
                  event.currentTarget.style.visibility = 'hidden';
                }}
                className="size-full object-cover"
              />
              {index === 0 ? (
                <span className="absolute top-1.5 left-1.5 rounded-md bg-black/60 px-1.5 py-0.5 text-[11px] text-white">
                  {PUBLISH_MESSAGES.cover}
                </span>
              ) : null}
              <button
                type="button"
                aria-label={formatMessage(PUBLISH_MESSAGES.removeImage, { index: n })}
                onClick={() => onRemove(image)}
                className="absolute top-1.5 right-1.5 z-10 rounded-full bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>

              {image.status === 'uploading' ? (
                <div className="absolute inset-0 flex flex-col items-center justify-end gap-1 bg-black/45 p-2 text-xs text-white">
                  <span>{uploadingLabel(image.progress)}</span>
                  <ProgressBar value={image.progress} label={formatMessage(PUBLISH_MESSAGES.imageAlt, { index: n })} />
                </div>
              ) : null}
              {image.status === 'failed' ? (
                <div
                  data-testid="image-failed"
                  className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-red-950/75 p-2 text-center text-[11px] leading-snug text-white"
                >
                  <span className="line-clamp-3" role="alert" title={image.error ?? undefined}>
                    {image.error ?? PUBLISH_MESSAGES.uploadFailed}
                  </span>
                  {image.file ? (
                    <button
                      type="button"
                      onClick={() => onRetry(image)}
                      className="inline-flex items-center gap-1 rounded-full bg-white/20 px-2.5 py-1 font-medium hover:bg-white/30"
                    >
                      <RotateCw aria-hidden="true" className="size-3" />
                      {PUBLISH_MESSAGES.retry}
                    </button>
                  ) : null}
                </div>
              ) : null}

              {images.length > 1 && image.status !== 'failed' ? (
                <div
                  className={cn(
                    'absolute inset-x-0 bottom-0 flex justify-between p-1',
                    // Always there on touch screens; on hover-capable screens, on hover or focus.
                    '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100',
                    image.status === 'uploading' && 'hidden',
                  )}
                >
                  <MoveButton
                    label={formatMessage(PUBLISH_MESSAGES.moveLeft, { index: n })}
                    disabled={index === 0}
                    onClick={() => dispatch({ type: 'moveImage', id: image.id, to: index - 1 })}
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                  </MoveButton>
                  <MoveButton
                    label={formatMessage(PUBLISH_MESSAGES.moveRight, { index: n })}
                    disabled={index === images.length - 1}
                    onClick={() => dispatch({ type: 'moveImage', id: image.id, to: index + 1 })}
                  >
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </MoveButton>
                </div>
              ) : null}
            </li>
          );
        })}
        {images.length < POST_MAX_IMAGES ? (
          <li>
            <button
              type="button"
              onClick={onAdd}
              data-testid="add-more-images"
              aria-label={PUBLISH_MESSAGES.addMore}
              className={cn(
                'flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed text-xs',
                'border-gray-300 text-gray-500 hover:border-primary-400 hover:text-primary-700',
                'dark:border-gray-700 dark:text-gray-400 dark:hover:border-primary-600 dark:hover:text-primary-300',
              )}
            >
              <Plus aria-hidden="true" className="size-6" />
              {formatMessage(PUBLISH_MESSAGES.imageCount, { count: images.length, max: POST_MAX_IMAGES })}
            </button>
          </li>
        ) : null}
      </ol>
      {images.length > 1 ? (
        <p className="mt-2 text-xs text-gray-400 dark:text-gray-500">{PUBLISH_MESSAGES.dragHint}</p>
      ) : null}
    </div>
  );
}

function MoveButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded-full bg-black/60 p-1 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white disabled:invisible"
    >
      {children}
    </button>
  );
}

export function VideoCard({
  video,
  onRemove,
  onRetry,
}: {
  video: VideoItem;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const stored = video.stored;
  return (
    <div
      data-testid="video-item"
      data-status={video.status}
      className="relative aspect-video w-full max-w-md overflow-hidden rounded-xl bg-gray-900 text-white"
    >
      {stored?.coverUrl ? (
        <img src={stored.coverUrl} alt={PUBLISH_MESSAGES.videoCoverAlt} className="size-full object-cover" />
      ) : null}
      {video.status === 'done' ? (
        <>
          <span className="absolute inset-0 m-auto flex size-12 items-center justify-center rounded-full bg-black/50">
            <Play aria-hidden="true" className="ml-0.5 size-6" />
          </span>
          {stored?.duration != null ? (
            <span
              data-testid="video-duration"
              className="absolute right-2 bottom-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs tabular-nums"
            >
              <span className="sr-only">{PUBLISH_MESSAGES.durationLabel}</span>
              {formatDuration(stored.duration)}
            </span>
          ) : null}
        </>
      ) : null}
      {video.status === 'uploading' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 px-8 text-sm">
          <Video aria-hidden="true" className="size-8 text-gray-400" />
          <span className="max-w-full truncate text-xs text-gray-300">{video.name}</span>
          <span>{uploadingLabel(video.progress)}</span>
          <ProgressBar value={video.progress} label={PUBLISH_MESSAGES.videoLabel} />
        </div>
      ) : null}
      {video.status === 'failed' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-red-950/80 px-6 text-center text-sm">
          <span role="alert">{video.error ?? PUBLISH_MESSAGES.uploadFailed}</span>
          {video.file ? (
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex items-center gap-1 rounded-full bg-white/20 px-3 py-1 text-xs font-medium hover:bg-white/30"
            >
              <RotateCw aria-hidden="true" className="size-3.5" />
              {PUBLISH_MESSAGES.retry}
            </button>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        aria-label={PUBLISH_MESSAGES.removeVideo}
        onClick={onRemove}
        className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
