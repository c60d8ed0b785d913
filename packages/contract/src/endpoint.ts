import type { z } from 'zod';
import type { AccessRule } from './access.ts';

export type HttpMethod = 'GET' | 'POST';
/**
 * Who may call an endpoint, enforced before its handler runs:
 * - none: anyone, and the handler never sees a viewer;
 * - optional: anyone, with the viewer when logged in;
 * - user: logged in (2011 otherwise);
 * - vip: a logged-in VIP member (2011, then VIP_REQUIRED);
 * - admin: a logged-in administrator (2011, then ADMIN_REQUIRED).
 */
export type AuthRule = 'none' | 'optional' | 'user' | 'vip' | 'admin';
/** The rules under which a handler always has a viewer. */
export type LoggedInRule = 'user' | 'vip' | 'admin';

/** At most `limit` calls per `windowSeconds` (a fixed window). */
export type RateWindow = { readonly limit: number; readonly windowSeconds: number };
/**
 * A per-endpoint limit, on top of the API-wide one: counted per client address (`ip`)
 * or per logged-in user (`user`, for endpoints whose auth needs login), every window
 * checked in order; the first exceeded answers RATE_LIMITED with the seconds to wait.
 * Endpoints naming the same `bucket` share one count (private and team chat sends, an
 * upload through the server and a direct-upload token); without one, each endpoint
 * counts alone. Shared by every process when REDIS_URL is set.
 */
export type RateLimitRule = {
  readonly by: 'ip' | 'user';
  readonly windows: readonly RateWindow[];
  readonly bucket?: string;
};

export type Endpoint<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
  A extends AuthRule = AuthRule,
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
  auth: A;
  /** A limit of this endpoint's own (see RateLimitRule). */
  rateLimit?: RateLimitRule;
  /** The body is multipart/form-data (uploads); it is not signed. */
  multipart?: boolean;
  /** One line for the generated API document. */
  summary: string;
  /**
   * Whose object the id it takes names, and how anyone else is answered: required (by a
   * contract test) of every endpoint that takes an object id (access.ts).
   */
  access?: AccessRule;
};

/** Whether a value of a contract module is an endpoint declaration (the registry and the client view walk them). */
export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'data' in value;
}

/** Declares an endpoint once; the server registers it and the client calls it. */
export function defineEndpoint<
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
  const M extends HttpMethod,
  const A extends AuthRule,
>(endpoint: Endpoint<Q, B, D, M, A>): Endpoint<Q, B, D, M, A> {
  return endpoint;
}

/**
 * An endpoint as the browser calls it: its method and path (and whether it is
 * multipart), typed by its declaration `E` but without the zod schemas, so a page that
 * calls an endpoint does not load zod and every schema of the endpoint's domain
 * (client-endpoints.generated.ts; docs/decisions/0011). A form that validates with an
 * endpoint's schema imports the declaration from `@evcircle/contract/declarations`.
 */
export type ClientEndpoint<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: string;
  readonly multipart?: boolean;
  /** Types only: never set. */
  readonly declaration?: E;
};

/**
 * A client endpoint of `method` and `path`, typed by its declaration. Marked free of side
 * effects, so a page's bundle keeps only the endpoints it calls.
 */
/* @__NO_SIDE_EFFECTS__ */
export function clientEndpoint<E extends Endpoint>(
  method: E['method'],
  path: string,
  multipart?: true,
): ClientEndpoint<E> {
  return multipart ? { method, path, multipart } : { method, path };
}

type DeclarationOf<E> = E extends Endpoint ? E : E extends ClientEndpoint<infer D> ? D : never;

/** What the caller passes: the query for GET, the body for POST. */
export type EndpointInput<E> =
  DeclarationOf<E> extends Endpoint<infer Q, infer B, z.ZodType, infer M>
    ? M extends 'GET'
      ? z.input<Q>
      : z.input<B>
    : never;

export type EndpointData<E> = DeclarationOf<E> extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
