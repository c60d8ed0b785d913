import { AppError, type AuthRule, type Endpoint, endpoints, type LoggedInRule, ok } from '@evcircle/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toJSONSchema, type z } from 'zod';
import { sendShared } from './compression.ts';
import type { Viewer } from './fastify-types.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';
import { parseInput } from './validation.ts';

/** What a handler gets besides its input; the viewer is never null when the declaration needs login. */
export type EndpointContext<A extends AuthRule = AuthRule> = {
  viewer: A extends LoggedInRule ? Viewer : Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The success envelope of `data` as this route sends it (its own serializer), for a
   * handler that keeps finished answers and returns them as a SerializedAnswer.
   */
  serialize: (data: unknown) => Buffer;
};

/**
 * An answer a handler made with `ctx.serialize` (possibly cached, possibly patched): sent
 * as it is, so the route serializes nothing, and compressed once per Buffer (sendShared):
 * return the same Buffer for the same bytes. For hot read paths whose answers many
 * callers share (the logged-in feed); everything else returns plain data.
 */
export class SerializedAnswer {
  constructor(readonly body: Buffer) {}
}

/** The parsed input: the query schema's output for GET, the body's for POST. */
type InputOf<E extends Endpoint> =
  E extends Endpoint<infer Q, infer B, z.ZodType, infer M> ? (M extends 'GET' ? z.output<Q> : z.output<B>) : never;

export type EndpointHandler<E extends Endpoint> = (
  input: InputOf<E>,
  ctx: EndpointContext<E['auth']>,
) => Promise<z.input<E['data']> | SerializedAnswer> | z.input<E['data']> | SerializedAnswer;

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
    const { $schema: _ignored, $defs, ...dataSchema } = toJSONSchema(data, { io: 'output', unrepresentable: 'throw' });
    return {
      type: 'object',
      // A recursive schema (a tree) refers to `#/$defs/…`: the definitions move to the root.
      ...($defs ? { $defs } : {}),
      properties: { status: { type: 'integer' }, data: dataSchema, message: { type: 'string' } },
      required: ['status', 'data', 'message'],
    };
  } catch {
    return null;
  }
}

/** An endpoint with the handler and options a module serves it with (see ModuleDescriptor). */
export type ServedEndpoint = {
  endpoint: Endpoint;
  handler: EndpointHandler<never>;
  options: EndpointOptions;
};

/** Pairs a contract endpoint with its handler, for a module's `endpoints` list. */
export function serve<E extends Endpoint>(
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): ServedEndpoint {
  return { endpoint, handler: handler as EndpointHandler<never>, options };
}

/**
 * Registers served endpoints; multipart ones (uploads) in a scope of their own that
 * parses multipart/form-data, so no other route accepts it.
 */
export async function registerServed(app: FastifyInstance, served: readonly ServedEndpoint[]): Promise<void> {
  for (const s of served) {
    if (!s.endpoint.multipart) registerEndpoint(app, s.endpoint, s.handler as EndpointHandler<Endpoint>, s.options);
  }
  const multipart = served.filter((s) => s.endpoint.multipart);
  if (multipart.length === 0) return;
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart);
    for (const s of multipart) registerEndpoint(scope, s.endpoint, s.handler as EndpointHandler<Endpoint>, s.options);
  });
}

/**
 * The viewer an endpoint's `auth` lets through: null for 'none' (the handler never sees
 * one) and for an anonymous 'optional' caller; NOT_LOGGED_IN (2011) when login is needed
 * and missing, then VIP_REQUIRED or ADMIN_REQUIRED.
 */
export function viewerFor(auth: AuthRule, viewer: Viewer | null): Viewer | null {
  if (auth === 'none') return null;
  if (auth === 'optional') return viewer;
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  if (auth === 'vip' && !viewer.isVip) throw new AppError('VIP_REQUIRED');
  if (auth === 'admin' && viewer.role !== 'admin') throw new AppError('ADMIN_REQUIRED');
  return viewer;
}

async function enforceRateLimit(
  app: FastifyInstance,
  endpoint: Endpoint,
  request: FastifyRequest,
  viewer: Viewer | null,
): Promise<void> {
  const rule = endpoint.rateLimit;
  if (!rule) return;
  // A 'user' limit on an endpoint anonymous callers may reach counts them by address.
  const who = rule.by === 'user' && viewer ? `u:${viewer.id}` : `ip:${request.ip}`;
  const counter = rule.bucket ? `bucket:${rule.bucket}` : `endpoint:${endpointKey(endpoint)}`;
  for (const { limit, windowSeconds } of rule.windows) {
    const key = `${counter}:${windowSeconds}:${who}`;
    const { allowed, retryAfter } = await app.limiter.hit(key, limit, windowSeconds);
    if (!allowed) throw new AppError('RATE_LIMITED', { seconds: retryAfter }, { retryAfter });
  }
}

/**
 * Registers one contract endpoint: method and path from the declaration, `auth` and
 * `rateLimit` enforced, input parsed by its schema (query for GET, JSON body for POST —
 * all-string values coerced, unknown fields dropped), the handler's return wrapped in
 * `ok()`. See EndpointOptions for the anonymous answer cache.
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
    // The viewer plugin reads it: 'admin' and 'vip' calls check the role afresh.
    config: { auth: endpoint.auth },
    schema: response ? { response: { 200: response } } : undefined,
    handler: async (request, reply) => {
      const viewer = viewerFor(endpoint.auth, request.viewer);
      await enforceRateLimit(app, endpoint, request, viewer);
      const given = endpoint.method === 'GET' ? request.query : (request.body ?? {});
      // A path's `:name` segments are read as fields of the input (team-members/:id).
      const params = request.params as Record<string, string>;
      const hasParams =
        typeof given === 'object' && given !== null && !Array.isArray(given) && Object.keys(params ?? {}).length > 0;
      const raw = hasParams ? { ...(given as object), ...params } : given;
      if (endpoint.method === 'POST' && !endpoint.multipart && (typeof raw !== 'object' || Array.isArray(raw))) {
        throw new AppError('VALIDATION_FAILED', { detail: '请求体须为 JSON 对象' });
      }
      const input = (schema ? parseInput(schema, raw) : {}) as InputOf<E>;
      // The route's own serializer (the envelope schema), as an answer Fastify sends gets.
      const serialize = (data: unknown) => Buffer.from(reply.serialize(ok(data)) as string, 'utf8');
      const ctx = { viewer, request, reply, serialize } as EndpointContext<E['auth']>;
      if (cache && viewer === null) {
        // The parsed input, not the query: sign, timestamp and unknown fields are not in it.
        const body = await cache.get(JSON.stringify(input), async () => {
          const data = await handler(input, ctx);
          return data instanceof SerializedAnswer ? data.body : serialize(data);
        });
        return sendShared(request, reply.type(JSON_TYPE), body);
      }
      const data = await handler(input, ctx);
      if (data instanceof SerializedAnswer) return sendShared(request, reply.type(JSON_TYPE), data.body);
      return ok(data);
    },
  });
}

function anonymousCache(app: FastifyInstance, endpoint: Endpoint, options: EndpointOptions): ResponseCache | null {
  if (options.anonymousCacheMs === undefined) return null;
  if (endpoint.auth !== 'none' && endpoint.auth !== 'optional') {
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
