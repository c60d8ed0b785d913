import { createHash } from 'node:crypto';
import { ICON_API_PATH } from '@evcircle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { iconsFor, parseCollectionFile, parseIconsQuery } from './icons.service.ts';

/**
 * A day fresh, then a week served while revalidated with the ETag: the sets change only
 * with a deployment, and the URL does not name their version.
 */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

type IconsRequest = FastifyRequest<{ Params: { '*': string }; Querystring: { icons?: unknown } }>;

/** What the request asks for, or null when it is no icon request we answer. */
function parseRequest(request: IconsRequest): { collection: string; names: string[] } | null {
  const collection = parseCollectionFile(request.params['*']);
  const names = collection ? parseIconsQuery(request.query.icons) : null;
  return collection && names ? { collection, names } : null;
}

/** The Iconify API's "not found": HTTP 404 with the JSON `404` (its clients stop asking). */
function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('application/json; charset=utf-8').header('cache-control', CACHE_CONTROL).send('404');
}

/**
 * GET /api/icons/{collection}.json?icons=a,b (SPEC.md §7 "Other"): the icons of a set we
 * hold in the Iconify API's own format, not the envelope, so any Iconify client reads it.
 * A set we do not hold, an empty or over-long list, or a name that is not an Iconify name
 * answers 404: refused in onRequest, before the API's input rules would answer a NUL with
 * an envelope (the rate limit, a global onRequest hook, still counts the call).
 */
export async function registerIconRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    `${ICON_API_PATH}/*`,
    {
      onRequest: async (request: IconsRequest, reply) => {
        if (!parseRequest(request)) return sendNotFound(reply);
      },
    },
    async (request: IconsRequest, reply) => {
      const asked = parseRequest(request);
      const answer = asked ? await iconsFor(asked.collection, asked.names) : null;
      if (!answer) return sendNotFound(reply);
      const body = JSON.stringify(answer);
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
