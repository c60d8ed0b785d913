import { AppError } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageProvider } from '../storage/index.ts';
import type { QrLoginProvider } from './index.ts';

export type WechatQrLoginOptions = {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
  /** The mini-program page that receives the scan code as `scene`. */
  page: string;
  /** Absolute URLs of stored codes start here. */
  publicUrl: string;
  /** Milliseconds clock, for token expiry (tests move it). */
  now?: () => number;
  timeoutMs?: number;
};

/** A token is trusted until WeChat's `expires_in` minus this margin. */
export const TOKEN_MARGIN_S = 300;
/** `access_token` invalid (40001) or expired (42001): fetch a new one and retry once. */
const STALE_TOKEN_CODES = new Set([40001, 42001]);
const DEFAULT_TIMEOUT_MS = 10_000;
/** WeChat's `scene`: at most 32 visible characters; our codes are base64url. */
const SCENE = /^[A-Za-z0-9_-]{1,32}$/;

/** A refusal or malformed answer from WeChat; logged, shown to the user as SCAN_CODE_FAILED. */
class WechatApiError extends Error {
  readonly errcode: number | undefined;
  constructor(step: string, errcode: number | undefined, errmsg: string | undefined) {
    super(`WeChat ${step} failed: errcode ${errcode ?? 'none'} ${errmsg ?? ''}`.trim());
    this.name = 'WechatApiError';
    this.errcode = errcode;
  }
}

type WechatErrorBody = { errcode?: number; errmsg?: string };
type CodeAnswer = { image: Buffer } | { errcode: number | undefined; errmsg: string | undefined };

/** PNG or JPEG by their magic bytes (WeChat answers JPEG today, PNG when asked for a transparent code). */
function imageKind(data: Buffer): { ext: 'png' | 'jpg'; contentType: string } | null {
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', contentType: 'image/png' };
  }
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { ext: 'jpg', contentType: 'image/jpeg' };
  }
  return null;
}

function storageKeys(scanCode: string): string[] {
  return [`scan-login/${scanCode}.png`, `scan-login/${scanCode}.jpg`];
}

/**
 * WeChat mini-program codes (wxacode.getUnlimited): the phone's WeChat opens
 * `page` with `scene` = the scan code. The access token is cached until shortly before
 * it expires and fetched again once when WeChat calls it invalid or expired. The image
 * is kept in our storage and answered as its /files URL.
 *
 * NOTE: every call of /cgi-bin/token starts a new token and retires the previous one
 * after about 5 minutes, so several processes each holding their own token keep
 * replacing each other's; the retry on 40001/42001 absorbs that.
 */
export function createWechatQrLogin(
  options: WechatQrLoginOptions,
  storage: StorageProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): QrLoginProvider {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let cached: { token: string; expiresAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const url = new URL(`${options.apiBase}/cgi-bin/token`);
    url.searchParams.set('grant_type', 'client_credential');
    url.searchParams.set('appid', options.appId);
    url.searchParams.set('secret', options.appSecret);
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json().catch(() => ({}))) as WechatErrorBody & {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (!res.ok || typeof body.access_token !== 'string' || body.access_token === '') {
      throw new WechatApiError('token', body.errcode, body.errmsg ?? `HTTP ${res.status}`);
    }
    const lifetime = Number(body.expires_in) > 0 ? Number(body.expires_in) : 7200;
    const trusted = lifetime > 2 * TOKEN_MARGIN_S ? lifetime - TOKEN_MARGIN_S : lifetime / 2;
    cached = { token: body.access_token, expiresAt: now() + trusted * 1000 };
    return body.access_token;
  }

  /** The cached token, or one fetch shared by every caller waiting for it. */
  function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now()) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function requestCode(token: string, scene: string): Promise<CodeAnswer> {
    const res = await fetch(`${options.apiBase}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scene, page: options.page, check_path: false, env_version: 'release' }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const type = res.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.ok && type.toLowerCase().startsWith('image/')) return { image: bytes };
    let body: WechatErrorBody = {};
    try {
      body = JSON.parse(bytes.toString('utf8')) as WechatErrorBody;
    } catch {
      // Not JSON either: reported below with the HTTP status.
    }
    return { errcode: body.errcode, errmsg: body.errmsg ?? `HTTP ${res.status} ${type}` };
  }

  return {
    kind: 'wechat',
    async qrcodeFor(scanCode) {
      if (!SCENE.test(scanCode)) throw new AppError('SCAN_CODE_FAILED');
      try {
        let token = await accessToken();
        let answer = await requestCode(token, scanCode);
        if ('errcode' in answer && answer.errcode !== undefined && STALE_TOKEN_CODES.has(answer.errcode)) {
          if (cached?.token === token) cached = null;
          token = await accessToken();
          answer = await requestCode(token, scanCode);
        }
        if ('errcode' in answer) throw new WechatApiError('getwxacodeunlimit', answer.errcode, answer.errmsg);
        const kind = imageKind(answer.image);
        if (!kind) throw new WechatApiError('getwxacodeunlimit', undefined, 'answer is not a PNG or JPEG image');
        const key = `scan-login/${scanCode}.${kind.ext}`;
        await storage.put(key, answer.image, kind.contentType);
        return `${options.publicUrl}/files/${key}`;
      } catch (err) {
        log.error({ err }, 'WeChat mini-program code could not be made');
        throw new AppError('SCAN_CODE_FAILED');
      }
    },
    async discard(scanCode) {
      if (!SCENE.test(scanCode)) return;
      for (const key of storageKeys(scanCode)) await storage.delete(key);
    },
  };
}
