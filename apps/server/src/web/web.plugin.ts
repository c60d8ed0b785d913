import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { PublicConfig, WebLoadContext } from '@evcircle/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../platform/config.ts';
import { isApiPath } from '../platform/error-handler.ts';
import { createInjectFetch } from '../platform/inject-fetch.ts';
import { s3PublicBase } from '../platform/storage/index.ts';
import { htmlContentSecurityPolicy } from './csp.ts';
import { handleWebError, sendErrorPage } from './error-page.ts';

/** Where uploaded and seeded media are served (platform/storage); the image rules prefix it. */
const IMAGE_BASE = '/files';

/** Hashed build output: the name changes with the content, so it may be cached for good. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Headers a hashed asset does without. A page loads some forty of them, many a few hundred
 * bytes: the document-only security headers (they govern the page that loads the script,
 * not the script), the validators of a file that is never revalidated (its name changes
 * with its content) and the request id would outweigh the body. nosniff, the resource
 * policy, the type, length, encoding and cache headers stay.
 */
const NOT_FOR_ASSETS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
  'accept-ranges',
  'x-request-id',
] as const;
/** The service worker's own CSP: same-origin fetches, and https images (covers on an image host). */
const SERVICE_WORKER_CSP =
  "default-src 'self'; connect-src 'self' https:; img-src 'self' https:; frame-ancestors 'none'";
/** favicon, manifest and other unhashed files: short, so a new deployment shows up soon. */
const SHORT_CACHE = 'public, max-age=3600';

/** Headers the API sees on SSR calls as if the visitor had made them. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** Paths other parts of the server own; the catch-all hands them back to the 404 handler. */
function isReservedPath(pathname: string): boolean {
  return (
    isApiPath(pathname) ||
    pathname.startsWith('/files/') ||
    pathname === '/realtime' ||
    pathname.startsWith('/realtime/')
  );
}

export function publicConfigFrom(
  config: Config,
  buildId: string,
  features: PublicConfig['features'] = { translate: false },
): PublicConfig {
  return {
    signSecret: config.API_SIGN_SECRET,
    publicUrl: config.PUBLIC_URL,
    imageBase: s3PublicBase(config) ?? IMAGE_BASE,
    buildId,
    analytics:
      config.ANALYTICS_SCRIPT_URL && config.ANALYTICS_WEBSITE_ID
        ? { scriptUrl: config.ANALYTICS_SCRIPT_URL, websiteId: config.ANALYTICS_WEBSITE_ID }
        : null,
    features,
    video: {
      youtubeOrigin: config.VIDEO_EMBED_YOUTUBE_ORIGIN,
      bilibiliOrigin: config.VIDEO_EMBED_BILIBILI_ORIGIN,
      adTagUrl: config.VIDEO_AD_TAG_URL ?? null,
    },
  };
}

/** The visitor's request as a web Request, body streamed untouched (React Router actions read it). */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  // Stop rendering when the visitor goes away before the answer is complete.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * React Router catches what a page throws and renders the root ErrorBoundary (an HTML page).
 * When even that fails it answers a bare 500: "Unexpected Server Error" in text/plain, or no
 * body at all. Such an answer to a document request gets our error page instead. Data
 * requests (`.data`, the route manifest) keep React Router's answer: its client reads them.
 */
function isBarePageFailure(pathname: string, manifestPath: string, response: Response): boolean {
  if (response.status < 500 || pathname.endsWith('.data') || pathname === manifestPath) return false;
  const type = response.headers.get('content-type');
  return type === null || type.startsWith('text/plain');
}

/** Copies React Router's Response onto the Fastify reply, streaming the body. */
function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Imports the server half of a web build (apps/web/build/server/index.js). */
export async function importWebBuild(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
}

/**
 * Serves the React Router web app (apps/web/build) from this process: hashed statics,
 * the build descriptor, and server rendering for every path the API, files and
 * realtime do not own. Registered last by buildApp, in its own encapsulated scope.
 * `build` is that build when the caller imported it already (buildApp does, while the
 * database opens); otherwise it is imported from WEB_BUILD_DIR.
 */
export const webPlugin: FastifyPluginAsync<{ config: Config; build?: ServerBuild }> = async (app, options) => {
  const { config } = options;
  const buildDir = config.WEB_BUILD_DIR;
  const build = options.build ?? (await importWebBuild(buildDir));
  const buildId = build.assets.version;
  // buildApp decorates `ai` before registering this plugin; a bare test app has none.
  const publicConfig = publicConfigFrom(config, buildId, {
    translate: app.hasDecorator('ai') && app.ai.translate !== null,
  });
  // Always production mode: this is a production build, and development mode would send
  // server error details to the browser whenever NODE_ENV is left unset.
  const handle = createRequestHandler(build, 'production');
  const manifestPath = build.routeDiscovery.manifestPath;

  // Failures in this scope (React Router throwing, static files) answer an HTML page; the root
  // handler's JSON envelope is for the API, whose paths this scope never serves.
  app.setErrorHandler(handleWebError);

  const clientDir = path.join(buildDir, 'client');
  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per file found at start-up: the catch-all below keeps `/*` for itself.
      wildcard: false,
      index: false,
      // Our own Cache-Control below, per file kind.
      cacheControl: false,
      // The build writes `.br` and `.gz` beside each text asset (vite.config.ts): sent as
      // they are to a client that accepts them, no compression at request time.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(clientDir, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE_CACHE : SHORT_CACHE);
        // The service worker runs under its script's CSP (features/pwa): it fetches this
        // site's files and the covers it keeps, where NON_HTML_CSP would let it fetch nothing.
        if (relative === 'sw.js') reply.header('content-security-policy', SERVICE_WORKER_CSP);
      },
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/assets/') && reply.getHeader('cache-control') === IMMUTABLE_CACHE) {
      for (const name of NOT_FOR_ASSETS) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
    return payload;
  });

  // The latest-build descriptor of SPEC.md §2: open pages poll it to notice a new deployment.
  app.get('/build.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { buildId };
  });

  // Bodies reach React Router as raw streams: no parsing (and no 415) in this scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isReservedPath(pathname)) return reply.callNotFound();

      const forwarded: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') forwarded[name] = value;
      }
      const priorHops = request.headers['x-forwarded-for'];
      forwarded['x-forwarded-for'] = [priorHops, request.ip].filter(Boolean).join(', ');

      const cspNonce = randomBytes(16).toString('base64');
      const context: WebLoadContext = {
        apiFetch: createInjectFetch(app, forwarded, { remoteAddress: request.ip }),
        publicConfig,
        cspNonce,
      };
      const response = await handle(toWebRequest(request, reply), context);
      if (isBarePageFailure(pathname, manifestPath, response)) {
        // React Router has logged the cause already (entry.server handleError).
        request.log.error({ status: response.status }, 'web page failed: React Router answered a bare error');
        await response.body?.cancel();
        return sendErrorPage(reply, 500);
      }
      reply.header(
        'content-security-policy',
        htmlContentSecurityPolicy(cspNonce, publicConfig, {
          uploadOrigin: config.STORAGE === 's3' && config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : null,
        }),
      );
      return sendWebResponse(reply, response);
    },
  });
};
