import { AppError, type ErrorCode, fail, STATUS } from '@evcircle/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ZodError } from 'zod';
import { describeIssues } from './validation.ts';

/** Paths whose failures are answered with the envelope (everything the API client calls). */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/pub/');
}

/** Fastify's own transport errors, mapped to our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Maps any thrown value to the AppError the caller is shown. Unknown errors → null. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('VALIDATION_FAILED', { detail: describeIssues(error.issues) });
  const fastifyError = error as Partial<FastifyError> | null;
  const code = fastifyError?.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (code) return new AppError(code);
  // JSON.parse failures surface as a SyntaxError flagged 400 by Fastify's parser.
  if (error instanceof SyntaxError && fastifyError?.statusCode === 400) return new AppError('MALFORMED_JSON');
  return null;
}

/**
 * The whole seconds a rate-limited caller is told to wait: the refusal's `data.retryAfter`
 * (STATUS.RATE_LIMITED documents it), at least 1. Null for every other error, and for a
 * refusal that names no wait (a defect: abuse-limits.test.ts checks every limit names one).
 */
export function retryAfterOf(error: AppError): number | null {
  if (error.status !== STATUS.RATE_LIMITED) return null;
  const data = error.data as { retryAfter?: unknown } | null;
  const seconds = Number(data?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.ceil(seconds)) : null;
}

/**
 * Writes the envelope as a string so no route's response schema is applied to it.
 * Business errors keep HTTP 200 (ARCHITECTURE.md, SPEC.md §7), a rate-limited one
 * included; it also carries `Retry-After` (RFC 9110 §10.2.3), so proxies and generic
 * HTTP clients that never read the envelope still learn when to come back.
 */
export function sendEnvelopeError(reply: FastifyReply, error: AppError): FastifyReply {
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
  return reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(fail(error.status, error.message, error.data ?? null)));
}

/**
 * The one error path: every failure becomes `{status, data, message}` with a zh-CN
 * message from the contract. Unexpected errors are logged with the request id and
 * stack and answered with SERVER_ERROR; their message never leaves the server.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError) {
      if (appError.code === 'RATE_LIMITED') request.log.warn({ code: appError.code }, 'rate limited');
      return sendEnvelopeError(reply, appError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelopeError(reply, new AppError('SERVER_ERROR'));
  });
}

/**
 * Unknown paths: API_NOT_FOUND under /api and /pub, FILE_NOT_FOUND under /files, a
 * plain 404 elsewhere. `preHandler` runs first (the API rate limit).
 */
export function registerNotFoundHandler(app: FastifyInstance, preHandler: preHandlerAsyncHookHandler): void {
  app.setNotFoundHandler({ preHandler }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path)) return sendEnvelopeError(reply, new AppError('API_NOT_FOUND'));
    if (path.startsWith('/files/')) return sendEnvelopeError(reply, new AppError('FILE_NOT_FOUND'));
    // NOTE: when the web is served, its catch-all route answers every other path
    // (with the 404 page); this handler only sees them when it is not.
    return reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${path}`);
  });
}
