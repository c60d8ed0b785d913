import { AppError, type Endpoint, endpoints, ok } from '@evcircle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toJSONSchema, type z } from 'zod';
import type { Viewer } from './fastify-types.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { parseInput } from './validation.ts';

export type EndpointContext = { viewer: Viewer | null; request: FastifyRequest; reply: FastifyReply };

/** The parsed input: the query schema's output for GET, the body's for POST. */
type InputOf<E extends Endpoint> =
  E extends Endpoint<infer Q, infer B, z.ZodType, infer M> ? (M extends 'GET' ? z.output<Q> : z.output<B>) : never;

export type EndpointHandler<E extends Endpoint> = (
  input: InputOf<E>,
  ctx: EndpointContext,
) => Promise<z.input<E['data']>> | z.input<E['data']>;

/** How a route serves its endpoint, beyond what the contract declares. */
export type EndpointOptions = {
  /**
   * Callers without a viewer (not logged in, or every caller when auth is 'none') are
   * served, for up to this many milliseconds, the answer already made for the same
   * parsed input: the handler and serialization run once per input and period, not
   * once per call. Sign, rate limit and headers still apply to every call. Only for
   * handlers whose answer depends on the parsed input alone (not on the request, and
   * setting no headers or cookies), and whose data may lag writes by that long.
   */
  anonymousCacheMs?: number;
  /** Tag for invalidateResponseCache(tag), which writes call to drop the answers at once. */
  cacheTag?: string;
  /** Most distinct inputs kept (default RESPONSE_CACHE_DEFAULTS.maxEntries). */
  cacheMaxEntries?: number;
  /** Most bytes of answers kept (default RESPONSE_CACHE_DEFAULTS.maxBytes). */
  cacheMaxBytes?: number;
};

const JSON_TYPE = 'application/json; charset=utf-8';

function endpointKey(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/**
 * JSON schema of the success envelope, so Fastify serializes answers with
 * fast-json-stringify (faster than JSON.stringify, and fields not in the contract are
 * dropped instead of leaking). Null when the data schema has no JSON-schema form.
 */
export function envelopeSchema(data: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _ignored, ...dataSchema } = toJSONSchema(data, { io: 'output', unrepresentable: 'throw' });
    return {
      type: 'object',
      properties: { status: { type: 'integer' }, data: dataSchema, message: { type: 'string' } },
      required: ['status', 'data', 'message'],
    };
  } catch {
    return null;
  }
}

/**
 * Registers one contract endpoint: method and path from the declaration, input parsed
 * by its schema (query for GET, JSON body for POST — all-string values coerced, unknown
 * fields dropped), `auth` enforced, the handler's return wrapped in `ok()`. See
 * EndpointOptions for the anonymous answer cache.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
) {
  const schema = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  const response = envelopeSchema(endpoint.data);
  const cache = anonymousCache(app, endpoint, options);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: response ? { response: { 200: response } } : undefined,
    handler: async (request, reply) => {
      if (endpoint.auth === 'required' && !request.viewer) throw new AppError('NOT_LOGGED_IN');
      const raw = endpoint.method === 'GET' ? request.query : (request.body ?? {});
      if (endpoint.method === 'POST' && !endpoint.multipart && (typeof raw !== 'object' || Array.isArray(raw))) {
        throw new AppError('VALIDATION_FAILED', { detail: '请求体须为 JSON 对象' });
      }
      const input = (schema ? parseInput(schema, raw) : {}) as InputOf<E>;
      const viewer = endpoint.auth === 'none' ? null : request.viewer;
      if (cache && viewer === null) {
        // The parsed input, not the query: sign, timestamp and unknown fields are not in it.
        const body = await cache.get(JSON.stringify(input), async () => {
          const data = await handler(input, { viewer, request, reply });
          // The route's own serializer (the envelope schema), as an uncached answer gets.
          return Buffer.from(reply.serialize(ok(data)) as string, 'utf8');
        });
        return reply.type(JSON_TYPE).send(body);
      }
      const data = await handler(input, { viewer, request, reply });
      return ok(data);
    },
  });
}

function anonymousCache(app: FastifyInstance, endpoint: Endpoint, options: EndpointOptions): ResponseCache | null {
  if (options.anonymousCacheMs === undefined) return null;
  if (endpoint.auth === 'required') {
    throw new Error(`${endpointKey(endpoint)}: anonymousCacheMs on an endpoint that requires login never caches`);
  }
  const cache = createResponseCache({
    ttlMs: options.anonymousCacheMs,
    tag: options.cacheTag,
    maxEntries: options.cacheMaxEntries,
    maxBytes: options.cacheMaxBytes,
  });
  app.addHook('onClose', async () => cache.dispose());
  return cache;
}

/**
 * Fails start-up when an endpoint declared in the contract has no server route, so
 * declarations and server never drift apart.
 */
export function assertAllEndpointsRegistered(app: FastifyInstance): void {
  app.addHook('onReady', async () => {
    const missing = endpoints.filter((endpoint) => !app.hasRoute({ method: endpoint.method, url: endpoint.path }));
    if (missing.length > 0) {
      throw new Error(`Contract endpoints without a server route: ${missing.map(endpointKey).join(', ')}`);
    }
  });
}
