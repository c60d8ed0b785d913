// The uploads feature's public face: the signed upload client and the media upload with
// progress the composer, the avatar and the shop's admin use. Their code (XMLHttpRequest
// with progress, the signed client and its MD5, the direct upload to the storage host)
// loads when a file is first chosen, not with the pages that offer the button.
import type { ApiClient } from '@evcircle/contract/client';
import type { UploadCaptionOptions } from './upload-caption.ts';
import type { MediaKind, UploadMediaOptions } from './upload-media.ts';

export type { MediaKind } from './upload-media.ts';

/** Uploads an image or a video (see upload-media.ts); the first call loads the upload code. */
export async function uploadMedia(file: File, kind: MediaKind, options?: UploadMediaOptions) {
  return (await import('./upload-media.ts')).uploadMedia(file, kind, options);
}

/** Uploads a caption file (.srt/.vtt, see upload-caption.ts); the first call loads its code. */
export async function uploadCaptionFile(file: File, options?: UploadCaptionOptions) {
  return (await import('./upload-caption.ts')).uploadCaptionFile(file, options);
}

/** A contract client whose calls report upload progress (see upload-client.ts), once its code has loaded. */
export async function loadUploadClient(
  signSecret: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ApiClient> {
  return (await import('./upload-client.ts')).uploadClient(signSecret, onProgress, signal);
}
