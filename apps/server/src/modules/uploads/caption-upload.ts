import { readFile } from 'node:fs/promises';
import { AppError, CAPTION_UPLOAD_MAX_BYTES } from '@evcircle/contract';
import { captionFormatOfName, decodeCaptionText, toWebVtt } from './caption-rules.ts';
import { newUploadStem } from './upload-keys.ts';
import { recordUpload, type UploadDeps } from './uploads.service.ts';

export const CAPTION_CONTENT_TYPE = 'text/vtt; charset=utf-8';

/**
 * Stores a received caption file of `userId`'s (caption-rules.ts: decoded, converted to
 * WebVTT) as `<stem>.vtt` and records it as an upload of kind 'caption'. A name that is
 * not .srt or .vtt is CAPTION_INVALID; nothing is stored for a refused file.
 */
export async function storeCaptionUpload(
  deps: UploadDeps,
  userId: number,
  received: { filePath: string; fileName: string },
): Promise<{ url: string; path: string }> {
  const format = captionFormatOfName(received.fileName);
  if (format === null) throw new AppError('CAPTION_INVALID');
  const vtt = Buffer.from(toWebVtt(decodeCaptionText(await readFile(received.filePath)), format), 'utf8');
  const key = `${newUploadStem(userId)}.vtt`;
  await deps.storage.put(key, vtt, CAPTION_CONTENT_TYPE);
  try {
    await recordUpload(deps.db, { key, userId, kind: 'caption', sizeBytes: vtt.length });
  } catch (error) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'could not remove a caption'));
    throw error;
  }
  return { url: deps.storage.publicUrl(key), path: key };
}

/** The most bytes a caption upload may have; FILE_TOO_LARGE from the receiver is told in KB. */
export const CAPTION_LIMIT_KB = Math.round(CAPTION_UPLOAD_MAX_BYTES / 1024);

export function captionTooLarge(error: unknown): unknown {
  return error instanceof AppError && error.code === 'FILE_TOO_LARGE'
    ? new AppError('CAPTION_TOO_LARGE', { limit: CAPTION_LIMIT_KB })
    : error;
}
