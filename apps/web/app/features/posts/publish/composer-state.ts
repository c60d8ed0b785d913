import {
  type Draft,
  formatMessage,
  POST_CONTENT_MAX_LENGTH,
  type PostTheme,
  resizedImageUrl,
  resolveMediaUrl,
} from '@evcircle/contract/client';
import { PUBLISH_MESSAGES } from './messages.ts';

export type UploadStatus = 'uploading' | 'done' | 'failed';

/** One image of the post being written, from the moment it is picked. */
export type ImageItem = {
  id: string;
  /** The file picked on this device, kept for a retry; null for images restored from a draft. */
  file: File | null;
  /** What the thumbnail shows: a local object URL for a picked file, else the stored image. */
  preview: string;
  status: UploadStatus;
  /** 0–1 of the bytes sent. */
  progress: number;
  error: string | null;
  /** What the server stored: `src` is the storage path a post refers to. */
  stored: { src: string; width: number; height: number } | null;
};

/** The one video of a video post. */
export type VideoItem = {
  id: string;
  file: File | null;
  name: string;
  status: UploadStatus;
  progress: number;
  error: string | null;
  stored: { src: string; coverUrl: string; duration: number | null } | null;
};

/** The captions of the video (.srt/.vtt, stored as WebVTT); only a video post has them. */
export type CaptionItem = {
  id: string;
  /** The picked file's name; '' for captions restored from a draft. */
  name: string;
  status: UploadStatus;
  error: string | null;
  /** The storage path the upload answered (what `viocaption` takes); null until stored. */
  path: string | null;
};

export type ComposerState = {
  content: string;
  theme: PostTheme | '';
  location: string;
  latitude: number | null;
  longitude: number | null;
  checkin: boolean;
  images: ImageItem[];
  video: VideoItem | null;
  caption: CaptionItem | null;
};

export type StoredImage = NonNullable<ImageItem['stored']>;
export type StoredVideo = NonNullable<VideoItem['stored']>;

export type ComposerAction =
  | { type: 'setContent'; value: string }
  | { type: 'setTheme'; value: PostTheme | '' }
  | { type: 'setLocation'; value: string }
  | { type: 'setCoordinates'; latitude: number | null; longitude: number | null }
  | { type: 'setCheckin'; value: boolean }
  | { type: 'addImages'; items: ImageItem[] }
  | { type: 'removeImage'; id: string }
  /** Moves an image to position `to` (0-based; clamped). */
  | { type: 'moveImage'; id: string; to: number }
  | { type: 'setVideo'; item: VideoItem | null }
  | { type: 'uploadProgress'; id: string; progress: number }
  | { type: 'imageStored'; id: string; stored: StoredImage }
  | { type: 'videoStored'; id: string; stored: StoredVideo }
  | { type: 'uploadFailed'; id: string; error: string }
  | { type: 'uploadRetry'; id: string }
  | { type: 'setCaption'; item: CaptionItem | null }
  | { type: 'captionStored'; id: string; path: string }
  | { type: 'captionFailed'; id: string; error: string };

export const EMPTY_COMPOSER: ComposerState = {
  content: '',
  theme: '',
  location: '',
  latitude: null,
  longitude: null,
  checkin: false,
  images: [],
  video: null,
  caption: null,
};

let lastItemId = 0;
/** Ids for picked files, unique within the page (crypto.randomUUID needs a secure context). */
export function newItemId(): string {
  lastItemId += 1;
  return `media-${lastItemId}`;
}

function updateItem(
  state: ComposerState,
  id: string,
  update: <T extends ImageItem | VideoItem>(item: T) => T,
): ComposerState {
  if (state.video?.id === id) return { ...state, video: update(state.video) };
  if (!state.images.some((image) => image.id === id)) return state;
  return { ...state, images: state.images.map((image) => (image.id === id ? update(image) : image)) };
}

export function composerReducer(state: ComposerState, action: ComposerAction): ComposerState {
  switch (action.type) {
    case 'setContent':
      return { ...state, content: action.value };
    case 'setTheme':
      return { ...state, theme: action.value };
    case 'setLocation':
      return { ...state, location: action.value };
    case 'setCoordinates':
      return { ...state, latitude: action.latitude, longitude: action.longitude };
    case 'setCheckin':
      return { ...state, checkin: action.value };
    case 'addImages':
      // A post has images or a video, never both.
      if (state.video) return state;
      return { ...state, images: [...state.images, ...action.items] };
    case 'removeImage':
      return { ...state, images: state.images.filter((image) => image.id !== action.id) };
    case 'moveImage': {
      const from = state.images.findIndex((image) => image.id === action.id);
      if (from < 0) return state;
      const to = Math.min(Math.max(action.to, 0), state.images.length - 1);
      if (to === from) return state;
      const images = [...state.images];
      const [moved] = images.splice(from, 1);
      images.splice(to, 0, moved as ImageItem);
      return { ...state, images };
    }
    case 'setVideo':
      if (action.item && state.images.length > 0) return state;
      // Captions belong to the video they were added to.
      return { ...state, video: action.item, caption: null };
    case 'setCaption':
      if (action.item && !state.video) return state;
      return { ...state, caption: action.item };
    case 'captionStored':
      if (state.caption?.id !== action.id) return state;
      return { ...state, caption: { ...state.caption, status: 'done', error: null, path: action.path } };
    case 'captionFailed':
      if (state.caption?.id !== action.id) return state;
      return { ...state, caption: { ...state.caption, status: 'failed', error: action.error } };
    case 'uploadProgress':
      return updateItem(state, action.id, (item) =>
        item.status === 'uploading' ? { ...item, progress: action.progress } : item,
      );
    case 'imageStored':
      return {
        ...state,
        images: state.images.map((image) =>
          image.id === action.id
            ? { ...image, status: 'done', progress: 1, error: null, stored: action.stored }
            : image,
        ),
      };
    case 'videoStored':
      if (state.video?.id !== action.id) return state;
      return { ...state, video: { ...state.video, status: 'done', progress: 1, error: null, stored: action.stored } };
    case 'uploadFailed':
      return updateItem(state, action.id, (item) => ({ ...item, status: 'failed', error: action.error }));
    case 'uploadRetry':
      return updateItem(state, action.id, (item) => ({ ...item, status: 'uploading', progress: 0, error: null }));
  }
}

/** The images the server holds, in the order the post will show them. */
export function storedImages(state: ComposerState): StoredImage[] {
  return state.images.flatMap((image) => (image.stored ? [image.stored] : []));
}

/**
 * The fields a draft and a post share, as the contract takes them. Files still uploading
 * or failed are not part of it: a draft keeps only what the server already stored.
 */
export function postFields(state: ComposerState) {
  const video = state.video?.stored ?? null;
  return {
    content: state.content.trim(),
    type: state.theme,
    imgpack: video ? [] : storedImages(state),
    viosrc: video?.src ?? '',
    viocaption: video ? (state.caption?.path ?? '') : '',
    location: state.location.trim(),
    latitude: state.latitude,
    longitude: state.longitude,
    checkin: state.checkin ? 1 : 0,
  } as const;
}

/** Equal keys mean nothing a draft would keep has changed. */
export function snapshotKey(state: ComposerState): string {
  return JSON.stringify(postFields(state));
}

/** True when a draft of this state would keep nothing worth having. */
export function isBlank(state: ComposerState): boolean {
  const fields = postFields(state);
  return fields.content === '' && fields.imgpack.length === 0 && fields.viosrc === '' && fields.location === '';
}

export function isUploading(state: ComposerState): boolean {
  return (
    state.video?.status === 'uploading' ||
    state.caption?.status === 'uploading' ||
    state.images.some((image) => image.status === 'uploading')
  );
}

export function hasFailedUpload(state: ComposerState): boolean {
  return (
    state.video?.status === 'failed' ||
    state.caption?.status === 'failed' ||
    state.images.some((image) => image.status === 'failed')
  );
}

/**
 * Why the post cannot be published yet, or null when it can: the missing required
 * fields first, then uploads still running or failed. The server checks all of it again.
 */
export function publishBlocker(state: ComposerState): string | null {
  const missing: string[] = [];
  const content = state.content.trim();
  if (content === '') missing.push(PUBLISH_MESSAGES.missingContent);
  if (state.theme === '') missing.push(PUBLISH_MESSAGES.missingTheme);
  if (state.images.length === 0 && !state.video) missing.push(PUBLISH_MESSAGES.missingMedia);
  if (missing.length > 0) return formatMessage(PUBLISH_MESSAGES.missing, { items: missing.join('、') });
  if (content.length > POST_CONTENT_MAX_LENGTH) {
    return formatMessage(PUBLISH_MESSAGES.contentTooLong, { max: POST_CONTENT_MAX_LENGTH });
  }
  if (isUploading(state)) return PUBLISH_MESSAGES.waitUploads;
  if (hasFailedUpload(state)) return PUBLISH_MESSAGES.failedUploads;
  return null;
}

/** The composer as a saved draft left it. */
export function composerFromDraft(draft: Draft, imageBase: string): ComposerState {
  const images: ImageItem[] = draft.viosrc
    ? []
    : draft.imgpack.map((image) => ({
        id: newItemId(),
        file: null,
        preview: resizedImageUrl(image.src, imageBase),
        status: 'done',
        progress: 1,
        error: null,
        stored: { src: image.src, width: image.width, height: image.height },
      }));
  const video: VideoItem | null = draft.viosrc
    ? {
        id: newItemId(),
        file: null,
        name: '',
        status: 'done',
        progress: 1,
        error: null,
        stored: { src: draft.viosrc, coverUrl: resolveMediaUrl(draft.imgsrc, imageBase), duration: null },
      }
    : null;
  return {
    content: draft.content,
    theme: draft.type,
    location: draft.location,
    latitude: draft.latitude,
    longitude: draft.longitude,
    checkin: draft.checkin === 1,
    images,
    video,
    caption:
      video && draft.viocaption
        ? { id: newItemId(), name: '', status: 'done', error: null, path: draft.viocaption }
        : null,
  };
}
