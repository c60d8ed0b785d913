import { AppError, type Endpoint, endpoints, ok } from '@evcircle/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toJSONSchema, type z } from 'zod';
import type { Viewer } from './fastify-types.ts';
import { parseInput } from './validation.ts';

export type EndpointContext = { viewer: Viewer | null; request: FastifyRequest; reply: FastifyReply };

/** The parsed input: the query schema's output for GET, the body's for POST. */
type InputOf<E extends Endpoint> =
  E extends Endpoint<infer Q, infer B, z.ZodType, infer M> ? (M extends 'GET' ? z.output<Q> : z.output<B>) : never;

export type EndpointHandler<E extends Endpoint> = (
  input: InputOf<E>,
  ctx: EndpointContext,
) => Promise<z.input<E['data']>> | z.input<E['data']>;

function endpointKey(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/**
 * JSON schema of the success envelope, so Fastify serializes answers with
 * fast-json-stringify (faster than JSON.stringify, and fields not in the contract are
 * dropped instead of leaking). Null when the data schema has no JSON-schema form.
 */
function envelopeSchema(data: z.ZodType): Record<string, unknown> | null {
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
 * fields dropped), `auth` enforced, the handler's return wrapped in `ok()`.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>) {
  const schema = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  const response = envelopeSchema(endpoint.data);
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
      const data = await handler(input, { viewer, request, reply });
      return ok(data);
    },
  });
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
