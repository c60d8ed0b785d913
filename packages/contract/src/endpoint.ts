import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';
/** none: anyone; optional: a viewer is used when present; required: 2011 without login. */
export type AuthRule = 'none' | 'optional' | 'required';

export type Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
> = {
  method: M;
  /** Path under the site root, exactly as SPEC.md §7 writes it. */
  path: string;
  /** Schema of the query string (GET) — values arrive as strings and are coerced. */
  query?: Q;
  /** Schema of the JSON body (POST) — values arrive as strings and are coerced. */
  body?: B;
  /** Schema of `data` in a successful envelope. */
  data: D;
  auth: AuthRule;
  /** The body is multipart/form-data (uploads); it is not signed. */
  multipart?: boolean;
  /** One line for the generated API document. */
  summary: string;
};

/** Declares an endpoint once; the server registers it and the client calls it. */
export function defineEndpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  const M extends HttpMethod,
>(endpoint: Endpoint<Q, B, D, M>): Endpoint<Q, B, D, M> {
  return endpoint;
}

/** What the caller passes: the query for GET, the body for POST. */
export type EndpointInput<E> =
  E extends Endpoint<infer Q, infer B, z.ZodType, infer M> ? (M extends 'GET' ? z.input<Q> : z.input<B>) : never;

export type EndpointData<E> = E extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
