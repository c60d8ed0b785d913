import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isLoopbackAddress } from './safe-fetch/address-policy.ts';

/** The repository root, found from this file's place (apps/server/src/platform). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Accepts true/false/1/0 (any case) — the spellings people put in .env files. */
function booleanVar(defaultValue: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return defaultValue;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      ctx.addIssue({ code: 'custom', message: `must be one of true, false, 1, 0 (got "${value}")` });
      return z.NEVER;
    });
}

/** A positive integer that arrives as text; an unset or empty variable takes the default. */
function integerVar(defaultValue: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return defaultValue;
      if (!/^\d+$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number (got "${value}")` });
        return z.NEVER;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max} (got ${n})` });
        return z.NEVER;
      }
      return n;
    });
}

/** A comma-separated list of TCP ports (`80,443`); unset or empty takes the default. */
function portListVar(defaultValue: readonly number[]) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return [...defaultValue];
      const ports: number[] = [];
      for (const part of value.split(',').map((p) => p.trim())) {
        const port = /^\d+$/.test(part) ? Number(part) : Number.NaN;
        if (!(port >= 1 && port <= 65535)) {
          ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of ports 1-65535 (got "${part}")` });
          return z.NEVER;
        }
        if (!ports.includes(port)) ports.push(port);
      }
      return ports;
    });
}

/** An optional string: unset and empty both mean "not configured". */
function optionalVar() {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));
}

function urlVar(protocols: readonly string[], what: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be ${what}` },
    );
}

/**
 * DATABASE_URL: unset → PGlite files under DATA_DIR/pglite; `memory://` → in-memory
 * PGlite (tests); `postgres://` / `postgresql://` → PostgreSQL.
 */
const databaseUrlVar = optionalVar().refine(
  (value) => value === undefined || value === 'memory://' || /^postgres(ql)?:\/\/.+/.test(value),
  { message: 'must be memory:// or a postgres:// / postgresql:// URL' },
);

const redisUrlVar = optionalVar().refine((value) => value === undefined || /^rediss?:\/\/.+/.test(value), {
  message: 'must be a redis:// or rediss:// URL',
});

/** Every environment variable the server reads, with its default. */
const ConfigFields = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  PORT: integerVar(3000, { min: 0, max: 65535 }),
  DATA_DIR: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .default('./data')
    .transform((dir) => path.resolve(dir)),
  DATABASE_URL: databaseUrlVar,
  REDIS_URL: redisUrlVar,
  /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().trim().min(1, { error: 'must not be empty' }).default('evcircle:'),
  API_SIGN_SECRET: z.string().min(1, { error: 'must not be empty' }).default('evcircle-dev-secret'),
  /** Unset: `http://localhost:<PORT>`, so links and QR codes reach this very server. */
  PUBLIC_URL: optionalVar().pipe(
    z.union([
      z.undefined(),
      urlVar(['http:', 'https:'], 'an http:// or https:// URL').transform((url) => url.replace(/\/+$/, '')),
    ]),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_BUILD_DIR: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .default(path.join(REPO_ROOT, 'apps/web/build'))
    .transform((dir) => path.resolve(dir)),
  SERVE_WEB: booleanVar(true),
  BODY_LIMIT_BYTES: integerVar(1_048_576),
  /** Requests per minute per client address on /api. */
  RATE_LIMIT_MAX: integerVar(600),
  SHUTDOWN_TIMEOUT_MS: integerVar(10_000),
  TRUST_PROXY: booleanVar(false),
  ANALYTICS_SCRIPT_URL: optionalVar().pipe(
    z.union([z.undefined(), urlVar(['http:', 'https:'], 'an http:// or https:// URL')]),
  ),
  ANALYTICS_WEBSITE_ID: optionalVar(),
  /** `local` (files under DATA_DIR, served at /files) or `s3` (an S3-compatible bucket). */
  STORAGE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  /** STORAGE=s3: the store's origin; objects are addressed path-style, `<endpoint>/<bucket>/<key>`. */
  S3_ENDPOINT: optionalVar().pipe(z.union([z.undefined(), urlVar(['http:', 'https:'], 'an http:// or https:// URL')])),
  S3_BUCKET: optionalVar(),
  S3_REGION: z.string().trim().min(1, { error: 'must not be empty' }).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalVar(),
  S3_SECRET_ACCESS_KEY: optionalVar(),
  /** Where browsers fetch stored files (a CDN); default `<S3_ENDPOINT>/<S3_BUCKET>`. */
  S3_PUBLIC_URL: optionalVar().pipe(
    z.union([z.undefined(), urlVar(['http:', 'https:'], 'an http:// or https:// URL')]),
  ),
  /** HMAC key of direct-upload tokens (the local storage host checks them); set your own in production. */
  UPLOAD_TOKEN_SECRET: z.string().min(1, { error: 'must not be empty' }).default('evcircle-dev-upload-secret'),
  /**
   * The region the storage bucket lives in. Upload tokens name the default region's host
   * (z0); a POST there answers 'incorrect region' with this region's host, as Qiniu does.
   */
  UPLOAD_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]{1,3}[0-9]{1,2}$/, { error: 'must be a region name such as z0, z1, na0' })
    .default('z0'),
  /** QR scan login: `site` (a QR of this site's /m/scan page) or `wechat` (mini-program code). */
  SCAN_LOGIN_PROVIDER: z.enum(['site', 'wechat'], { error: 'must be site or wechat' }).default('site'),
  WECHAT_APP_ID: optionalVar(),
  WECHAT_APP_SECRET: optionalVar(),
  WECHAT_API_BASE: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://api.weixin.qq.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /** The mini-program page the code opens; it receives the scan code as `scene`. */
  WECHAT_SCAN_PAGE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_\-/]+$/, { error: 'must be a mini-program page path such as pages/scan/index' })
    .default('pages/scan/index'),
  /** The mini-program page the shop's product code opens; it receives `pid={pid}` as `scene`. */
  WECHAT_PRODUCT_PAGE: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_\-/]+$/, { error: 'must be a mini-program page path such as pages/product/index' })
    .default('pages/product/index'),
  /** Login codes: `console` (log + DATA_DIR/outbox/sms.jsonl) or `aliyun` (Aliyun SMS SendSms). */
  SMS_PROVIDER: z.enum(['console', 'aliyun'], { error: 'must be console or aliyun' }).default('console'),
  ALIYUN_SMS_ACCESS_KEY_ID: optionalVar(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalVar(),
  /** The approved signature shown as 【…】 in the message. */
  ALIYUN_SMS_SIGN_NAME: optionalVar(),
  /** The approved template; it must take one variable, `${code}`. */
  ALIYUN_SMS_TEMPLATE_CODE: optionalVar(),
  ALIYUN_SMS_ENDPOINT: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://dysmsapi.aliyuncs.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * Maps: places near a point (/pub/nearbyAds) and reverse geocoding (location/geocode).
   * `local`: the seeded pois table and the bundled table of China's districts, no network;
   * `amap`: AMap's place search and reverse geocoding.
   */
  MAPS_PROVIDER: z.enum(['local', 'amap'], { error: 'must be local or amap' }).default('local'),
  /** MAPS_PROVIDER=amap: the Web Service key. */
  AMAP_KEY: optionalVar(),
  /** The key's private key when digital signatures are switched on for it (each call then carries `sig`). */
  AMAP_SECRET: optionalVar(),
  AMAP_API_BASE: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://restapi.amap.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /**
   * Payments (docs/decisions/0019-payments.md). The sandbox: a local checkout page that pays or
   * fails an order through the same signed notification path as real money, and charges
   * auto-renewals. It grants memberships without money: switch it off where money is real.
   */
  PAY_SANDBOX: booleanVar(true),
  /** The HMAC key of the sandbox's notifications and checkout links (a fixed development key by default). */
  PAY_SANDBOX_SECRET: z
    .string()
    .trim()
    .min(16, { error: 'must be at least 16 characters' })
    .default('evcircle-sandbox-development-key'),
  /** What a sandbox auto-renewal charge does: `succeed` or `fail` (to try the failure path). */
  PAY_SANDBOX_RENEW: z.enum(['succeed', 'fail'], { error: 'must be succeed or fail' }).default('succeed'),
  /** WeChat Pay API v3 (Native QR and H5): on when WECHATPAY_MCHID is set; then every WECHATPAY_ variable is needed. */
  WECHATPAY_MCHID: optionalVar(),
  /** The AppID bound to the merchant (公众号/网站应用). */
  WECHATPAY_APPID: optionalVar(),
  /** The serial number of the merchant's API certificate. */
  WECHATPAY_SERIAL_NO: optionalVar(),
  /** The merchant's API private key: PEM text (\n allowed) or the path of a .pem file. */
  WECHATPAY_PRIVATE_KEY: optionalVar(),
  /** The 32-character APIv3 key (decrypts notifications). */
  WECHATPAY_APIV3_KEY: optionalVar(),
  /**
   * The keys WeChat Pay signs with, by serial: `serial=pem-or-path` pairs separated by `;`
   * (a platform certificate's serial, or PUB_KEY_ID_… of the 微信支付公钥).
   */
  WECHATPAY_PLATFORM_KEYS: optionalVar(),
  WECHATPAY_API_BASE: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://api.mch.weixin.qq.com')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Alipay (precreate QR and wap pay): on when ALIPAY_APP_ID is set; then its keys are needed. */
  ALIPAY_APP_ID: optionalVar(),
  /** The app's private key (RSA2): PEM text or the path of a .pem file. */
  ALIPAY_PRIVATE_KEY: optionalVar(),
  /** Alipay's public key (支付宝公钥), which notifications are verified against: PEM text or a path. */
  ALIPAY_PUBLIC_KEY: optionalVar(),
  /** The merchant's PID (seller_id); when set, notifications for another seller are refused. */
  ALIPAY_SELLER_ID: optionalVar(),
  ALIPAY_GATEWAY: urlVar(['http:', 'https:'], 'an http:// or https:// URL').default(
    'https://openapi.alipay.com/gateway.do',
  ),
  /**
   * AI tools (docs/decisions/0022-ai.md). Pictures: `local` (the embedded generator),
   * `dashscope` (通义万相 over DashScope, needs DASHSCOPE_API_KEY) or `openai` (OpenAI's images
   * API or one that speaks it, needs OPENAI_API_KEY).
   */
  AI_IMAGE_PROVIDER: z
    .enum(['local', 'dashscope', 'openai'], { error: 'must be local, dashscope or openai' })
    .default('local'),
  /** Videos: `local` (the embedded generator, with ffmpeg) or `dashscope` (通义万相, needs DASHSCOPE_API_KEY). */
  AI_VIDEO_PROVIDER: z.enum(['local', 'dashscope'], { error: 'must be local or dashscope' }).default('local'),
  /** The DashScope (阿里云百炼) API key. */
  DASHSCOPE_API_KEY: optionalVar(),
  /** Beijing by default; https://dashscope-intl.aliyuncs.com for Singapore (its keys differ). */
  DASHSCOPE_BASE_URL: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://dashscope.aliyuncs.com')
    .transform((url) => url.replace(/\/+$/, '')),
  DASHSCOPE_IMAGE_MODEL: z.string().trim().min(1, { error: 'must not be empty' }).default('wan2.2-t2i-flash'),
  DASHSCOPE_VIDEO_MODEL: z.string().trim().min(1, { error: 'must not be empty' }).default('wan2.2-t2v-plus'),
  OPENAI_API_KEY: optionalVar(),
  /** OpenAI itself, or any service that speaks its images API. */
  OPENAI_BASE_URL: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://api.openai.com/v1')
    .transform((url) => url.replace(/\/+$/, '')),
  OPENAI_IMAGE_MODEL: z.string().trim().min(1, { error: 'must not be empty' }).default('gpt-image-1'),
  /**
   * Translation: any OpenAI-compatible chat completions API (DashScope's compatible mode
   * https://dashscope.aliyuncs.com/compatible-mode/v1, DeepSeek, Zhipu, OpenAI). On when all
   * three AI_TRANSLATE_ variables are set; without them 翻译 answers 翻译服务未配置.
   */
  AI_TRANSLATE_BASE_URL: optionalVar().pipe(
    z.union([
      z.undefined(),
      urlVar(['http:', 'https:'], 'an http:// or https:// URL').transform((url) => url.replace(/\/+$/, '')),
    ]),
  ),
  AI_TRANSLATE_API_KEY: optionalVar(),
  /** e.g. qwen-plus, deepseek-chat, glm-4-flash, gpt-4o-mini. */
  AI_TRANSLATE_MODEL: optionalVar(),
  /** How long one generation may take (remote task and download, or the local generator) before it is given up. */
  AI_TASK_TIMEOUT_S: integerVar(600, { min: 10, max: 3600 }),
  /** This ffmpeg and no other (default: the system's on PATH, else the npm-shipped build). */
  FFMPEG_PATH: optionalVar(),
  /** This ffprobe and no other (default: the system's on PATH, else the npm-shipped build). */
  FFPROBE_PATH: optionalVar(),
  /** Transcode uploaded videos into an HLS ladder in the background (false: they play as uploaded). */
  VIDEO_HLS: booleanVar(true),
  /** Where the player embeds YouTube videos linked in posts (the IFrame API's origin). */
  VIDEO_EMBED_YOUTUBE_ORIGIN: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://www.youtube-nocookie.com')
    .transform((url) => new URL(url).origin),
  /** Where the player embeds Bilibili videos linked in posts. */
  VIDEO_EMBED_BILIBILI_ORIGIN: urlVar(['http:', 'https:'], 'an http:// or https:// URL')
    .default('https://player.bilibili.com')
    .transform((url) => new URL(url).origin),
  /** A VAST 3/4 ad tag played before videos; unset = no ads and no ad code loaded. */
  VIDEO_AD_TAG_URL: optionalVar().pipe(
    z.union([z.undefined(), urlVar(['http:', 'https:'], 'an http:// or https:// URL')]),
  ),
  /** The ports a bookmarked page (and its icon) may be fetched from (platform/safe-fetch). */
  BOOKMARK_FETCH_PORTS: portListVar([80, 443]),
  /**
   * TEST-ONLY: the page fetcher may reach loopback addresses (on any port), so tests can
   * serve it local pages. Refused unless the server is reachable from this machine only.
   */
  BOOKMARK_FETCH_ALLOW_LOOPBACK: booleanVar(false),
  /**
   * Web Push VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it),
   * both or neither. Unset: the first process to start generates a pair and stores it in
   * the database, and every process uses that one (modules/push).
   */
  VAPID_PUBLIC_KEY: optionalVar(),
  VAPID_PRIVATE_KEY: optionalVar(),
  /** Who push services contact about our pushes: a mailto: or https: URL (default: PUBLIC_URL when https). */
  VAPID_SUBJECT: optionalVar().pipe(
    z.union([z.undefined(), urlVar(['mailto:', 'https:'], 'a mailto: or https:// URL')]),
  ),
});

/** The variables, checked together, with the defaults that depend on others filled in. Parsed once, in main.ts. */
export const ConfigSchema = ConfigFields.superRefine((config, ctx) => {
  if (Boolean(config.ANALYTICS_SCRIPT_URL) !== Boolean(config.ANALYTICS_WEBSITE_ID)) {
    const missing = config.ANALYTICS_SCRIPT_URL ? 'ANALYTICS_WEBSITE_ID' : 'ANALYTICS_SCRIPT_URL';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with ANALYTICS_SCRIPT_URL and ANALYTICS_WEBSITE_ID',
    });
  }
  for (const issue of wechatScanIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of aliyunSmsIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of s3StorageIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of amapIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of paymentIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of aiIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of bookmarkFetchIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
  for (const issue of vapidIssues(config)) ctx.addIssue({ code: 'custom', ...issue });
}).transform((config) => ({ ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` }));

/** A VAPID key pair is both keys: one alone cannot sign or be checked. */
function vapidIssues(config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }) {
  if (Boolean(config.VAPID_PUBLIC_KEY) === Boolean(config.VAPID_PRIVATE_KEY)) return [];
  const missing = config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  return [{ path: [missing], message: 'must be set together with the other VAPID key' }];
}

/** Everything STORAGE=s3 needs to reach its bucket. */
const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
type S3Vars = { STORAGE?: string } & { [K in (typeof S3_VARIABLES)[number]]?: string };

/** STORAGE=s3 cannot store anything without its endpoint, bucket and keys: refuse to start. */
function s3StorageIssues(config: S3Vars): { path: [string]; message: string }[] {
  if (config.STORAGE?.trim() !== 's3') return [];
  return S3_VARIABLES.filter((name) => !config[name]?.trim()).map((name) => ({
    path: [name],
    message: 'must be set when STORAGE=s3',
  }));
}

type WechatScanVars = { SCAN_LOGIN_PROVIDER?: string; WECHAT_APP_ID?: string; WECHAT_APP_SECRET?: string };

/** SCAN_LOGIN_PROVIDER=wechat cannot work without the mini-program's id and secret. */
function wechatScanIssues(config: WechatScanVars): { path: [string]; message: string }[] {
  if (config.SCAN_LOGIN_PROVIDER?.trim() !== 'wechat') return [];
  return (['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const)
    .filter((name) => !config[name]?.trim())
    .map((name) => ({ path: [name], message: 'must be set when SCAN_LOGIN_PROVIDER=wechat' }));
}

/** Everything SMS_PROVIDER=aliyun needs to send a message. */
const ALIYUN_SMS_VARIABLES = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;
type AliyunSmsVars = { SMS_PROVIDER?: string } & { [K in (typeof ALIYUN_SMS_VARIABLES)[number]]?: string };

/** SMS_PROVIDER=aliyun cannot send without its keys, signature and template: refuse to start. */
function aliyunSmsIssues(config: AliyunSmsVars): { path: [string]; message: string }[] {
  if (config.SMS_PROVIDER?.trim() !== 'aliyun') return [];
  return ALIYUN_SMS_VARIABLES.filter((name) => !config[name]?.trim()).map((name) => ({
    path: [name],
    message: 'must be set when SMS_PROVIDER=aliyun',
  }));
}

/** MAPS_PROVIDER=amap cannot ask AMap anything without a key: refuse to start. */
function amapIssues(config: { MAPS_PROVIDER?: string; AMAP_KEY?: string }): { path: [string]; message: string }[] {
  if (config.MAPS_PROVIDER?.trim() !== 'amap' || config.AMAP_KEY?.trim()) return [];
  return [{ path: ['AMAP_KEY'], message: 'must be set when MAPS_PROVIDER=amap' }];
}

/** Translation needs its endpoint, key and model together. */
const AI_TRANSLATE_VARIABLES = ['AI_TRANSLATE_BASE_URL', 'AI_TRANSLATE_API_KEY', 'AI_TRANSLATE_MODEL'] as const;
type AiVars = {
  AI_IMAGE_PROVIDER?: string;
  AI_VIDEO_PROVIDER?: string;
  DASHSCOPE_API_KEY?: string;
  OPENAI_API_KEY?: string;
} & { [K in (typeof AI_TRANSLATE_VARIABLES)[number]]?: string };

/**
 * A vendor chosen for pictures or videos without its key could not make a single one, and
 * a translation endpoint without its key or model could not translate: refuse to start.
 */
function aiIssues(config: AiVars): { path: [string]; message: string }[] {
  const issues: { path: [string]; message: string }[] = [];
  const image = config.AI_IMAGE_PROVIDER?.trim();
  const video = config.AI_VIDEO_PROVIDER?.trim();
  if ((image === 'dashscope' || video === 'dashscope') && !config.DASHSCOPE_API_KEY?.trim()) {
    const chosen = [image === 'dashscope' && 'AI_IMAGE_PROVIDER', video === 'dashscope' && 'AI_VIDEO_PROVIDER']
      .filter(Boolean)
      .join(' or ');
    issues.push({ path: ['DASHSCOPE_API_KEY'], message: `must be set when ${chosen}=dashscope` });
  }
  if (image === 'openai' && !config.OPENAI_API_KEY?.trim()) {
    issues.push({ path: ['OPENAI_API_KEY'], message: 'must be set when AI_IMAGE_PROVIDER=openai' });
  }
  const missing = AI_TRANSLATE_VARIABLES.filter((name) => !config[name]?.trim());
  if (missing.length > 0 && missing.length < AI_TRANSLATE_VARIABLES.length) {
    for (const name of missing) {
      issues.push({
        path: [name],
        message: 'must be set together with AI_TRANSLATE_BASE_URL, AI_TRANSLATE_API_KEY and AI_TRANSLATE_MODEL',
      });
    }
  }
  return issues;
}

type BookmarkFetchVars = { BOOKMARK_FETCH_ALLOW_LOOPBACK?: string | boolean; HOST?: string; PUBLIC_URL?: string };

/** Whether a host name or address (URL brackets allowed) is this machine only. */
function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase();
  return bare === 'localhost' || isLoopbackAddress(bare);
}

/**
 * BOOKMARK_FETCH_ALLOW_LOOPBACK lets whoever can ask the server to fetch a page reach this
 * machine's own services. It is safe only when nobody but this machine can ask: the
 * server listens on a loopback address and its public address is loopback too. A real
 * deployment (HOST 0.0.0.0, a public PUBLIC_URL) cannot switch it on.
 */
function bookmarkFetchIssues(config: BookmarkFetchVars): { path: [string]; message: string }[] {
  const allow = config.BOOKMARK_FETCH_ALLOW_LOOPBACK;
  const isOn = allow === true || (typeof allow === 'string' && ['true', '1'].includes(allow.trim().toLowerCase()));
  if (!isOn) return [];
  const host = config.HOST?.trim() || '0.0.0.0';
  let publicHost = 'localhost';
  if (config.PUBLIC_URL?.trim()) {
    try {
      publicHost = new URL(config.PUBLIC_URL.trim()).hostname;
    } catch {
      publicHost = '';
    }
  }
  if (isLoopbackHost(host) && isLoopbackHost(publicHost)) return [];
  return [
    {
      path: ['BOOKMARK_FETCH_ALLOW_LOOPBACK'],
      message:
        'is a test-only setting: it may be true only when HOST is a loopback address (127.0.0.1, ::1, localhost) ' +
        `and PUBLIC_URL names a loopback host (HOST is "${host}", PUBLIC_URL's host is "${publicHost || '(invalid)'}")`,
    },
  ];
}

export type Config = z.output<typeof ConfigSchema>;

/** Thrown by loadConfig; the message lists every bad variable on its own line. */
export class ConfigError extends Error {
  readonly issues: readonly { variable: string; reason: string }[];
  constructor(issues: readonly { variable: string; reason: string }[]) {
    super(['Invalid configuration:', ...issues.map((i) => `  ${i.variable}: ${i.reason}`)].join('\n'));
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/**
 * Variables that must be set together. Checked apart from the schema so the pair is
 * reported even when other variables are also wrong (zod skips object refinements
 * once a field has failed).
 */
const PAIRED_VARIABLES = [['ANALYTICS_SCRIPT_URL', 'ANALYTICS_WEBSITE_ID']] as const;

/** Parses the environment once. Nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(ConfigFields.shape)) input[key] = env[key];
  const result = ConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    variable: issue.path.map(String).join('.') || '(config)',
    reason: issue.message,
  }));
  for (const pair of PAIRED_VARIABLES) {
    const missing = pair.filter((name) => !input[name]?.trim());
    if (missing.length === 1 && !issues.some((i) => i.variable === missing[0])) {
      issues.push({ variable: missing[0] as string, reason: `must be set together with ${pair.join(' and ')}` });
    }
  }
  // Reported even when other variables failed too (zod then skips the refinement above).
  for (const issue of wechatScanIssues(input)) {
    const variable = issue.path[0];
    if (!issues.some((i) => i.variable === variable)) issues.push({ variable, reason: issue.message });
  }
  for (const issue of aliyunSmsIssues(input)) {
    const variable = issue.path[0];
    if (!issues.some((i) => i.variable === variable)) issues.push({ variable, reason: issue.message });
  }
  for (const issue of [
    ...s3StorageIssues(input),
    ...amapIssues(input),
    ...aiIssues(input),
    ...bookmarkFetchIssues(input),
  ]) {
    const variable = issue.path[0];
    if (!issues.some((i) => i.variable === variable)) issues.push({ variable, reason: issue.message });
  }
  throw new ConfigError(issues);
}

const WECHATPAY_VARIABLES = [
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_KEYS',
] as const;
const ALIPAY_VARIABLES = ['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
type PaymentVars = { WECHATPAY_MCHID?: string; ALIPAY_APP_ID?: string } & {
  [K in (typeof WECHATPAY_VARIABLES)[number] | (typeof ALIPAY_VARIABLES)[number]]?: string;
};

/** A provider switched on without its keys cannot take money: refuse to start. */
function paymentIssues(config: PaymentVars): { path: [string]; message: string }[] {
  const issues: { path: [string]; message: string }[] = [];
  if (config.WECHATPAY_MCHID) {
    for (const name of WECHATPAY_VARIABLES) {
      if (!config[name]) issues.push({ path: [name], message: 'must be set when WECHATPAY_MCHID is set' });
    }
  }
  if (config.ALIPAY_APP_ID) {
    for (const name of ALIPAY_VARIABLES) {
      if (!config[name]) issues.push({ path: [name], message: 'must be set when ALIPAY_APP_ID is set' });
    }
  }
  return issues;
}
