// One GET of AMap's Web Service, as both AMap adapters (place search, reverse geocoding)
// make it: the key and, when the key has a private key, the digital signature added; the
// vendor-http call within a time limit; a refusal logged with AMap's info and infocode.
import { createHash } from 'node:crypto';
import { AppError, type ErrorCode } from '@evcircle/contract';
import { getVendorJson } from '../vendor-http.ts';
import type { MapsLog } from './types.ts';

/** How long one AMap call may take before it counts as failed (a list or an address should not hang). */
const DEFAULT_TIMEOUT_MS = 5_000;

/** How to reach AMap: the same for every adapter. */
export type AmapOptions = {
  key: string;
  /** The key's private key, when AMap checks digital signatures for it. */
  secret?: string;
  /** https://restapi.amap.com, or a local fake in tests. */
  apiBase: string;
  log: MapsLog;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * AMap's digital signature: MD5 (lower-case hex) of the parameters sorted by name, joined
 * as `name=value` with `&` (values as they are, not URL-encoded), followed by the private key.
 */
export function amapSignature(params: Record<string, string>, secret: string): string {
  const joined = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${joined}${secret}`, 'utf8').digest('hex');
}

/** What every AMap answer carries: status "1" for OK, "0" for a refusal, with info and infocode. */
export type AmapStatus = { status?: unknown; info?: unknown; infocode?: unknown };

/** One call of an adapter. */
export type AmapCall<T> = {
  /** The Web Service path (`/v5/place/around`). */
  path: string;
  /** The call's parameters; the key and the signature are added. */
  params: Record<string, string>;
  /** What the log lines name (`amap place search`). */
  label: string;
  /** Fields every log line of this call carries (never a viewer's exact position). */
  context: Record<string, unknown>;
  /** The adapter's error for AMap not answering what was asked. */
  failure: ErrorCode;
  /** Whether an OK answer holds what was asked; one that does not counts as refused. */
  isComplete: (answer: T) => boolean;
};

/** A caller of AMap's Web Service with `options`. */
export type AmapClient = { get<T extends AmapStatus>(call: AmapCall<T>): Promise<T> };

/**
 * AMap's Web Service with `options`. `get` answers AMap's JSON when AMap said OK and
 * the answer is complete. A refusal (status "0": bad key or signature, quota used up…),
 * an HTTP error, an answer that is not AMap's JSON or a timeout is the call's `failure`,
 * with AMap's info and infocode (or the start of the body) in the log.
 */
export function createAmapClient(options: AmapOptions): AmapClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const apiBase = options.apiBase.replace(/\/+$/, '');

  return {
    async get<T extends AmapStatus>(call: AmapCall<T>): Promise<T> {
      const params: Record<string, string> = { key: options.key, ...call.params };
      if (options.secret) params.sig = amapSignature(params, options.secret);
      const url = `${apiBase}${call.path}?${new URLSearchParams(params).toString()}`;
      const { status, answer, body } = await getVendorJson<T>(url, {
        fetch: doFetch,
        timeoutMs,
        log: options.log,
        label: call.label,
        context: call.context,
        failure: call.failure,
      });
      if (status === 200 && answer?.status === '1' && call.isComplete(answer)) return answer;
      options.log.error(
        {
          ...call.context,
          httpStatus: status,
          info: answer?.info,
          infocode: answer?.infocode,
          body: answer ? undefined : body.slice(0, 300),
        },
        `${call.label}: refused`,
      );
      throw new AppError(call.failure);
    },
  };
}
