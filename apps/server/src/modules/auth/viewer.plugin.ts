import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../platform/error-handler.ts';
import { requestToken } from '../../platform/session-cookie.ts';
import { resolveSession } from './sessions.service.ts';

/**
 * Recognises the caller on every API request: a valid bearer token or session cookie
 * sets `request.viewer`; anything else leaves it null (endpoints that need login then
 * answer 2011). An unknown or revoked token is simply "not logged in".
 */
export async function registerViewer(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  // Sockets are recognised by the same sessions (read afresh: a socket lives long).
  app.realtime.authenticate(
    async (token) => (await resolveSession(app.db, token, new Date(), { fresh: true }))?.id ?? null,
  );
  app.addHook('preHandler', async (request) => {
    if (!isApiPath(request.url.split('?', 1)[0] ?? '')) return;
    const token = requestToken(request);
    if (!token) return;
    // A call that needs a role or VIP status reads them from the database, not from memory.
    const auth = request.routeOptions.config?.auth;
    request.viewer = await resolveSession(app.db, token, new Date(), { fresh: auth === 'admin' || auth === 'vip' });
  });
}
