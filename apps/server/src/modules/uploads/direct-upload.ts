import { readFile } from 'node:fs/promises';
import {
  AppError,
  IMAGE_UPLOAD_MAX_BYTES,
  UPLOAD_TOKEN_LIFETIME_S,
  type UploadedImage,
  type UploadedVideo,
  type UploadToken,
  VIDEO_UPLOAD_MAX_BYTES,
} from '@evcircle/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { receiveUpload, uploadTempRoot } from '../../platform/receive-upload.ts';
import { incomingKeyOf, isUploadStemOf, newUploadStem, type UploadKind } from './upload-keys.ts';
import { signUploadToken, UploadTokenError, verifyUploadToken } from './upload-token.ts';
import { storeImageUpload, storeVideoUpload, type UploadDeps } from './uploads.service.ts';

/**
 * The region upload tokens name, whatever region the bucket is in: a client whose bucket
 * lives elsewhere learns the right host from the 'incorrect region' answer (SPEC.md §7).
 */
export const DEFAULT_UPLOAD_REGION = 'z0';

export const MAX_UPLOAD_BYTES: Record<UploadKind, number> = {
  image: IMAGE_UPLOAD_MAX_BYTES,
  video: VIDEO_UPLOAD_MAX_BYTES,
};

export type DirectUploadDeps = UploadDeps & {
  config: Pick<Config, 'UPLOAD_TOKEN_SECRET' | 'UPLOAD_REGION' | 'DATA_DIR'>;
};

/** The path of a region's upload host on this site. */
export function uploadHostPath(region: string): string {
  return `/upload/${region}`;
}

/** `https://cdn.example/x` for key `x` → `https://cdn.example`; `/files/x` → `/files`. */
function domainOf(deps: UploadDeps, probeKey: string): string {
  const url = deps.storage.publicUrl(probeKey);
  return url.slice(0, url.length - probeKey.length - 1);
}

/**
 * A direct-upload token for one new key of `userId`'s: signed, expiring after
 * UPLOAD_TOKEN_LIFETIME_S, for one kind.
 * - Local storage: the key is the stem of the stored file (its extension follows the
 *   content); the upload URL is the default region's host on this site.
 * - S3: the key is `incoming/<stem>` and the answer carries the bucket's presigned POST
 *   (URL and fields, size-limited to the kind's maximum); the client then calls
 *   completeUpload with the token, which processes and records the file.
 */
export function issueUploadToken(
  deps: DirectUploadDeps,
  userId: number,
  kind: UploadKind,
  nowMs = Date.now(),
): UploadToken {
  const stem = newUploadStem(userId, new Date(nowMs));
  const expiresAt = Math.floor(nowMs / 1000) + UPLOAD_TOKEN_LIFETIME_S;
  const secret = deps.config.UPLOAD_TOKEN_SECRET;
  const domain = domainOf(deps, stem);
  if (deps.storage.kind === 's3') {
    const key = incomingKeyOf(stem);
    const post = deps.storage.presignedPost(key, {
      maxBytes: MAX_UPLOAD_BYTES[kind],
      expiresInS: UPLOAD_TOKEN_LIFETIME_S,
    });
    return {
      uploadToken: signUploadToken(secret, { key, userId, kind, expiresAt }),
      key,
      domain,
      uploadUrl: post.url,
      fields: post.fields,
    };
  }
  return {
    uploadToken: signUploadToken(secret, { key: stem, userId, kind, expiresAt }),
    key: stem,
    domain,
    uploadUrl: uploadHostPath(DEFAULT_UPLOAD_REGION),
    fields: {},
  };
}

/** What the storage host answers: the stored object, or an HTTP error with `{error}`. */
export type HostAnswer = { status: number; body: UploadedImage | UploadedVideo | { error: string } };

const TOKEN_PROBLEM_STATUS = { malformed: 401, forged: 401, expired: 401, 'wrong-key': 403 } as const;
const TOKEN_PROBLEM_TEXT = {
  malformed: '上传凭证格式错误',
  forged: '上传凭证无效',
  expired: '上传凭证已过期',
  'wrong-key': '上传凭证与文件路径不符',
} as const;

/** HTTP statuses of the host's refusals (the web client shows 413/415/422 without falling back). */
const APP_ERROR_STATUS: Partial<Record<string, number>> = {
  FILE_TOO_LARGE: 413,
  IMAGE_INVALID: 415,
  VIDEO_INVALID: 415,
  IMAGE_TOO_LARGE: 422,
  FILE_PROCESSING_FAILED: 422,
  VIDEO_PROCESSING_UNAVAILABLE: 422,
  UPLOAD_TOKEN_INVALID: 403,
};

/** Maps a refusal to the host's answer; anything unexpected is rethrown (logged as a 500). */
export function hostErrorAnswer(error: unknown): HostAnswer {
  if (error instanceof UploadTokenError) {
    return {
      status: TOKEN_PROBLEM_STATUS[error.problem],
      body: { error: `${TOKEN_PROBLEM_TEXT[error.problem]}，请重新上传` },
    };
  }
  if (error instanceof AppError) return { status: APP_ERROR_STATUS[error.code] ?? 400, body: { error: error.message } };
  throw error;
}

/**
 * The local storage host (`POST /upload/<region>`, multipart `token`, `key`, `file`):
 * the wrong region is answered before anything is read, the token is checked before the
 * file is written, then the file gets the same processing as the through-server upload
 * and is recorded for the token's owner.
 */
export async function receiveDirectUpload(
  deps: DirectUploadDeps,
  request: FastifyRequest,
  region: string,
  origin: string,
): Promise<HostAnswer> {
  if (region !== deps.config.UPLOAD_REGION) {
    const right = `${origin}${uploadHostPath(deps.config.UPLOAD_REGION)}`;
    return { status: 400, body: { error: `incorrect region, please use ${right}` } };
  }
  try {
    let grant: ReturnType<typeof verifyUploadToken> | null = null;
    const received = await receiveUpload(request, {
      tempRoot: uploadTempRoot(deps.config),
      limitFor(fields) {
        grant = verifyUploadToken(deps.config.UPLOAD_TOKEN_SECRET, fields.token ?? '', fields.key ?? '');
        if (!isUploadStemOf(grant.userId, grant.key)) throw new UploadTokenError('wrong-key');
        return MAX_UPLOAD_BYTES[grant.kind];
      },
    });
    try {
      const { userId, key, kind } = grant as unknown as NonNullable<typeof grant>;
      const owner = { userId, stem: key };
      const body =
        kind === 'image'
          ? await storeImageUpload(deps, owner, await readFile(received.filePath))
          : await storeVideoUpload(deps, owner, received.filePath, received.workDir);
      return { status: 200, body };
    } finally {
      await received.dispose();
    }
  } catch (error) {
    return hostErrorAnswer(error);
  }
}
