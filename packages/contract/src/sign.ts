import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { inputProblem } from './input-rules.ts';

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

/**
 * A parameter's value as signed: an array signs as its last element, an object as its
 * JSON. Never recurses: arrays are walked in a loop, and an object nested deeper than
 * MAX_INPUT_DEPTH throws before JSON.stringify would overflow the stack (the server
 * refuses such input with the validation status first; see input-rules.ts).
 */
function signString(raw: unknown): string {
  let value = raw;
  while (Array.isArray(value)) {
    if (value.length === 0) return '';
    value = value[value.length - 1];
  }
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (inputProblem(value)?.kind === 'too-deep') throw new RangeError('sign: input nested too deeply');
    return JSON.stringify(value);
  }
  return String(value);
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
