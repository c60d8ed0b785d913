import type { FetchLike } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';

/**
 * A fetch that reaches this same Fastify instance in-process (light-my-request): SSR
 * loaders and API tests call the API exactly as a browser would, with no socket.
 */
export function createInjectFetch(
  app: FastifyInstance,
  baseHeaders: Record<string, string> = {},
  /** The visitor's address (SSR): rate limits and logs then see them, not 127.0.0.1. */
  options: { remoteAddress?: string } = {},
): FetchLike {
  return async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const headers: Record<string, string> = { ...baseHeaders };
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let payload: string | Buffer | undefined;
    if (typeof init.body === 'string') payload = init.body;
    else if (init.body instanceof FormData || init.body instanceof Blob || init.body instanceof URLSearchParams) {
      const req = new Request(url, { method: init.method, body: init.body });
      payload = Buffer.from(await req.arrayBuffer());
      const type = req.headers.get('content-type');
      if (type) headers['content-type'] = type;
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers,
      payload,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) out.append(key, v);
      else out.set(key, String(value));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: out,
    });
  };
}
