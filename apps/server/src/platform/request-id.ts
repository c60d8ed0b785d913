import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids a proxy may hand us: short, printable, no spaces — safe to log and echo. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * Fastify `genReqId`: keeps the caller's (or load balancer's) `x-request-id` so one id
 * follows a request across services; otherwise a random UUID.
 */
export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** Echoes the request id on every answer, so a user's report can be found in the log. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
