import { AppError } from '@evcircle/contract';
import send from '@fastify/send';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type FileOperation, parseFileOperation, variantName } from './file-operations.ts';
import { IMAGE_EXTENSIONS, imageOutputFormat, renderImageView } from './image-view.ts';
import { assertStorageKey } from './keys.ts';
import type { LocalStorage } from './types.ts';
import { createVariantCache } from './variant-cache.ts';
import { extractVideoFrame } from './video-frame.ts';

export type FilesRoutesOptions = { storage: LocalStorage; config: Config };

/** Keys never change content (a new upload gets a new key), so browsers may keep them a year. */
const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * User files are served from our own origin, so an uploaded HTML or SVG must not run
 * script with our cookies: the sandbox CSP makes such a document an inert, unique origin.
 */
const FILES_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

function rawQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** Streams a file with Content-Type, ETag/Last-Modified (304), Range (206) and HEAD. */
async function sendFromDisk(request: FastifyRequest, reply: FastifyReply, root: string, relativePath: string) {
  const result = await send(request.raw, `/${relativePath}`, {
    root,
    maxAge: ONE_YEAR_MS,
    immutable: true,
    index: false,
    dotfiles: 'deny',
  });
  if (result.type === 'directory' || (result.type === 'error' && result.statusCode === 404)) {
    throw new AppError('FILE_NOT_FOUND');
  }
  if (result.type === 'error' && result.statusCode >= 500) throw result.metadata.error;
  // 412 and 416 are HTTP-level answers a media player understands; pass them through.
  return reply
    .code(result.statusCode)
    .headers(result.headers)
    .header('Content-Security-Policy', FILES_CSP)
    .send(result.stream);
}

/**
 * `GET|HEAD /files/<key>`: the local object store, with the Qiniu-style processing the
 * image rules of SPEC.md §3 append — `?imageView2/2/w/480` (sharp) and
 * `?vframe/jpg/offset/0` (ffmpeg). Variants are rendered once and served from
 * `${DATA_DIR}/cache` afterwards.
 */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (app, { storage }) => {
  const variants = createVariantCache(storage.cacheDir);

  async function ensureVariant(key: string, op: FileOperation): Promise<string> {
    const source = await storage.stat(key);
    if (!source) throw new AppError('FILE_NOT_FOUND');
    const contentType = storage.contentTypeOf(key);
    const sourcePath = storage.localPath(key);
    if (op.kind === 'vframe') {
      if (!contentType.startsWith('video/'))
        throw new AppError('FILE_OPERATION_UNSUPPORTED', { detail: 'vframe 只能用于视频' });
      return variants.ensure(key, variantName(op, 'jpg'), source.modifiedAt, (out) =>
        extractVideoFrame(sourcePath, op.offsetSeconds, out),
      );
    }
    if (!contentType.startsWith('image/') || contentType === 'image/svg+xml') {
      throw new AppError('FILE_OPERATION_UNSUPPORTED', { detail: 'imageView2 只能用于位图图片' });
    }
    const format = imageOutputFormat(contentType, op.format);
    return variants.ensure(key, variantName(op, IMAGE_EXTENSIONS[format]), source.modifiedAt, (out) =>
      renderImageView(sourcePath, op, format, out),
    );
  }

  app.get('/files/*', async (request, reply) => {
    const key = assertStorageKey((request.params as { '*': string })['*']);
    const op = parseFileOperation(rawQuery(request.url));
    if (!op) return sendFromDisk(request, reply, storage.filesDir, key);
    const variant = await ensureVariant(key, op);
    return sendFromDisk(request, reply, storage.cacheDir, variant);
  });
};
