// A guarded HTTP GET of a URL a user named (issue 20; OWASP API7:2023 SSRF). Every hop —
// the URL itself and each redirect, at most policy.maxRedirects — is checked the same way
// before anything is sent: http/https only, an allowed port, the host not refused by the
// caller's hook, the host resolved ONCE and every address it resolves to fetchable
// (address-policy.ts). The socket then connects to one of those checked addresses (the
// request's `lookup` answers them, so no second DNS lookup can rebind the name to an
// internal address). One deadline covers the whole chain including the body, and the body
// is read up to a cap counted after decompression, so neither a slow server nor a bomb
// holds the server. Errors never carry what the server answered.
import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { canonicalAddress, isIpAddress, isLoopbackAddress, isRefusedAddress } from './address-policy.ts';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has (dns.lookup with all: true by default; tests play DNS with their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type FetchPolicy = {
  /** Ports a URL may name (80 and 443 unless configured otherwise). */
  allowedPorts: readonly number[];
  /** TEST-ONLY: loopback addresses are fetchable, on any port. */
  allowLoopback: boolean;
  /** Redirects followed at most; one more is TOO_MANY_REDIRECTS. */
  maxRedirects: number;
  /** The whole chain — every hop, DNS, and the body — within this many milliseconds. */
  timeoutMs: number;
  userAgent: string;
  /** Replaces the system resolver (tests). */
  resolve?: Resolver;
  /** The caller's own refusal (a domain blocklist), asked for every hop's host (lower case, no brackets, no trailing dot). */
  refuseHost?: (host: string) => boolean | Promise<boolean>;
};

export type FetchWant = {
  /** The body is refused (TOO_LARGE) beyond this many bytes, counted after decompression. */
  maxBytes: number;
  /** Whether a media type (lower case, without parameters: `text/html`) is one the caller takes. */
  accept: (mediaType: string) => boolean;
  /** The Accept header sent. */
  acceptHeader?: string;
};

export type SafeFetchResult = {
  /** The URL that answered, after redirects. */
  finalUrl: string;
  status: number;
  /** The Content-Type header as sent ('' when none), parameters included. */
  contentType: string;
  /** Its media type, lower case, without parameters. */
  mediaType: string;
  body: Buffer;
  /** The address the socket was connected to (one of the checked ones). */
  remoteAddress: string;
};

export type SafeFetchErrorCode =
  | 'ADDRESS_REFUSED'
  | 'HOST_REFUSED'
  | 'UNREACHABLE'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'WRONG_TYPE';

/** Why a fetch did not happen or was given up. The message is for logs and never holds the body. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  constructor(code: SafeFetchErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'SafeFetchError';
    this.code = code;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, order: 'verbatim' });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * GETs `url` under `policy`, following redirects, and answers the final 2xx response's
 * body. Throws SafeFetchError: ADDRESS_REFUSED (scheme, port or an address refused),
 * HOST_REFUSED (policy.refuseHost), UNREACHABLE (DNS, connection, TLS, timeout, a status
 * outside 2xx), TOO_MANY_REDIRECTS, TOO_LARGE, WRONG_TYPE.
 */
export async function safeGet(url: string, policy: FetchPolicy, want: FetchWant): Promise<SafeFetchResult> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), policy.timeoutMs);
  try {
    let current = parseUrl(url);
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await checkHop(current, policy, deadline.signal);
      const res = await request(current, addresses, policy, want, deadline.signal);
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (redirects >= policy.maxRedirects) {
          throw new SafeFetchError('TOO_MANY_REDIRECTS', `more than ${policy.maxRedirects} redirects`);
        }
        current = parseUrl(location, current);
        continue;
      }
      return await readResponse(current, res, want, deadline.signal);
    }
  } finally {
    clearTimeout(timer);
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new SafeFetchError('UNREACHABLE', 'not a URL');
  }
}

function defaultPort(url: URL): number {
  return url.protocol === 'https:' ? 443 : 80;
}

/** Everything checked before a hop is requested; answers the addresses its socket may connect to. */
async function checkHop(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('ADDRESS_REFUSED', `scheme ${url.protocol} refused`);
  }
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === '') throw new SafeFetchError('ADDRESS_REFUSED', 'no host');
  const port = url.port === '' ? defaultPort(url) : Number(url.port);
  const portListed = policy.allowedPorts.includes(port);
  if (!portListed && !policy.allowLoopback) throw new SafeFetchError('ADDRESS_REFUSED', `port ${port} refused`);
  if (policy.refuseHost && (await policy.refuseHost(host))) {
    throw new SafeFetchError('HOST_REFUSED', 'host refused by policy');
  }
  const addresses = isIpAddress(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 } as ResolvedAddress]
    : await resolveOnce(host, policy.resolve ?? systemResolver, signal);
  if (addresses.length === 0) throw new SafeFetchError('UNREACHABLE', 'host has no address');
  for (const { address } of addresses) {
    if (isRefusedAddress(address, { allowLoopback: policy.allowLoopback })) {
      throw new SafeFetchError('ADDRESS_REFUSED', `address ${address} refused`);
    }
  }
  // The test-only loopback allowance opens other ports to loopback, never to anything else.
  if (!portListed && !addresses.every((a) => isLoopbackAddress(a.address))) {
    throw new SafeFetchError('ADDRESS_REFUSED', `port ${port} refused`);
  }
  return addresses;
}

async function resolveOnce(host: string, resolve: Resolver, signal: AbortSignal): Promise<ResolvedAddress[]> {
  try {
    return await raceDeadline(resolve(host), signal);
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    throw new SafeFetchError('UNREACHABLE', `cannot resolve host (${errorCode(err)})`);
  }
}

function raceDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new SafeFetchError('UNREACHABLE', 'timed out'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorCode(err: unknown): string {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return err instanceof Error ? err.name : 'error';
}

/** Sends the GET, its socket pinned to the checked addresses; answers the response head. */
function request(
  url: URL,
  addresses: ResolvedAddress[],
  policy: FetchPolicy,
  want: FetchWant,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // NOTE: Node asks with all: true when it races IPv4 and IPv6 (autoSelectFamily), else for one address.
  const lookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (signal.aborted) return reject(new SafeFetchError('UNREACHABLE', 'timed out'));
    const req = client.request({
      method: 'GET',
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? defaultPort(url) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        host: url.host,
        'user-agent': policy.userAgent,
        accept: want.acceptHeader ?? '*/*',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'zh-CN,zh;q=0.9,en;q=0.6',
      },
      // A fresh socket per hop: none is shared with another host's checked address.
      agent: false,
      lookup,
      signal,
    });
    req.on('error', (err) => {
      reject(
        err instanceof SafeFetchError
          ? err
          : new SafeFetchError('UNREACHABLE', signal.aborted ? 'timed out' : `request failed (${errorCode(err)})`),
      );
    });
    req.on('response', (res) => {
      const remote = res.socket.remoteAddress ?? '';
      // Belt and braces: the socket must have reached one of the addresses checked.
      if (!addresses.some((a) => sameAddress(a.address, remote))) {
        res.destroy();
        req.destroy();
        reject(new SafeFetchError('ADDRESS_REFUSED', `connected to an unchecked address ${remote}`));
        return;
      }
      resolve(res);
    });
    req.end();
  });
}

function sameAddress(a: string, b: string): boolean {
  const canonical = canonicalAddress(a);
  return canonical !== null && canonical === canonicalAddress(b);
}

/** The final answer: a 2xx of an accepted type, its body read within the cap and the deadline. */
async function readResponse(
  url: URL,
  res: IncomingMessage,
  want: FetchWant,
  signal: AbortSignal,
): Promise<SafeFetchResult> {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) {
    res.destroy();
    throw new SafeFetchError('UNREACHABLE', `answered HTTP ${status}`);
  }
  const contentType = (res.headers['content-type'] ?? '').trim();
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (!want.accept(mediaType)) {
    res.destroy();
    throw new SafeFetchError('WRONG_TYPE', `type ${mediaType || '(none)'} not accepted`);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > want.maxBytes) {
    res.destroy();
    throw new SafeFetchError('TOO_LARGE', `declared ${declared} bytes`);
  }
  const body = await readCapped(res, want.maxBytes, signal);
  return {
    finalUrl: url.toString(),
    status,
    contentType,
    mediaType,
    body,
    remoteAddress: res.socket?.remoteAddress ?? '',
  };
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Reads the body, decompressed, and gives up as soon as either the bytes on the wire or
 * the decompressed bytes pass `maxBytes` (nothing beyond the cap is kept), or at the deadline.
 */
function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === undefined) {
    res.destroy();
    return Promise.reject(new SafeFetchError('UNREACHABLE', `content-encoding ${encoding} not supported`));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let wire = 0;
    let kept = 0;
    let settled = false;
    const finish = (err: SafeFetchError | null) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (err) {
        res.destroy();
        decoder?.destroy();
        reject(err);
      } else {
        resolve(Buffer.concat(chunks, kept));
      }
    };
    const onAbort = () => finish(new SafeFetchError('UNREACHABLE', 'timed out'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const tooLarge = () => new SafeFetchError('TOO_LARGE', `more than ${maxBytes} bytes`);

    res.on('data', (chunk: Buffer) => {
      wire += chunk.length;
      if (wire > maxBytes) finish(tooLarge());
    });
    res.on('error', () => finish(new SafeFetchError('UNREACHABLE', signal.aborted ? 'timed out' : 'body broken')));
    res.on('aborted', () => finish(new SafeFetchError('UNREACHABLE', 'connection closed')));
    const source: Readable = decoder ? res.pipe(decoder) : res;
    if (decoder) decoder.on('error', () => finish(new SafeFetchError('UNREACHABLE', 'body not decodable')));
    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      kept += chunk.length;
      if (kept > maxBytes) return finish(tooLarge());
      chunks.push(chunk);
    });
    source.on('end', () => {
      if (!res.complete) return finish(new SafeFetchError('UNREACHABLE', 'connection closed'));
      finish(null);
    });
  });
}
