import type { Config } from '../config.ts';

// WeChat's mini-program codes (wxacode.getUnlimited), for any page and scene: scan login
// (wechat.ts) and the shop's "buy in the mini-program" code use this one client.

export type WechatCodeOptions = {
  appId: string;
  appSecret: string;
  /** https://api.weixin.qq.com, or a local fake in tests. */
  apiBase: string;
  /** Milliseconds clock, for token expiry (tests move it). */
  now?: () => number;
  timeoutMs?: number;
};

/** What a code opens: `page` of the mini-program with `scene`, in `envVersion`. */
export type WechatCodeRequest = { scene: string; page: string; envVersion?: 'release' | 'trial' | 'develop' };

/** A code image as WeChat answered it. */
export type WechatCode = { image: Buffer; ext: 'png' | 'jpg'; contentType: string };

export type WechatCodeClient = {
  /** The code image; throws WechatApiError when WeChat refuses or cannot be reached. */
  code(request: WechatCodeRequest): Promise<WechatCode>;
};

/** A token is trusted until WeChat's `expires_in` minus this margin. */
export const TOKEN_MARGIN_S = 300;
/** `access_token` invalid (40001) or expired (42001): fetch a new one and retry once. */
const STALE_TOKEN_CODES = new Set([40001, 42001]);
const DEFAULT_TIMEOUT_MS = 10_000;
/** WeChat's `scene`: at most 32 visible characters. */
const SCENE = /^[!#$&'()*+,/:;=?@\-._~A-Za-z0-9]{1,32}$/;

/** A refusal or malformed answer from WeChat; callers log it and answer their own error. */
export class WechatApiError extends Error {
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

/**
 * A client of wxacode.getUnlimited. The access token is cached until shortly before it
 * expires and fetched again once when WeChat calls it invalid or expired.
 *
 * NOTE: every call of /cgi-bin/token starts a new token and retires the previous one
 * after about 5 minutes, so several processes each holding their own token keep
 * replacing each other's; the retry on 40001/42001 absorbs that. Within a process, use
 * the one client of wechatCodeClientFor.
 */
export function createWechatCodeClient(options: WechatCodeOptions): WechatCodeClient {
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

  async function requestCode(token: string, request: WechatCodeRequest): Promise<CodeAnswer> {
    const res = await fetch(`${options.apiBase}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scene: request.scene,
        page: request.page,
        check_path: false,
        env_version: request.envVersion ?? 'release',
      }),
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
    async code(request) {
      if (!SCENE.test(request.scene)) throw new WechatApiError('getwxacodeunlimit', undefined, 'invalid scene');
      let token = await accessToken();
      let answer = await requestCode(token, request);
      if ('errcode' in answer && answer.errcode !== undefined && STALE_TOKEN_CODES.has(answer.errcode)) {
        if (cached?.token === token) cached = null;
        token = await accessToken();
        answer = await requestCode(token, request);
      }
      if ('errcode' in answer) throw new WechatApiError('getwxacodeunlimit', answer.errcode, answer.errmsg);
      const kind = imageKind(answer.image);
      if (!kind) throw new WechatApiError('getwxacodeunlimit', undefined, 'answer is not a PNG or JPEG image');
      return { image: answer.image, ...kind };
    },
  };
}

export type WechatCodeConfig = Pick<Config, 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_API_BASE'>;

/** One client per app configuration, so scan login and the shop share one access token. */
const clients = new WeakMap<WechatCodeConfig, WechatCodeClient>();

/** The app's WeChat code client (the config must name the mini-program's id and secret). */
export function wechatCodeClientFor(config: WechatCodeConfig): WechatCodeClient {
  let client = clients.get(config);
  if (!client) {
    // NOTE: config.ts refuses SCAN_LOGIN_PROVIDER=wechat without these; the check keeps the types honest.
    if (!config.WECHAT_APP_ID || !config.WECHAT_APP_SECRET) {
      throw new Error('WeChat codes need WECHAT_APP_ID and WECHAT_APP_SECRET');
    }
    client = createWechatCodeClient({
      appId: config.WECHAT_APP_ID,
      appSecret: config.WECHAT_APP_SECRET,
      apiBase: config.WECHAT_API_BASE,
    });
    clients.set(config, client);
  }
  return client;
}
