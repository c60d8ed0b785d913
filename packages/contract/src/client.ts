import { ApiError } from './api-error.ts';
import { CLIENT_VERSION, DEFAULT_SPCHN, PLATFORM, RETRY_STATUSES, SRCHN } from './constants.ts';
import type { ClientEndpoint, Endpoint, EndpointData, EndpointInput } from './endpoint.ts';
import { CLIENT_MESSAGES, formatMessage } from './messages.ts';
import { collectSignParams, computeSign } from './sign.ts';
import { STATUS } from './status.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type ApiClientOptions = {
  /** Origin the paths are resolved against; '' for same-origin calls in a browser. */
  baseUrl: string;
  /** The sign secret (public in the web bundle; ARCHITECTURE.md). */
  signSecret: string;
  /** Defaults to the global fetch. SSR passes one that reaches the server in-process. */
  fetch?: FetchLike;
  /** The device's unique key (`ukey`). */
  getDeviceKey?: () => string;
  /** The bearer token, sent only when there is one (SPEC.md §6). */
  getToken?: () => string | null | undefined;
  /** Called when the server answers 2011: the client clears its login. */
  onLoggedOut?: () => void;
  /** Extra headers on every call (SSR forwards the visitor's cookie and address). */
  headers?: Record<string, string>;
  /** Milliseconds since epoch; tests move the clock. */
  now?: () => number;
};

/** Turns a body into the all-strings JSON object SPEC.md §7 sends. */
export function stringifyBody(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    out[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

/**
 * A path with `:name` segments (SPEC.md's `team-members/{id}`) filled from the input's
 * fields of those names, URL-encoded, and the input without them (they are not sent
 * again in the query or body).
 */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  if (!path.includes('/:')) return { path, rest: input };
  const rest = { ...input };
  const filled = path.replace(/\/:(\w+)/g, (_whole, name: string) => {
    const value = rest[name];
    delete rest[name];
    return `/${encodeURIComponent(value === undefined || value === null ? '' : String(value))}`;
  });
  return { path: filled, rest };
}

/**
 * The typed client of SPEC.md §7–§8: common query params, the sign, all-string JSON
 * bodies, one retry of reads on the listed HTTP statuses, no retry of writes, and the
 * envelope unwrapped (2011 clears the login).
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;

  function buildQuery(extra: Record<string, unknown>, body: Record<string, string> | null): string {
    const query: Record<string, string> = {
      appV: CLIENT_VERSION,
      bId: PLATFORM,
      srchn: SRCHN,
      spchn: DEFAULT_SPCHN,
      ukey: options.getDeviceKey?.() ?? '',
      timestamp: String(now()),
    };
    for (const [key, value] of Object.entries(extra)) {
      if (value === undefined || value === null) continue;
      query[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
    const sign = computeSign(collectSignParams(query, body), options.signSecret);
    const params = new URLSearchParams(query);
    params.set('sign', sign);
    return params.toString();
  }

  async function send(
    method: 'GET' | 'POST',
    template: string,
    given: Record<string, unknown> | FormData | undefined,
  ): Promise<unknown> {
    let path = template;
    let input = given;
    if (!(typeof FormData !== 'undefined' && input instanceof FormData)) {
      ({ path, rest: input } = fillPath(template, (input as Record<string, unknown> | undefined) ?? {}));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;

    let url: string;
    let body: RequestInit['body'];
    if (method === 'GET') {
      url = `${options.baseUrl}${path}?${buildQuery((input as Record<string, unknown>) ?? {}, null)}`;
    } else if (typeof FormData !== 'undefined' && input instanceof FormData) {
      url = `${options.baseUrl}${path}?${buildQuery({}, null)}`;
      body = input;
    } else {
      const json = stringifyBody((input as Record<string, unknown>) ?? {});
      url = `${options.baseUrl}${path}?${buildQuery({}, json)}`;
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }

    const attempts = method === 'GET' ? 2 : 1;
    let response: Response | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      response = await doFetch(url, { method, headers, body, credentials: 'same-origin' });
      const retryable = (RETRY_STATUSES as readonly number[]).includes(response.status);
      if (!retryable || attempt === attempts) break;
    }
    const res = response as Response;
    if (!res.ok) {
      throw new ApiError(formatMessage(CLIENT_MESSAGES.httpError, { code: res.status }), res.status, res.status);
    }
    const envelope = (await res.json()) as { status: number; data: unknown; message?: string };
    if (envelope.status === STATUS.SUCCESS) return envelope.data;
    if (envelope.status === STATUS.NOT_LOGGED_IN) {
      options.onLoggedOut?.();
      throw new ApiError(CLIENT_MESSAGES.notLoggedIn, envelope.status, res.status, envelope.data);
    }
    const message = envelope.message || formatMessage(CLIENT_MESSAGES.apiError, { status: envelope.status });
    throw new ApiError(message, envelope.status, res.status, envelope.data);
  }

  return {
    /** Calls a declared endpoint and returns its `data`, or throws ApiError. */
    call<E extends Endpoint | ClientEndpoint>(
      endpoint: E,
      input?: EndpointInput<E> | FormData,
    ): Promise<EndpointData<E>> {
      return send(endpoint.method, endpoint.path, input as Record<string, unknown> | FormData | undefined) as Promise<
        EndpointData<E>
      >;
    },
    /** Raw signed call by path, for tests of unknown paths and transport failures. */
    request(method: 'GET' | 'POST', path: string, input?: Record<string, unknown>): Promise<unknown> {
      return send(method, path, input);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
