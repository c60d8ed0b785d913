import { formatMessage, POST_MAX_IMAGES } from '@evcircle/contract/client';
import { ImagePlus, TriangleAlert, Video } from 'lucide-react';
import { type Dispatch, type ReactNode, useEffect, useRef, useState } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import {
  type ComposerAction,
  type ComposerState,
  type ImageItem,
  newItemId,
  type VideoItem,
} from './composer-state.ts';
import { IMAGE_ACCEPT, sortPickedImages, VIDEO_ACCEPT, videoProblem } from './media-rules.ts';
import { PUBLISH_MESSAGES } from './messages.ts';
import type { useMediaUploads } from './use-media-uploads.ts';

type Uploads = ReturnType<typeof useMediaUploads>;

/**
 * What was picked (the images' grid, the video's card) loads once there is something to
 * show: a new post starts with the two pick tiles alone.
 */
const ImageGrid = lazyComponent(
  () => import('./media-items.tsx').then((module) => module.ImageGrid),
  // Meanwhile the tiles' places, so nothing below moves when they come.
  ({ images }) => (
    <ol aria-hidden="true" className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5">
      {images.map((image) => (
        <li key={image.id} className="aspect-square rounded-xl bg-gray-100 dark:bg-gray-800" />
      ))}
    </ol>
  ),
);
const VideoCard = lazyComponent(
  () => import('./media-items.tsx').then((module) => module.VideoCard),
  () => <div aria-hidden="true" className="aspect-video w-full max-w-md rounded-xl bg-gray-900" />,
);

const CaptionField = lazyComponent(
  () => import('./caption-field.tsx').then((module) => module.CaptionField),
  // Meanwhile the button's place.
  () => <div aria-hidden="true" className="mt-3 h-8" />,
);

type MediaFieldProps = {
  state: ComposerState;
  dispatch: Dispatch<ComposerAction>;
  uploads: Uploads;
};

function revokePreview(url: string) {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}

/**
 * The media of a post: up to POST_MAX_IMAGES images or one video. Picked files are
 * checked here first (type, size: the contract's limits), then each uploads at once with
 * its own progress; thumbnails can be removed, reordered (drag, or the arrow buttons on
 * touch and keyboard) and retried after a failure.
 */
export function MediaField({ state, dispatch, uploads }: MediaFieldProps) {
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const [notices, setNotices] = useState<string[]>([]);

  // Local previews live as long as the page; the ones still shown go with it.
  const imagesRef = useRef(state.images);
  imagesRef.current = state.images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) revokePreview(image.preview);
    },
    [],
  );

  function pickImages(files: File[]) {
    const { accepted, problems } = sortPickedImages(files, state.images.length);
    setNotices(problems);
    if (accepted.length === 0) return;
    const items: ImageItem[] = accepted.map((file) => ({
      id: newItemId(),
      file,
      preview: URL.createObjectURL(file),
      status: 'uploading',
      progress: 0,
      error: null,
      stored: null,
    }));
    dispatch({ type: 'addImages', items });
    for (const item of items) uploads.start(item.id, item.file as File, 'image');
  }

  function pickVideo(file: File | undefined) {
    if (!file) return;
    const problem = videoProblem(file);
    setNotices(problem ? [problem] : []);
    if (problem) return;
    const item: VideoItem = {
      id: newItemId(),
      file,
      name: file.name,
      status: 'uploading',
      progress: 0,
      error: null,
      stored: null,
    };
    dispatch({ type: 'setVideo', item });
    uploads.start(item.id, file, 'video');
  }

  function removeImage(image: ImageItem) {
    uploads.cancel(image.id);
    revokePreview(image.preview);
    dispatch({ type: 'removeImage', id: image.id });
  }

  function retry(item: ImageItem | VideoItem, kind: 'image' | 'video') {
    if (!item.file) return;
    dispatch({ type: 'uploadRetry', id: item.id });
    uploads.start(item.id, item.file, kind);
  }

  const hasImages = state.images.length > 0;
  return (
    <div>
      <input
        ref={imageInput}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="image-input"
        aria-label={PUBLISH_MESSAGES.addImages}
        onChange={(event) => {
          pickImages(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <input
        ref={videoInput}
        type="file"
        accept={VIDEO_ACCEPT}
        hidden
        data-testid="video-input"
        aria-label={PUBLISH_MESSAGES.addVideo}
        onChange={(event) => {
          pickVideo(event.target.files?.[0]);
          event.target.value = '';
        }}
      />

      {state.video ? (
        <VideoCard
          video={state.video}
          onRemove={() => {
            uploads.cancel(state.video?.id ?? '');
            dispatch({ type: 'setVideo', item: null });
          }}
          onRetry={() => state.video && retry(state.video, 'video')}
        />
      ) : hasImages ? (
        <ImageGrid
          images={state.images}
          dispatch={dispatch}
          onAdd={() => imageInput.current?.click()}
          onRemove={removeImage}
          onRetry={(image) => retry(image, 'image')}
        />
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <PickTile
            icon={<ImagePlus aria-hidden="true" className="size-7" />}
            title={PUBLISH_MESSAGES.addImages}
            hint={formatMessage(PUBLISH_MESSAGES.addImagesHint, { max: POST_MAX_IMAGES })}
            onClick={() => imageInput.current?.click()}
            testId="pick-images"
          />
          <PickTile
            icon={<Video aria-hidden="true" className="size-7" />}
            title={PUBLISH_MESSAGES.addVideo}
            hint={PUBLISH_MESSAGES.addVideoHint}
            onClick={() => videoInput.current?.click()}
            testId="pick-video"
          />
        </div>
      )}

      {state.video ? <CaptionField caption={state.caption} dispatch={dispatch} onNotices={setNotices} /> : null}

      {notices.length > 0 ? (
        <div
          role="alert"
          data-testid="media-notice"
          className="mt-3 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ul className="min-w-0 flex-1 space-y-1 break-words">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => setNotices([])}
            className="shrink-0 self-start rounded-full px-2 text-xs font-medium hover:bg-amber-100 dark:hover:bg-amber-900/50"
          >
            {PUBLISH_MESSAGES.dismiss}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function PickTile({
  icon,
  title,
  hint,
  onClick,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'flex aspect-[4/3] flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed text-sm sm:aspect-[2/1]',
        'border-gray-300 text-gray-600 hover:border-primary-400 hover:bg-primary-50/50 hover:text-primary-700',
        'dark:border-gray-700 dark:text-gray-300 dark:hover:border-primary-600 dark:hover:bg-primary-950/30 dark:hover:text-primary-300',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
      )}
    >
      {icon}
      <span className="font-medium">{title}</span>
      <span className="text-xs text-gray-400 dark:text-gray-500">{hint}</span>
    </button>
  );
}
