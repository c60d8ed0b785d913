import { hash, timingSafeEqual } from 'node:crypto';
import { AppError, collectSignParams, SIGN_WINDOW_MS, signBase } from '@evcircle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Route prefixes whose calls must carry a valid sign (SPEC.md §7). */
const SIGNED_PREFIXES = ['/api/v1/', '/pub/'] as const;

export function isSignedRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && SIGNED_PREFIXES.some((prefix) => routeUrl.startsWith(prefix));
}

/** Top-level fields of a JSON object body; multipart and other bodies are not signed. */
function signedBody(request: FastifyRequest): Record<string, unknown> | null {
  const type = String(request.headers['content-type'] ?? '');
  if (!type.includes('json')) return null;
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  return body as Record<string, unknown>;
}

/**
 * The contract's computeSign (uppercase hex MD5 of the sign base) with Node's native
 * MD5: the contract's portable one is pure JavaScript (it also runs in browsers) and
 * cost a tenth of a cached feed answer's CPU.
 */
export function computeSignNative(params: Record<string, string>, secret: string): string {
  return hash('md5', signBase(params, secret), 'hex').toUpperCase();
}

/**
 * Checks one request's sign. Throws SIGN_MISSING, TIMESTAMP_EXPIRED or SIGN_INVALID.
 * The sign keeps honest clients honest (the secret ships in the web bundle); it is
 * never what authorization rests on.
 */
export function verifySign(request: FastifyRequest, secret: string, now: number = Date.now()): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const given = query.sign;
  if (typeof given !== 'string' || given === '') throw new AppError('SIGN_MISSING');

  const params = collectSignParams(query, signedBody(request));
  const timestamp = Number(params.timestamp);
  if (!params.timestamp || !Number.isFinite(timestamp) || Math.abs(now - timestamp) > SIGN_WINDOW_MS) {
    throw new AppError('TIMESTAMP_EXPIRED');
  }

  const expected = Buffer.from(computeSignNative(params, secret), 'utf8');
  const actual = Buffer.from(given.toUpperCase(), 'utf8');
  // timingSafeEqual needs equal lengths; a length mismatch is simply a wrong sign.
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AppError('SIGN_INVALID');
}

/**
 * Verifies the sign on every signed route once the body is parsed (preHandler), so
 * a tampered body field fails too.
 */
export function registerSignVerification(app: FastifyInstance, secret: string): void {
  app.addHook('preHandler', async (request) => {
    if (!isSignedRoute(request.routeOptions.url)) return;
    verifySign(request, secret);
  });
}
