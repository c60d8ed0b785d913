import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, VIDEO_UPLOAD_MAX_BYTES } from '@evcircle/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

const BYTES_PER_MB = 1024 * 1024;
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);
/** Form fields before the file are short (token, key, type); longer values are not ours. */
const MAX_FIELD_BYTES = 4096;

/** Work files of uploads in progress: on the data disk, not in a small /tmp. */
export function uploadTempRoot(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'tmp', 'uploads');
}

export type ReceivedUpload = {
  /** The text fields that came before the file. */
  fields: Record<string, string>;
  /** The file, streamed to disk: never held in memory whole. */
  filePath: string;
  /** The file name the client gave ('' when none); for telling formats apart, never for paths. */
  fileName: string;
  size: number;
  /** A private folder for this upload's work files; `dispose` removes it. */
  workDir: string;
  dispose(): Promise<void>;
};

export type ReceiveOptions = {
  /** Where the per-upload folders go (DATA_DIR/tmp: the same disk as the files). */
  tempRoot: string;
  /**
   * Called when the file part starts, with the fields before it: answers the most bytes
   * the file may have (or throws to refuse the upload before anything is written).
   */
  limitFor(fields: Record<string, string>): number | Promise<number>;
};

function tooLarge(maxBytes: number): AppError {
  return new AppError('FILE_TOO_LARGE', { limit: Math.round(maxBytes / BYTES_PER_MB) });
}

function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(VIDEO_UPLOAD_MAX_BYTES);
  if (typeof code === 'string' && LIMIT_CODES.has(code)) {
    return new AppError('VALIDATION_FAILED', { detail: '一次只能上传一个文件' });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('FILE_REQUIRED');
  // busboy's own errors (truncated body, bad boundary) carry no code.
  if (error instanceof Error && code === undefined) return new AppError('MALFORMED_JSON');
  return error;
}

/** Passes bytes through, failing with FILE_TOO_LARGE the moment more than `maxBytes` went by. */
function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) callback(tooLarge(maxBytes));
      else callback(null, chunk);
    },
  });
}

/**
 * Reads a multipart upload: text fields, then one file in the field `file`, which is
 * streamed to a temp file and refused with FILE_TOO_LARGE as soon as it passes the limit
 * `limitFor` answers (so a 200 MB video never sits in memory, and an oversized one is
 * cut off while it streams). Fields after the file are ignored. Without a file:
 * FILE_REQUIRED. Needs @fastify/multipart in the route's scope.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  await mkdir(options.tempRoot, { recursive: true });
  const workDir = await mkdtemp(path.join(options.tempRoot, 'upload-'));
  const dispose = () => rm(workDir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const filePath = path.join(workDir, 'original');
  let size = -1;
  let fileName = '';
  const refusal: { error?: unknown } = {};
  try {
    const parts = request.parts({
      // A backstop; the real limit is the one limitFor answers, enforced while streaming.
      limits: { fileSize: VIDEO_UPLOAD_MAX_BYTES + 1, fieldSize: MAX_FIELD_BYTES, files: 1, fields: 20, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (size < 0) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || size >= 0) {
        part.file.resume();
        continue;
      }
      let maxBytes: number;
      try {
        maxBytes = await options.limitFor(fields);
      } catch (error) {
        // The caller's refusal (a bad token…) is its own, not a multipart failure.
        refusal.error = error;
        throw error;
      }
      const counted = { bytes: 0 };
      await pipeline(part.file, byteLimit(maxBytes, counted), createWriteStream(filePath, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge(maxBytes);
      size = counted.bytes;
      fileName = part.filename ?? '';
    }
  } catch (error) {
    await dispose();
    throw 'error' in refusal ? refusal.error : toUploadError(error);
  }
  if (size < 0) {
    await dispose();
    throw new AppError('FILE_REQUIRED');
  }
  return { fields, filePath, fileName, size, workDir, dispose };
}

/** Receives one upload (receiveUpload), hands it to `work`, and removes its temp files whatever happens. */
export async function withUpload<T>(
  request: FastifyRequest,
  options: ReceiveOptions,
  work: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const received = await receiveUpload(request, options);
  try {
    return await work(received);
  } finally {
    await received.dispose();
  }
}
