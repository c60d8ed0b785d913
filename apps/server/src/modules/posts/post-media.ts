import { AppError } from '@evcircle/contract';
import type { Db } from '../../platform/db.ts';
import { findOwnUploads } from '../uploads/index.ts';
import type { StoredImage } from './posts.tables.ts';

/** Where the local storage serves files; a client may send `/files/<key>` for `<key>`. */
const FILES_PREFIX = '/files/';
const ORIGIN = /^(?:https?:)?\/\/[^/]+/i;

/**
 * The storage key a client meant by `src`: the key itself (what an upload answers as
 * `path`), or the URL it is served at (`/files/<key>`, with or without an origin, with
 * or without a processing query such as `?imageView2/2/w/480`). Whatever comes out is
 * only ever trusted after findOwnUploads finds it among the viewer's uploads.
 */
export function storageKeyOf(src: string): string {
  let value = src.trim().replace(ORIGIN, '');
  value = value.replace(/[?#].*$/, '');
  if (value.startsWith(FILES_PREFIX)) return value.slice(FILES_PREFIX.length);
  return value.replace(/^\/+/, '');
}

export type StoredVideo = { src: string; cover: string; durationMs: number };
export type OwnMedia = { images: StoredImage[]; video: StoredVideo | null };

/**
 * The images and video a post or draft refers to, as the author's own upload records
 * say they are: every image `src` must be an image the author uploaded and `viosrc` a
 * video they uploaded, else UPLOAD_NOT_FOUND (a key of someone else's is no different
 * from one that does not exist). Sizes, the video's cover and duration come from the
 * upload record, never from the client. Images and a video together are POST_MEDIA_MIXED.
 * Keys are stored, whichever form the client sent.
 */
export async function resolveOwnMedia(
  db: Db,
  authorId: number,
  input: { imgpack: readonly { src: string }[]; viosrc: string },
): Promise<OwnMedia> {
  if (input.imgpack.length > 0 && input.viosrc !== '') throw new AppError('POST_MEDIA_MIXED');
  const imageKeys = input.imgpack.map((image) => storageKeyOf(image.src));
  const videoKey = input.viosrc === '' ? null : storageKeyOf(input.viosrc);
  const uploads = await findOwnUploads(db, authorId, videoKey === null ? imageKeys : [videoKey]);

  const images = imageKeys.map((key): StoredImage => {
    const upload = uploads.get(key);
    if (upload?.kind !== 'image') throw new AppError('UPLOAD_NOT_FOUND');
    return { src: key, width: upload.width, height: upload.height };
  });
  if (videoKey === null) return { images, video: null };
  const upload = uploads.get(videoKey);
  if (upload?.kind !== 'video') throw new AppError('UPLOAD_NOT_FOUND');
  return { images, video: { src: videoKey, cover: upload.coverKey, durationMs: upload.durationMs } };
}

/** The covers of the author's videos among `keys` (a draft shows its video's cover). */
export async function videoCoversOf(db: Db, authorId: number, keys: readonly string[]): Promise<Map<string, string>> {
  const uploads = await findOwnUploads(db, authorId, keys);
  return new Map([...uploads].map(([key, upload]) => [key, upload.coverKey]));
}
