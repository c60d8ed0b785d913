import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { booleanField, parseJsonText } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// Web Push (issue 21, docs/decisions/0027-pwa-push.md): a browser's push subscription
// (RFC 8030 endpoint, RFC 8291 keys) kept for its person, and which kinds of push they
// want. Not in SPEC.md: the paths are ours.

const PREFIX = '/api/v1/push';

/** Longest endpoint URL kept (FCM's are about 190 characters, Mozilla's and Apple's under 300). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
/** Subscriptions one person keeps (one per browser); the oldest goes when another is added. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** The bytes of base64url text (no padding), or null when it is not base64url. */
function base64UrlBytes(text: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** A base64url key of exactly `bytes` bytes (and, for p256dh, an uncompressed P-256 point). */
function keyField(bytes: number, label: string, check?: (text: string) => boolean) {
  return z
    .string({ error: `${label}须为文本` })
    .trim()
    .refine((text) => base64UrlBytes(text) === bytes && (check?.(text) ?? true), {
      error: `${label}格式不正确`,
    });
}

/**
 * A subscription as PushSubscription.toJSON() gives it: an https endpoint and its two
 * keys, p256dh (the browser's P-256 public key, 65 bytes uncompressed, "BA…" in base64url)
 * and auth (the 16-byte authentication secret).
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: '推送地址须为文本' })
    .trim()
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: '推送地址过长' })
    .refine(
      (text) => {
        try {
          const url = new URL(text);
          return url.protocol === 'https:' && url.username === '' && url.password === '';
        } catch {
          return false;
        }
      },
      { error: '推送地址必须是 https 链接' },
    ),
  keys: z.preprocess(
    parseJsonText,
    z.object(
      {
        p256dh: keyField(65, '推送公钥', (text) => text.startsWith('B')),
        auth: keyField(16, '推送密钥'),
      },
      { error: '缺少推送密钥' },
    ),
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** The kinds of push a person may switch off (settings 推送通知); all on until they choose. */
export const PushPreferencesSchema = z.object({
  /** 私信: a new private chat message. */
  messages: z.boolean(),
  /** 回复: a comment on my post, a reply to my comment. */
  replies: z.boolean(),
  /** 车队: a team near me, someone joining my team, my team cancelled or disbanded. */
  teams: z.boolean(),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;
export type PushKind = keyof PushPreferences;

/**
 * What a push carries (the service worker shows it): zh-CN title and body, the path the
 * tap opens, and a tag that replaces an earlier notification of the same thread.
 * Never more than the notification list shows.
 */
export const PushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** The server's VAPID public key (applicationServerKey of pushManager.subscribe), base64url. */
export const pushVapidKey = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/vapid-key`,
  query: z.object({}),
  data: z.object({ public_key: z.string() }),
  auth: 'user',
  summary: '推送服务公钥',
});

/**
 * Keeps this browser's subscription for the viewer. The same endpoint again (a renewed
 * subscription) updates its keys. An endpoint another person holds moves to the viewer
 * only when both keys match too — proof of holding that browser's subscription (another
 * account logged in on it); otherwise PUSH_ENDPOINT_TAKEN.
 */
export const pushSubscribe = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/subscribe`,
  body: PushSubscriptionSchema,
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 20, windowSeconds: 60 }] },
  summary: '开启推送通知',
});

/** Forgets one of the viewer's subscriptions (logout, notifications switched off in this browser). */
export const pushUnsubscribe = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/unsubscribe`,
  body: z.object({ endpoint: z.string({ error: '推送地址须为文本' }).trim().max(PUSH_ENDPOINT_MAX_LENGTH) }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  summary: '关闭推送通知',
});

/** The viewer's push switches, and how many browsers they receive pushes in. */
export const pushPreferencesGet = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/preferences`,
  query: z.object({}),
  data: PushPreferencesSchema.extend({ subscriptions: z.number() }),
  auth: 'user',
  summary: '推送通知设置',
});

/** Saves the viewer's push switches; a field left out keeps its value. */
export const pushPreferencesSave = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/preferences/save`,
  body: z.object({
    messages: booleanField('私信开关须为布尔值').optional(),
    replies: booleanField('回复开关须为布尔值').optional(),
    teams: booleanField('车队开关须为布尔值').optional(),
  }),
  data: PushPreferencesSchema,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '保存推送通知设置',
});

export const pushErrors = defineErrors({
  /** The endpoint is another person's and the keys given are not its keys. */
  PUSH_ENDPOINT_TAKEN: { status: STATUS.CONFLICT, message: '该推送地址已被其他账号使用' },
  /** No subscription of the viewer's has this endpoint (another person's is not revealed). */
  PUSH_SUBSCRIPTION_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '推送订阅不存在' },
});
