import { ApiError } from '@evcircle/contract/client';

/**
 * A new client message id: what makes a retried send store one message or comment (the
 * server answers the stored one for an id it has seen). 32 hex digits, within
 * /^[A-Za-z0-9_-]{1,64}$/.
 */
export function newClientMsgId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID().replaceAll('-', '');
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers a gateway gives when the server behind it did not (the request may or may not have landed). */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Whether a call failed on the way (no answer reached us: fetch threw, or a gateway
 * answered for the server), not with the server's own refusal.
 */
export function failedOnTheNetwork(error: unknown): boolean {
  if (error instanceof ApiError) return GATEWAY_STATUSES.has(error.httpStatus);
  return error instanceof TypeError;
}

/**
 * SPEC.md §7 (comment save and reply): when `send` fails on the network, it is made once
 * more, directly; its caller passes the same client message id both times, so the retry
 * can only answer what the first send stored. A refusal from the server is not retried.
 */
export async function withOneDirectRetry<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!failedOnTheNetwork(error)) throw error;
    return send();
  }
}
