import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, type UploadedImage, type UploadedVideo } from '@evcircle/contract';
import { uploadTempRoot } from '../../platform/receive-upload.ts';
import { type DirectUploadDeps, MAX_UPLOAD_BYTES } from './direct-upload.ts';
import { INCOMING_PREFIX, isUploadStemOf } from './upload-keys.ts';
import { UploadTokenError, verifyUploadToken } from './upload-token.ts';
import { storeImageUpload, storeVideoUpload } from './uploads.service.ts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * Finishes a direct upload to a bucket (STORAGE=s3): the token must be the viewer's and
 * name `key`, an `incoming/<stem>` key; the object there is checked and processed as a
 * through-server upload is, stored under the stem and recorded; the incoming object is
 * removed whatever happens. Any token problem is UPLOAD_TOKEN_INVALID.
 */
export async function completeDirectUpload(
  deps: DirectUploadDeps,
  viewerId: number,
  token: string,
  key: string,
): Promise<UploadedImage | UploadedVideo> {
  let grant: ReturnType<typeof verifyUploadToken>;
  try {
    grant = verifyUploadToken(deps.config.UPLOAD_TOKEN_SECRET, token, key);
  } catch (error) {
    if (error instanceof UploadTokenError) throw new AppError('UPLOAD_TOKEN_INVALID');
    throw error;
  }
  const stem = key.startsWith(INCOMING_PREFIX) ? key.slice(INCOMING_PREFIX.length) : '';
  if (grant.userId !== viewerId || !isUploadStemOf(viewerId, stem)) throw new AppError('UPLOAD_TOKEN_INVALID');

  const info = await deps.storage.stat(key);
  if (!info) throw new AppError('FILE_REQUIRED');
  const tempRoot = uploadTempRoot(deps.config);
  await mkdir(tempRoot, { recursive: true });
  const workDir = await mkdtemp(path.join(tempRoot, 'complete-'));
  try {
    const maxBytes = MAX_UPLOAD_BYTES[grant.kind];
    if (info.size > maxBytes) throw new AppError('FILE_TOO_LARGE', { limit: Math.round(maxBytes / BYTES_PER_MB) });
    const filePath = path.join(workDir, 'original');
    await pipeline(await deps.storage.open(key), createWriteStream(filePath, { flags: 'wx' }));
    const owner = { userId: viewerId, stem };
    return grant.kind === 'image'
      ? await storeImageUpload(deps, owner, await readFile(filePath))
      : await storeVideoUpload(deps, owner, filePath, workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await deps.storage.delete(key).catch((err: unknown) => {
      deps.log.warn({ err, key }, 'could not remove an incoming upload');
    });
  }
}
