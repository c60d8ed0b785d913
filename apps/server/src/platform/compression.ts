import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every compressible answer made at request time (SSR HTML, API JSON, SVG)
 * with Brotli or gzip, as the client accepts, above 1 KB. Build assets are compressed
 * once at build time and served as they are (web.plugin.ts, `preCompressed`); an answer
 * that already has a Content-Encoding is left alone. Brotli runs at quality 4 (the
 * dynamic-content sweet spot: near gzip -9 size at a fraction of quality 11's CPU), and
 * every write is flushed so streamed HTML still arrives in pieces.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
      flush: constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
  });
}
