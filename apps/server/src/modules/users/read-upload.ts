import { AppError } from '@evcircle/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

const BYTES_PER_MB = 1024 * 1024;

/** Multipart failures that mean "too many parts", not "broken body". */
const LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

function toUploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE', { limit: maxBytes / BYTES_PER_MB });
  if (typeof code === 'string' && LIMIT_CODES.has(code)) {
    return new AppError('VALIDATION_FAILED', { detail: '一次只能上传一个文件' });
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('FILE_REQUIRED');
  if (error instanceof AppError) return error;
  // busboy's own errors (truncated body, bad boundary) carry no code.
  if (error instanceof Error && code === undefined) return new AppError('MALFORMED_JSON');
  return error;
}

/**
 * Reads the one file of a multipart/form-data request from `field` into memory,
 * refusing more than `maxBytes` (FILE_TOO_LARGE, status 4013) while it streams, and a
 * request with no file there (FILE_REQUIRED). Needs @fastify/multipart in the route's
 * scope.
 */
export async function readFileUpload(request: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 21 } });
  } catch (error) {
    throw toUploadError(error, maxBytes);
  }
  if (!part || part.fieldname !== field) {
    part?.file.resume();
    throw new AppError('FILE_REQUIRED');
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    throw toUploadError(error, maxBytes);
  }
}
