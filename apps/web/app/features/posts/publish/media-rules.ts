import {
  CAPTION_UPLOAD_MAX_BYTES,
  formatMessage,
  IMAGE_UPLOAD_MAX_BYTES,
  POST_MAX_IMAGES,
  VIDEO_EXTENSIONS,
  VIDEO_UPLOAD_MAX_BYTES,
} from '@evcircle/contract/client';
import { PUBLISH_MESSAGES } from './messages.ts';

/** The image formats the server decodes (it checks the bytes again; this only saves a wasted upload). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'];
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** What the file inputs offer in the system picker. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const VIDEO_ACCEPT = [...VIDEO_TYPES, ...VIDEO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');
/** Caption files: browsers know few caption types, so the picker offers them by extension. */
export const CAPTION_ACCEPT = '.srt,.vtt';

type FileFacts = Pick<File, 'name' | 'type' | 'size'>;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Browsers leave `type` empty for formats they do not know; then the name decides. */
function hasType(file: FileFacts, types: readonly string[], extensions: readonly string[]): boolean {
  if (file.type) return types.includes(file.type.toLowerCase());
  return extensions.includes(extensionOf(file.name));
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Why `file` cannot be a post image, or null when it may be uploaded. */
export function imageProblem(file: FileFacts): string | null {
  const name = file.name;
  if (!hasType(file, IMAGE_TYPES, IMAGE_EXTENSIONS)) return formatMessage(PUBLISH_MESSAGES.notImage, { name });
  if (file.size === 0) return formatMessage(PUBLISH_MESSAGES.emptyFile, { name });
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
    return formatMessage(PUBLISH_MESSAGES.imageTooLarge, { name, limit: megabytes(IMAGE_UPLOAD_MAX_BYTES) });
  }
  return null;
}

/** Why `file` cannot be a post video, or null when it may be uploaded. */
export function videoProblem(file: FileFacts): string | null {
  const name = file.name;
  if (!hasType(file, VIDEO_TYPES, VIDEO_EXTENSIONS)) return formatMessage(PUBLISH_MESSAGES.notVideo, { name });
  if (file.size === 0) return formatMessage(PUBLISH_MESSAGES.emptyFile, { name });
  if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
    return formatMessage(PUBLISH_MESSAGES.videoTooLarge, { name, limit: megabytes(VIDEO_UPLOAD_MAX_BYTES) });
  }
  return null;
}

/** Why `file` cannot be the video's captions (by name and size; the server reads the text), or null. */
export function captionProblem(file: FileFacts): string | null {
  const name = file.name;
  if (!['srt', 'vtt'].includes(extensionOf(name))) return formatMessage(PUBLISH_MESSAGES.notCaption, { name });
  if (file.size === 0) return formatMessage(PUBLISH_MESSAGES.emptyFile, { name });
  if (file.size > CAPTION_UPLOAD_MAX_BYTES) {
    return formatMessage(PUBLISH_MESSAGES.captionTooLarge, { name, limit: CAPTION_UPLOAD_MAX_BYTES / 1024 });
  }
  return null;
}

/**
 * Splits a multi-select of images into what may upload (at most the free slots, in the
 * order picked) and the messages for the rest.
 */
export function sortPickedImages<T extends FileFacts>(
  files: readonly T[],
  alreadyHave: number,
): { accepted: T[]; problems: string[] } {
  const problems: string[] = [];
  const valid: T[] = [];
  for (const file of files) {
    const problem = imageProblem(file);
    if (problem) problems.push(problem);
    else valid.push(file);
  }
  const free = Math.max(0, POST_MAX_IMAGES - alreadyHave);
  if (valid.length > free) {
    problems.push(formatMessage(PUBLISH_MESSAGES.tooManyImages, { max: POST_MAX_IMAGES, count: valid.length - free }));
  }
  return { accepted: valid.slice(0, free), problems };
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
