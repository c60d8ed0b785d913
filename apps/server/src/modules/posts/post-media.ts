import { AppError } from '@evcircle/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { findOwnUploads } from '../uploads/index.ts';
import { posts, type StoredImage } from './posts.tables.ts';

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

export type StoredVideo = {
  src: string;
  cover: string;
  durationMs: number;
  /** The master playlist of its HLS ladder when that is ready, else ''. */
  hls: string;
  /** Its captions (a caption upload of the author's), or ''. */
  caption: string;
};
export type OwnMedia = { images: StoredImage[]; video: StoredVideo | null };

/**
 * The images and video a post or draft refers to, as the author's own upload records
 * say they are: every image `src` must be an image the author uploaded and `viosrc` a
 * video they uploaded, else UPLOAD_NOT_FOUND (a key of someone else's is no different
 * from one that does not exist). Sizes, the video's cover and duration come from the
 * upload record, never from the client. Images and a video together are POST_MEDIA_MIXED.
 * `viocaption` must be a caption upload of the author's (UPLOAD_NOT_FOUND) and comes only
 * with a video (POST_CAPTION_NEEDS_VIDEO). The video's HLS ladder is taken when it is
 * ready (a later one arrives with the `upload.transcoded` event). Keys are stored,
 * whichever form the client sent.
 */
export async function resolveOwnMedia(
  db: Db,
  authorId: number,
  input: { imgpack: readonly { src: string }[]; viosrc: string; viocaption?: string },
): Promise<OwnMedia> {
  if (input.imgpack.length > 0 && input.viosrc !== '') throw new AppError('POST_MEDIA_MIXED');
  const captionInput = input.viocaption ?? '';
  if (captionInput !== '' && input.viosrc === '') throw new AppError('POST_CAPTION_NEEDS_VIDEO');
  const imageKeys = input.imgpack.map((image) => storageKeyOf(image.src));
  const videoKey = input.viosrc === '' ? null : storageKeyOf(input.viosrc);
  const captionKey = captionInput === '' ? null : storageKeyOf(captionInput);
  const wanted = videoKey === null ? imageKeys : captionKey === null ? [videoKey] : [videoKey, captionKey];
  const uploads = await findOwnUploads(db, authorId, wanted);

  const images = imageKeys.map((key): StoredImage => {
    const upload = uploads.get(key);
    if (upload?.kind !== 'image') throw new AppError('UPLOAD_NOT_FOUND');
    return { src: key, width: upload.width, height: upload.height };
  });
  if (videoKey === null) return { images, video: null };
  const upload = uploads.get(videoKey);
  if (upload?.kind !== 'video') throw new AppError('UPLOAD_NOT_FOUND');
  if (captionKey !== null && uploads.get(captionKey)?.kind !== 'caption') throw new AppError('UPLOAD_NOT_FOUND');
  return {
    images,
    video: {
      src: videoKey,
      cover: upload.coverKey,
      durationMs: upload.durationMs,
      hls: upload.transcodeState === 'ready' ? upload.hlsKey : '',
      caption: captionKey ?? '',
    },
  };
}

/** The covers of the author's videos among `keys` (a draft shows its video's cover). */
export async function videoCoversOf(db: Db, authorId: number, keys: readonly string[]): Promise<Map<string, string>> {
  const uploads = await findOwnUploads(db, authorId, keys);
  return new Map([...uploads].map(([key, upload]) => [key, upload.coverKey]));
}

/**
 * A video's HLS ladder became ready (`upload.transcoded`): every post of its owner using
 * that video takes the master playlist, and its poster as the cover where the post still
 * shows the upload's first-frame cover. In the uploads module's transaction.
 */
export async function takeVideoLadder(
  tx: Db,
  ladder: { userId: number; key: string; hlsKey: string; posterKey: string; previousCover: string },
): Promise<void> {
  await tx
    .update(posts)
    .set({
      videoHls: ladder.hlsKey,
      videoCover: sql`case when ${posts.videoCover} = ${ladder.previousCover} then ${ladder.posterKey} else ${posts.videoCover} end`,
    })
    .where(and(eq(posts.userId, ladder.userId), eq(posts.videoSrc, ladder.key)));
}
