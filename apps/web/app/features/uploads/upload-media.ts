import {
  ApiError,
  COMMON_ERRORS,
  completeUpload,
  formatMessage,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadToken,
  type UploadedImage,
  type UploadedVideo,
  type UploadToken,
  uploadImage,
  uploadVideo,
  VIDEO_UPLOAD_MAX_BYTES,
  videoUploadToken,
} from '@evcircle/contract/client';
import { browserSignSecret } from '~/lib/api.ts';
import { UPLOADS_MESSAGES } from './messages.ts';
import { uploadClient } from './upload-client.ts';
import { xhrFetch } from './xhr-fetch.ts';

export type MediaKind = 'image' | 'video';

export type UploadMediaOptions = {
  /** How much of the file was sent, 0–1 (restarts from 0 when the upload is retried). */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /**
   * The API sign secret (root data's publicConfig.signSecret). Optional: without it the
   * secret of the page's browser client (useApi) is used.
   */
  signSecret?: string;
};

const MAX_BYTES: Record<MediaKind, number> = { image: IMAGE_UPLOAD_MAX_BYTES, video: VIDEO_UPLOAD_MAX_BYTES };
const BYTES_PER_MB = 1024 * 1024;

/** The storage host's 'incorrect region' answer names the host to use instead. */
const INCORRECT_REGION = /incorrect region, please use (\S+)/i;

/**
 * Answers of the storage host that are about the file itself (too large, not an image or
 * video, too many pixels, undecodable): sending it through our server would fail the
 * same way, so these are shown instead of falling back.
 */
const FILE_REFUSED_STATUSES = new Set([413, 415, 422]);

/** A direct upload the storage host answered; `status` 0 means the request never got an answer. */
class DirectUploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'DirectUploadError';
    this.status = status;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isUploaded(value: unknown): value is UploadedImage | UploadedVideo {
  const v = value as Partial<UploadedImage> | null;
  return typeof v === 'object' && v !== null && typeof v.path === 'string' && typeof v.url === 'string';
}

/** The form the storage host takes: the provider's fields (S3) or token and key, then the file last. */
function directForm(token: UploadToken, file: File): FormData {
  const form = new FormData();
  const fields = Object.entries(token.fields);
  if (fields.length > 0) {
    for (const [name, value] of fields) form.append(name, value);
  } else {
    form.append('token', token.uploadToken);
    form.append('key', token.key);
  }
  form.append('file', file);
  return form;
}

/** One POST to a storage host. Answers the parsed JSON body (null when there is none), or throws DirectUploadError. */
async function postToHost(url: string, form: FormData, options: UploadMediaOptions): Promise<unknown> {
  let response: Response;
  try {
    // Cookies only for our own origin: a bucket elsewhere needs none.
    const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
    response = await xhrFetch({ onProgress: options.onProgress, signal: options.signal, withCredentials: sameOrigin })(
      url,
      { method: 'POST', body: form },
    );
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new DirectUploadError(UPLOADS_MESSAGES.network, 0);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // S3 answers XML errors; the status says enough.
  }
  if (response.ok) return body;
  const error = (body as { error?: unknown } | null)?.error;
  throw new DirectUploadError(typeof error === 'string' ? error : UPLOADS_MESSAGES.uploadFailed, response.status);
}

/**
 * The direct upload of SPEC.md §7: POST to the token's host; an 'incorrect region' answer
 * is retried once at the host it names. An S3 bucket answers without a body, so the
 * upload is then finished (checked, stored, recorded) by the completion call.
 */
async function uploadDirect(
  file: File,
  token: UploadToken,
  signSecret: string,
  options: UploadMediaOptions,
): Promise<UploadedImage | UploadedVideo> {
  const form = directForm(token, file);
  let body: unknown;
  try {
    body = await postToHost(token.uploadUrl, form, options);
  } catch (error) {
    const region =
      error instanceof DirectUploadError && error.status === 400 ? INCORRECT_REGION.exec(error.message) : null;
    const host = region?.[1];
    if (!host) throw error;
    body = await postToHost(host, form, options);
  }
  if (isUploaded(body)) return body;
  if (Object.keys(token.fields).length === 0) throw new DirectUploadError(UPLOADS_MESSAGES.uploadFailed, 502);
  return uploadClient(signSecret, () => {}, options.signal).call(completeUpload, {
    uploadToken: token.uploadToken,
    key: token.key,
  });
}

/** The upload through our own server (multipart `file`), with progress. */
function uploadThroughServer(
  file: File,
  kind: MediaKind,
  signSecret: string,
  options: UploadMediaOptions,
): Promise<UploadedImage | UploadedVideo> {
  const form = new FormData();
  form.append('file', file);
  const client = uploadClient(signSecret, (fraction) => options.onProgress?.(fraction), options.signal);
  return kind === 'image' ? client.call(uploadImage, form) : client.call(uploadVideo, form);
}

function asError(error: unknown): Error {
  if (isAbort(error)) return new Error(UPLOADS_MESSAGES.aborted, { cause: error });
  if (error instanceof ApiError || error instanceof DirectUploadError)
    return new Error(error.message, { cause: error });
  return new Error(UPLOADS_MESSAGES.uploadFailed, { cause: error });
}

/**
 * Uploads one image or video for a post and answers what was stored (`path` is the key a
 * post refers to). It asks for an upload token, sends the file straight to the storage
 * host with progress, retries once at the host an 'incorrect region' answer names, and
 * falls back to the upload through our server when the direct upload fails for another
 * reason than the file itself (SPEC.md §7–§8). Failures reject with an Error whose
 * message is the zh-CN text to show; an abort rejects with UPLOADS_MESSAGES.aborted.
 */
export async function uploadMedia(
  file: File,
  kind: MediaKind,
  options: UploadMediaOptions = {},
): Promise<UploadedImage | UploadedVideo> {
  const signSecret = options.signSecret ?? browserSignSecret();
  if (!signSecret) throw new Error(UPLOADS_MESSAGES.notConfigured);
  if (file.size > MAX_BYTES[kind]) {
    throw new Error(formatMessage(COMMON_ERRORS.FILE_TOO_LARGE.message, { limit: MAX_BYTES[kind] / BYTES_PER_MB }));
  }

  let token: UploadToken;
  try {
    const client = uploadClient(signSecret, () => {}, options.signal);
    token = await client.call(kind === 'image' ? imageUploadToken : videoUploadToken, { type: 'post' });
  } catch (error) {
    if (isAbort(error)) throw asError(error);
    // A business refusal (not logged in…) has its own message; anything else is SPEC.md's.
    if (error instanceof ApiError && error.httpStatus === 200) throw asError(error);
    throw new Error(UPLOADS_MESSAGES.tokenFailed, { cause: error });
  }

  try {
    return await uploadDirect(file, token, signSecret, options);
  } catch (error) {
    if (isAbort(error)) throw asError(error);
    if (error instanceof DirectUploadError && FILE_REFUSED_STATUSES.has(error.status)) throw asError(error);
    if (error instanceof ApiError) throw asError(error);
  }
  try {
    options.onProgress?.(0);
    return await uploadThroughServer(file, kind, signSecret, options);
  } catch (error) {
    throw asError(error);
  }
}
