import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/**
 * CSP for everything that is not an HTML page (API envelopes, health checks, files):
 * such a response never needs to load anything, and if a browser is ever tricked into
 * rendering one as a document it can run nothing and cannot be framed.
 */
export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every answer: nosniff, frame denial, referrer policy (helmet).
 * Helmet's own CSP is off because HTML pages carry a CSP with a per-request nonce set
 * by the web plugin; every other answer gets NON_HTML_CSP unless its route set a CSP
 * already. A route can opt out of helmet entirely with `{ helmet: false }`.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https; on plain http browsers ignore it anyway.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:'),
    // Images under /files are embedded by other sites' share cards and apps.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-security-policy')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) reply.header('content-security-policy', NON_HTML_CSP);
    return payload;
  });
}
