import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** How far, in milliseconds, a request's `timestamp` may be from the server clock. */
export const SIGN_WINDOW_MS = 300_000;

export type SignValue = string | number | boolean | null | undefined;

/**
 * The parameters that take part in the sign (SPEC.md §7, ARCHITECTURE.md): every query
 * parameter but `sign`, plus the top-level fields of a JSON body. Empty values are dropped.
 * A body field wins over a query parameter of the same name.
 */
export function collectSignParams(
  query: Record<string, unknown>,
  body?: Record<string, unknown> | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (source: Record<string, unknown>) => {
    for (const [key, raw] of Object.entries(source)) {
      if (key === 'sign') continue;
      const value = signString(raw);
      if (value === '') continue;
      out[key] = value;
    }
  };
  add(query);
  if (body) add(body);
  return out;
}

function signString(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (Array.isArray(raw)) return raw.length === 0 ? '' : signString(raw[raw.length - 1]);
  if (typeof raw === 'object') return JSON.stringify(raw);
  return String(raw);
}

/** The canonical string that is hashed: sorted `k=v` pairs joined by `&`, then the secret. */
export function signBase(params: Record<string, string>, secret: string): string {
  const keys = Object.keys(params).sort();
  return keys.map((k) => `${k}=${params[k]}`).join('&') + secret;
}

/** Uppercase hex MD5 of the sign base. */
export function computeSign(params: Record<string, string>, secret: string): string {
  return bytesToHex(md5(utf8ToBytes(signBase(params, secret)))).toUpperCase();
}
