import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3 (path-style requests and browser POST policies). */

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** The payload hash of a streamed body we do not hash first (S3 accepts it). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** `20261123T104000Z` */
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function credentialScope(amzDate: string, region: string): string {
  return `${amzDate.slice(0, 8)}/${region}/s3/aws4_request`;
}

export function signingKey(secretAccessKey: string, amzDate: string, region: string): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, amzDate.slice(0, 8));
  return hmac(hmac(hmac(dateKey, region), 's3'), 'aws4_request');
}

/** RFC 3986 encoding as SigV4 wants it; `/` kept in paths. */
export function uriEncode(value: string, keepSlash: boolean): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

export type SignableRequest = {
  method: string;
  /** Already encoded path, e.g. `/bucket/posts/a.jpg`. */
  path: string;
  query?: Record<string, string>;
  /** Lower-case names; `host` and `x-amz-*` included. */
  headers: Record<string, string>;
  payloadHash: string;
};

/** The Authorization header value for `request` signed at `amzDate` (its x-amz-date header). */
export function authorizationHeader(credentials: S3Credentials, request: SignableRequest, amzDate: string): string {
  const names = Object.keys(request.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const canonicalHeaders = names.map((n) => `${n}:${String(request.headers[n]).trim()}\n`).join('');
  const signedHeaders = names.join(';');
  const query = Object.entries(request.query ?? {})
    .map(([k, v]) => `${uriEncode(k, false)}=${uriEncode(v, false)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    query,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = credentialScope(amzDate, credentials.region);
  const stringToSign = [SIGV4_ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, amzDate, credentials.region))
    .update(stringToSign)
    .digest('hex');
  return `${SIGV4_ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export type PresignedPost = { url: string; fields: Record<string, string> };

/**
 * A browser POST policy (S3 "POST Object" with SigV4): the form may put one object at
 * exactly `key` in `bucket`, of 1..maxBytes bytes, until `expiresAt`.
 */
export function presignPost(
  credentials: S3Credentials,
  options: { url: string; bucket: string; key: string; maxBytes: number; expiresAt: Date; now: Date },
): PresignedPost {
  const amzDate = amzDateOf(options.now);
  const credential = `${credentials.accessKeyId}/${credentialScope(amzDate, credentials.region)}`;
  const policy = {
    expiration: options.expiresAt.toISOString(),
    conditions: [
      { bucket: options.bucket },
      { key: options.key },
      ['content-length-range', 1, options.maxBytes],
      { 'x-amz-algorithm': SIGV4_ALGORITHM },
      { 'x-amz-credential': credential },
      { 'x-amz-date': amzDate },
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, amzDate, credentials.region))
    .update(encoded)
    .digest('hex');
  return {
    url: options.url,
    fields: {
      key: options.key,
      policy: encoded,
      'x-amz-algorithm': SIGV4_ALGORITHM,
      'x-amz-credential': credential,
      'x-amz-date': amzDate,
      'x-amz-signature': signature,
    },
  };
}
