// The cryptography of WeChat Pay API v3, as pure functions (no I/O, no clock of their own):
// the merchant signs each request (RSA-SHA256 with its API private key, in the Authorization
// header); WeChat signs each answer and each notification (RSA-SHA256 with its platform key,
// in the Wechatpay-* headers); a notification's content is sealed with the APIv3 key
// (AEAD_AES_256_GCM). Only node:crypto: no wrapper stands between us and the rules.
import { createDecipheriv, createPublicKey, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { PaymentVerifyError } from './types.ts';

/** The scheme of the Authorization header (RSA 2048 keys, SHA-256). */
export const WECHATPAY_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/**
 * WeChat's answers and notifications older (or newer) than this are refused: a signature
 * proves who wrote a message, not when, so a captured one could be replayed forever.
 */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

/**
 * WeChat sends now and then a notification whose signature starts with this, to check that
 * merchants really verify; it must be refused (a merchant accepting it would accept forgeries).
 */
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

/** GCM's authentication tag, appended by WeChat to the ciphertext. */
const GCM_TAG_BYTES = 16;

/** A request as WeChat checks its signature: `url` is the path with its query, without the host. */
export type SignedRequestParts = { method: string; url: string; timestamp: string; nonce: string; body: string };

/** An answer or a notification as WeChat signed it: the Wechatpay-Timestamp and -Nonce headers and the body. */
export type SignedMessageParts = { timestamp: string; nonce: string; body: string };

/** `METHOD\nURL\ntimestamp\nnonce\nbody\n`: what the merchant signs (the body is '' for a GET). */
export function buildRequestMessage(parts: SignedRequestParts): string {
  return `${parts.method.toUpperCase()}\n${parts.url}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** `timestamp\nnonce\nbody\n`: what WeChat signs in an answer or a notification. */
export function buildResponseMessage(parts: SignedMessageParts): string {
  return `${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** A fresh nonce_str: 32 characters of [0-9A-F] (WeChat asks for at most 32). */
export function newNonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** Seconds since the epoch, as WeChat writes timestamps. */
export function unixSeconds(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

/** The merchant's Authorization header for one request, signed with its API private key. */
export function signRequest(options: {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject | string;
  request: SignedRequestParts;
}): string {
  const signature = createSign('RSA-SHA256')
    .update(buildRequestMessage(options.request), 'utf8')
    .sign(options.privateKey, 'base64');
  const fields = [
    `mchid="${options.mchid}"`,
    `nonce_str="${options.request.nonce}"`,
    `signature="${signature}"`,
    `timestamp="${options.request.timestamp}"`,
    `serial_no="${options.serialNo}"`,
  ];
  return `${WECHATPAY_AUTH_SCHEME} ${fields.join(',')}`;
}

/**
 * A platform key from its PEM: WeChat's public key (微信支付公钥, serial PUB_KEY_ID_…)
 * or a platform certificate (serial = the certificate's serial number); Node takes both.
 */
export function readPlatformKey(pem: string): KeyObject {
  return createPublicKey(pem);
}

/** Why a signature was refused; 'ok' when it holds. */
export type SignatureCheck = 'ok' | 'probe' | 'malformed' | 'stale' | 'mismatch';

/**
 * Checks WeChat's signature over an answer or a notification: not a SIGNTEST probe, a
 * timestamp within SIGNATURE_WINDOW_SECONDS of `now`, and RSA-SHA256 over
 * `timestamp\nnonce\nbody\n` holding against the platform key the serial named.
 */
export function verifySignature(
  parts: SignedMessageParts,
  signature: string,
  publicKey: KeyObject,
  now: Date,
): SignatureCheck {
  if (signature.startsWith(SIGNTEST_PREFIX)) return 'probe';
  if (!/^\d{1,12}$/.test(parts.timestamp) || parts.nonce === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) {
    return 'malformed';
  }
  if (Math.abs(now.getTime() / 1000 - Number(parts.timestamp)) > SIGNATURE_WINDOW_SECONDS) return 'stale';
  const holds = createVerify('RSA-SHA256')
    .update(buildResponseMessage(parts), 'utf8')
    .verify(publicKey, signature, 'base64');
  return holds ? 'ok' : 'mismatch';
}

/** A notification's `resource` as WeChat sends it (algorithm AEAD_AES_256_GCM). */
export type EncryptedResource = {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
};

/**
 * Opens a notification's resource with the APIv3 key (32 bytes): AES-256-GCM, the 12-byte
 * nonce and the associated data as text, the base64 ciphertext ending in the 16-byte tag.
 * Throws PaymentVerifyError when it does not open (wrong key, altered data or tag).
 */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new PaymentVerifyError('unknown resource algorithm');
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new PaymentVerifyError('the APIv3 key is not 32 bytes');
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (sealed.length <= GCM_TAG_BYTES) throw new PaymentVerifyError('resource ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'), {
      authTagLength: GCM_TAG_BYTES,
    });
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PaymentVerifyError('resource does not decrypt');
  }
}
