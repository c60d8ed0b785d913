import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers below this many bytes are sent as they are (compressing them gains nothing). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

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
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      flush: constants.BROTLI_OPERATION_FLUSH,
    },
    zlibOptions: { level: GZIP_LEVEL, flush: constants.Z_SYNC_FLUSH },
    // Answers only: no endpoint takes a compressed body, and inflating one is a bomb's
    // door (BODY_LIMIT_BYTES stops the body, not the inflating: 1 MB of gzip cost ~1.5 s
    // of CPU). A Content-Encoding body is read as sent and fails as MALFORMED_JSON.
    globalDecompression: false,
  });
}

/** The compressed bytes of answers sent many times (cached answers), by encoding: made once each. */
const compressedOf = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body, { level: GZIP_LEVEL });
}

/**
 * Sends an answer many callers share (a cached answer, the same Buffer each time)
 * compressed as the client accepts, compressing each Buffer at most once per encoding
 * (the plugin would compress it again for every call: for the anonymous feed, more CPU
 * than making the answer). Small answers and clients that accept no encoding get the bytes.
 */
export function sendShared(request: FastifyRequest, reply: FastifyReply, body: Buffer): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding =
    body.length >= COMPRESS_THRESHOLD_BYTES && accepted
      ? (negotiate(accepted.toLowerCase(), [...ENCODINGS]) as Encoding | null)
      : null;
  if (!encoding) return reply.send(body);
  let variants = compressedOf.get(body);
  if (!variants) {
    variants = {};
    compressedOf.set(body, variants);
  }
  const compressed = variants[encoding] ?? compress(body, encoding);
  variants[encoding] = compressed;
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(compressed);
}
