// One fuzz call: the input sent exactly as the contract client sends it (common query
// parameters, the sign over the query and the body's top-level fields, path params filled
// in), in-process with app.inject so every answer — even a 5xx — is seen as it is.
import {
  CLIENT_VERSION,
  collectSignParams,
  computeSign,
  DEFAULT_SPCHN,
  type Endpoint,
  fillPath,
  PLATFORM,
  SRCHN,
  stringifyBody,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';

export type FuzzCall = {
  /** The input after spoiling: an object of fields, or anything else for a "not an object" body. */
  input: unknown;
  /** Send the body's values as they are (numbers, nested objects) rather than as the client's strings. */
  raw: boolean;
  /** GET only: arrays as repeated query keys (`a=1&a=2`). */
  repeatKeys: boolean;
  /** Multipart: the file part, when there is one. */
  file?: { bytes: Uint8Array; name: string; type: string };
  /** The caller's address (per-address limits then fall on many). */
  remoteAddress: string;
  /** A path param sent as these raw URL bytes (a malformed %-escape…), not encoded by the client. */
  rawSegment?: string;
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export type FuzzAnswer = { httpStatus: number; body: string; url: string; sent: string };

function signQuery(query: Record<string, unknown>, body: Record<string, unknown> | null, secret: string): string {
  let sign: string;
  try {
    sign = computeSign(collectSignParams(query, body), secret);
  } catch {
    // The client's sign refuses input nested past MAX_INPUT_DEPTH: the server must refuse it too.
    sign = 'UNSIGNABLE';
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  params.set('sign', sign);
  return params.toString();
}

function commonQuery(): Record<string, unknown> {
  return {
    appV: CLIENT_VERSION,
    bId: PLATFORM,
    srchn: SRCHN,
    spchn: DEFAULT_SPCHN,
    ukey: 'fuzz-device',
    timestamp: String(Date.now()),
  };
}

function asQueryValue(value: unknown, repeatKeys: boolean): unknown {
  if (Array.isArray(value) && repeatKeys) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : v));
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Sends `call` to `endpoint` with `token` (none: anonymous) and answers what came back. */
export async function sendFuzzCall(
  app: FastifyInstance,
  secret: string,
  endpoint: Endpoint,
  call: FuzzCall,
  token: string | null,
): Promise<FuzzAnswer> {
  const isObject = typeof call.input === 'object' && call.input !== null && !Array.isArray(call.input);
  const fields = isObject ? (call.input as Record<string, unknown>) : {};
  // encodeURIComponent throws on a lone surrogate: the client would never send one in a path.
  const wellFormed = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v]),
  );
  const filled = fillPath(endpoint.path, endpoint.path.includes('/:') ? wellFormed : fields);
  const rest = filled.rest;
  const path = call.rawSegment === undefined ? filled.path : endpoint.path.replace(/\/:\w+/g, `/${call.rawSegment}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;

  let url: string;
  let payload: string | Buffer | undefined;
  if (endpoint.method === 'GET') {
    const query = commonQuery();
    const given = isObject ? rest : { q: call.input };
    for (const [key, value] of Object.entries(given)) {
      if (value === undefined || value === null) continue;
      query[key] = asQueryValue(value, call.repeatKeys);
    }
    url = `${path}?${signQuery(query, null, secret)}`;
  } else if (endpoint.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(stringifyBody(rest))) form.append(key, value);
    if (call.file) form.append('file', new Blob([call.file.bytes], { type: call.file.type }), call.file.name);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    payload = Buffer.from(await request.arrayBuffer());
    headers['content-type'] = request.headers.get('content-type') ?? 'multipart/form-data';
    url = `${path}?${signQuery(commonQuery(), null, secret)}`;
  } else {
    const body: unknown = isObject ? (call.raw ? rest : stringifyBody(rest)) : call.input;
    const signed = isObject ? (body as Record<string, unknown>) : null;
    url = `${path}?${signQuery(commonQuery(), signed, secret)}`;
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const res = await app.inject({
    method: endpoint.method,
    url,
    headers,
    payload,
    remoteAddress: call.remoteAddress,
  });
  const sent = typeof payload === 'string' ? payload : payload ? `<${payload.length} bytes of multipart>` : '';
  return { httpStatus: res.statusCode, body: res.body, url, sent };
}
