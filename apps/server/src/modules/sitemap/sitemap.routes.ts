import { ROBOTS_DISALLOW, SITEMAP_MAX_URLS } from '@evcircle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createResponseCache } from '../../platform/response-cache.ts';
import {
  parseSitemapFile,
  SITEMAP_READ_BATCH,
  type SitemapFilesOptions,
  sitemapFileFor,
  sitemapFileName,
  sitemapIndexFor,
} from './sitemap.service.ts';
import { robotsTxt } from './sitemap-xml.ts';

/**
 * How long a sitemap file, once made, is served again (and how long browsers and proxies
 * may keep it). A new post reaches the sitemap within the hour; crawlers read sitemaps a
 * few times a day at most, and a file of 50,000 URLs is worth making once an hour, not
 * once a request.
 */
export const SITEMAP_CACHE_SECONDS = 3600;
/** robots.txt changes only with a deployment; crawlers keep it about a day anyway. */
const ROBOTS_CACHE_SECONDS = 86_400;
/** Tag of every sitemap answer kept (invalidateResponseCache), files and JSON alike. */
export const SITEMAP_CACHE_TAG = 'sitemap';
/** Room for every file of a million-post site and more; the oldest go first past it. */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

const XML_TYPE = 'application/xml; charset=utf-8';

function sendXml(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(XML_TYPE).header('cache-control', `public, max-age=${SITEMAP_CACHE_SECONDS}`).send(body);
}

/** A file that could not be made (the database is down): come back in a minute. */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  request.log.error({ err: error }, 'sitemap file not made');
  return reply
    .code(503)
    .header('retry-after', '60')
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Sitemap temporarily unavailable');
}

/**
 * /robots.txt, /sitemap.xml (the sitemap index) and its files under /sitemaps/, each
 * `pageSize` URLs at most (SITEMAP_MAX_URLS unless a test asks for fewer). Plain routes,
 * not the web's: they answer with SERVE_WEB=false too, and Fastify prefers them to the
 * web's catch-all whatever the order. Made on demand, kept SITEMAP_CACHE_SECONDS
 * (concurrent requests share one making; an empty Buffer stands for "no such file"),
 * compressed by the platform like any answer. An unknown or empty file is the app's
 * plain 404; a file that cannot be made now is a 503 (a crawler comes back), never a
 * 200 a crawler would take for the file.
 */
export async function registerSitemapFiles(
  app: FastifyInstance,
  sizes: { pageSize?: number; readBatch?: number } = {},
): Promise<void> {
  const options: SitemapFilesOptions = {
    publicUrl: app.config.PUBLIC_URL,
    pageSize: sizes.pageSize ?? SITEMAP_MAX_URLS,
    readBatch: sizes.readBatch ?? SITEMAP_READ_BATCH,
  };
  const cache = createResponseCache({
    ttlMs: SITEMAP_CACHE_SECONDS * 1000,
    tag: SITEMAP_CACHE_TAG,
    maxBytes: CACHE_MAX_BYTES,
  });
  app.addHook('onClose', async () => cache.dispose());
  const robots = robotsTxt(app.config.PUBLIC_URL, ROBOTS_DISALLOW);

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', `public, max-age=${ROBOTS_CACHE_SECONDS}`)
      .send(robots),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    try {
      return sendXml(reply, await cache.get('index', async () => Buffer.from(await sitemapIndexFor(app.db, options))));
    } catch (error) {
      return sendUnavailable(request, reply, error);
    }
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const file = parseSitemapFile(request.params.file);
    if (!file) return reply.callNotFound();
    let body: Buffer;
    try {
      body = await cache.get(sitemapFileName(file), async () =>
        Buffer.from((await sitemapFileFor(app.db, file, options)) ?? ''),
      );
    } catch (error) {
      return sendUnavailable(request, reply, error);
    }
    if (body.length === 0) return reply.callNotFound();
    return sendXml(reply, body);
  });
}
