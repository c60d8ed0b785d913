// Fastify's router refuses some URLs before any route, hook or error handler runs: a
// malformed %-escape (FST_ERR_BAD_URL) and a path segment past maxParamLength
// (FST_ERR_MAX_PARAM_LENGTH). Left to Fastify they answer its own JSON, not the envelope
// (found by the contract fuzzing, issue 22): here API paths get VALIDATION_FAILED.
import { AppError } from '@evcircle/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendEnvelopeError } from './error-handler.ts';

/** HTTP statuses Fastify gives these refusals, kept for paths outside the API. */
const HTTP_STATUS: Record<string, number> = { FST_ERR_MAX_PARAM_LENGTH: 414 };

/** Fastify's `frameworkErrors` option. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.raw.url?.split('?')[0] ?? '';
  if (isApiPath(path)) {
    sendEnvelopeError(reply, new AppError('VALIDATION_FAILED', { detail: '请求路径不正确' }));
    return;
  }
  reply
    .code(HTTP_STATUS[error.code] ?? 400)
    .type('text/plain; charset=utf-8')
    .send('Bad request');
}
