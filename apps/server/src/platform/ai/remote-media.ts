// What the remote AI providers share: a time limit over a whole call, and how a call that
// did not get an answer turns into an AiProviderError; then fetching what a provider made
// from its result URL (they expire within a day, so the bytes are fetched at once), within
// a time and a byte limit, checked to be the kind of media that was asked for.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { sniffRasterImage } from '../storage/image-input.ts';
import { AiProviderError, type GeneratedImage, type GeneratedVideo } from './types.ts';

/** The largest picture a provider may hand us. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** The largest video a provider may hand us (a 5-second clip is a few MB). */
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

/** How long one download may take, within what is left of the call. */
const IMAGE_DOWNLOAD_MS = 60_000;
const VIDEO_DOWNLOAD_MS = 300_000;

/** A call's time limit: `signal` ends when the caller gives up or `timeoutMs` has passed. */
export type Deadline = {
  signal: AbortSignal;
  /** The caller's own signal (cancelled job, the worker's limit). */
  caller: AbortSignal;
  timeoutMs: number;
};

/**
 * NOTE: not `AbortSignal.any([caller, AbortSignal.timeout(ms)])`: on Node 20 a timeout
 * signal held only by `any` is garbage-collected and never fires (measured: a 300 ms
 * deadline under GC pressure never ended). The timer here holds the controller itself; it
 * is unref'd, so a pending deadline never keeps the process up.
 */
export function startDeadline(caller: AbortSignal, timeoutMs: number): Deadline {
  const controller = new AbortController();
  if (caller.aborted) controller.abort(caller.reason);
  else caller.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
  const timer = setTimeout(() => {
    controller.abort(new DOMException(`no result within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return { signal: controller.signal, caller, timeoutMs };
}

function reasonOf(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  return String(value);
}

/**
 * What a call that threw means. An AiProviderError stands; otherwise the call got no usable
 * answer in time (aborted by the caller, past the deadline, or the network failed): worth
 * another try later, so 'unavailable'.
 */
export function failureOf(err: unknown, deadline: Deadline, what: string): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (deadline.caller.aborted) {
    return new AiProviderError('unavailable', `${what}: aborted (${reasonOf(deadline.caller.reason)})`);
  }
  if (deadline.signal.aborted) {
    return new AiProviderError('unavailable', `${what}: no result within ${deadline.timeoutMs} ms`);
  }
  const cause = err instanceof Error && err.cause ? ` (${reasonOf(err.cause)})` : '';
  return new AiProviderError('unavailable', `${what}: ${reasonOf(err)}${cause}`);
}

/** A vendor's HTTP status as a failure: busy or broken is worth another try, anything else 4xx is a refusal. */
export function kindOfStatus(status: number): 'unavailable' | 'refused' {
  return status === 408 || status === 409 || status === 429 || status >= 500 ? 'unavailable' : 'refused';
}

type ImageType = GeneratedImage['contentType'];

/** The picture format by its first bytes (the bytes decide, not the label): PNG, JPEG or WebP. */
export function sniffImageType(data: Buffer): ImageType | null {
  const format = sniffRasterImage(data);
  return format === 'png' || format === 'jpeg' || format === 'webp' ? (`image/${format}` as const) : null;
}

/** An MP4 (ISO base media file) starts with a box whose type is `ftyp`. */
function looksLikeMp4(head: Buffer): boolean {
  return head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp';
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaTypeOf(response: Response): string {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'image/jpg' ? 'image/jpeg' : type;
}

export type DownloadOptions = {
  /** The call's deadline signal: the download ends with it. */
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** This download's own limit (default: 60 s for a picture, 5 min for a video). */
  timeoutMs?: number;
  /** Default MAX_IMAGE_BYTES / MAX_VIDEO_BYTES. */
  maxBytes?: number;
};

/** GETs a result URL: an answer that is not 2xx becomes the failure it means. */
async function open(url: string, what: string, deadline: Deadline, fetchFn: typeof fetch): Promise<Response> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal: deadline.signal, redirect: 'follow' });
  } catch (err) {
    throw failureOf(err, deadline, what);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    // A missing or expired result (403/404 from the object store) is an answer we cannot
    // use; a busy store is worth another try.
    const kind = kindOfStatus(response.status) === 'unavailable' ? 'unavailable' : 'invalid';
    throw new AiProviderError(kind, `${what}: HTTP ${response.status}`);
  }
  return response;
}

function tooLarge(what: string, maxBytes: number): AiProviderError {
  return new AiProviderError('invalid', `${what}: larger than ${maxBytes} bytes`);
}

/**
 * Downloads one picture a provider made: it must be labelled a picture (PNG, JPEG or WebP)
 * and be one, and fit in the byte limit. Failures are AiProviderErrors.
 */
export async function downloadImage(url: string, options: DownloadOptions): Promise<GeneratedImage> {
  const what = 'image download';
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  const deadline = startDeadline(options.signal, options.timeoutMs ?? IMAGE_DOWNLOAD_MS);
  const response = await open(url, what, deadline, options.fetch ?? fetch);
  const type = mediaTypeOf(response);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    await response.body?.cancel().catch(() => {});
    throw new AiProviderError('invalid', `${what}: content type "${type}" is not a picture`);
  }
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(what, maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    if (response.body) {
      for await (const chunk of Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw tooLarge(what, maxBytes);
        chunks.push(chunk as Buffer);
      }
    }
  } catch (err) {
    throw failureOf(err, deadline, what);
  }
  const data = Buffer.concat(chunks);
  const contentType = sniffImageType(data);
  if (!contentType) throw new AiProviderError('invalid', `${what}: the ${data.length} bytes are not a picture`);
  return { data, contentType };
}

/**
 * Downloads one video a provider made into `workDir` (streamed: it is never held in
 * memory), checked to be an MP4 within the byte limit. A failed download leaves no file.
 */
export async function downloadVideo(
  url: string,
  options: DownloadOptions & { workDir: string },
): Promise<GeneratedVideo> {
  const what = 'video download';
  const maxBytes = options.maxBytes ?? MAX_VIDEO_BYTES;
  const deadline = startDeadline(options.signal, options.timeoutMs ?? VIDEO_DOWNLOAD_MS);
  const response = await open(url, what, deadline, options.fetch ?? fetch);
  const type = mediaTypeOf(response);
  if (type !== 'video/mp4') {
    await response.body?.cancel().catch(() => {});
    throw new AiProviderError('invalid', `${what}: content type "${type}" is not video/mp4`);
  }
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(what, maxBytes);
  }
  if (!response.body) throw new AiProviderError('invalid', `${what}: empty answer`);

  const file = path.join(options.workDir, `remote-${randomUUID()}.mp4`);
  let size = 0;
  let head = Buffer.alloc(0);
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(what, maxBytes));
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
      guard,
      createWriteStream(file, { flags: 'wx' }),
      { signal: deadline.signal },
    );
    if (!looksLikeMp4(head)) throw new AiProviderError('invalid', `${what}: the ${size} bytes are not an MP4`);
  } catch (err) {
    await rm(file, { force: true });
    throw failureOf(err, deadline, what);
  }
  return { path: file };
}
