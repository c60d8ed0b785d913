import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UploadKind } from './upload-keys.ts';

/** What one direct-upload token allows: one key, for one owner and kind, until `expiresAt`. */
export type UploadGrant = {
  key: string;
  userId: number;
  kind: UploadKind;
  /** Unix seconds. */
  expiresAt: number;
};

/** Why a token was refused; the storage host answers 401 for all but `wrong-key` (403). */
export type TokenProblem = 'malformed' | 'forged' | 'expired' | 'wrong-key';

export class UploadTokenError extends Error {
  readonly problem: TokenProblem;
  constructor(problem: TokenProblem) {
    super(`upload token refused: ${problem}`);
    this.name = 'UploadTokenError';
    this.problem = problem;
  }
}

const VERSION = 'v1';

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();
}

/**
 * `v1.<base64url(JSON grant)>.<base64url(HMAC-SHA256)>`: the grant travels in the token,
 * so the host needs no storage to check it, and nobody without UPLOAD_TOKEN_SECRET can
 * make or change one.
 */
export function signUploadToken(secret: string, grant: UploadGrant): string {
  const payload = Buffer.from(
    JSON.stringify({ k: grant.key, u: grant.userId, t: grant.kind, e: grant.expiresAt }),
    'utf8',
  ).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * The grant of a token made by signUploadToken with the same secret, or UploadTokenError:
 * `forged` when the signature does not match, `expired` after its time, `wrong-key` when
 * `key` (the form's key) is not the one it names.
 */
export function verifyUploadToken(secret: string, token: string, key: string, nowMs = Date.now()): UploadGrant {
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signature || rest.length > 0) throw new UploadTokenError('malformed');
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new UploadTokenError('forged');
  let raw: { k?: unknown; u?: unknown; t?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof raw;
  } catch {
    throw new UploadTokenError('malformed');
  }
  const { k, u, t, e } = raw;
  if (
    typeof k !== 'string' ||
    typeof u !== 'number' ||
    !Number.isSafeInteger(u) ||
    (t !== 'image' && t !== 'video') ||
    typeof e !== 'number'
  ) {
    throw new UploadTokenError('malformed');
  }
  if (e * 1000 <= nowMs) throw new UploadTokenError('expired');
  if (key !== k) throw new UploadTokenError('wrong-key');
  return { key: k, userId: u, kind: t, expiresAt: e };
}
