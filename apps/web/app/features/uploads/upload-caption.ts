import { ApiError, CAPTION_UPLOAD_MAX_BYTES, ERRORS, formatMessage, uploadCaption } from '@evcircle/contract/client';
import { browserSignSecret } from '~/lib/api.ts';
import { UPLOADS_MESSAGES } from './messages.ts';
import { uploadClient } from './upload-client.ts';

export type UploadCaptionOptions = { signal?: AbortSignal; signSecret?: string };

/**
 * Uploads a caption file (.srt or .vtt) through our server, which stores it as WebVTT;
 * answers its `path` (what a post's `viocaption` takes) and `url`. Failures reject with an
 * Error whose message is the zh-CN text to show.
 */
export async function uploadCaptionFile(
  file: File,
  options: UploadCaptionOptions = {},
): Promise<{ url: string; path: string }> {
  const signSecret = options.signSecret ?? browserSignSecret();
  if (!signSecret) throw new Error(UPLOADS_MESSAGES.notConfigured);
  if (file.size > CAPTION_UPLOAD_MAX_BYTES) {
    throw new Error(formatMessage(ERRORS.CAPTION_TOO_LARGE.message, { limit: CAPTION_UPLOAD_MAX_BYTES / 1024 }));
  }
  const form = new FormData();
  form.append('file', file);
  try {
    return await uploadClient(signSecret, () => {}, options.signal).call(uploadCaption, form);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new Error(UPLOADS_MESSAGES.aborted, { cause: error });
    }
    throw new Error(error instanceof ApiError ? error.message : UPLOADS_MESSAGES.uploadFailed, { cause: error });
  }
}
