import { z } from 'zod';
import { SCAN_CODE_LIFETIME_S } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { LoginResultSchema } from './entities/user.ts';
import { defineErrors, STATUS } from './status.ts';

// ── QR scan login (SPEC.md §3 "Scan login", §4) ──

export const ScanStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(-1)]);

const ScanCodeField = z
  .string({ error: '缺少二维码参数' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '二维码参数不正确' });

export const scanCode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/scancode',
  body: z.object({}),
  // Per asking address: a person refreshing the QR now and then stays far below; a
  // script minting codes (each one a row, and with WeChat a paid-for image) does not.
  rateLimit: {
    by: 'ip',
    windows: [
      { limit: 20, windowSeconds: 600 },
      { limit: 200, windowSeconds: 86_400 },
    ],
  },
  data: z.object({
    scanCode: z.string(),
    /** A QR image (data: URL or https URL) to show. */
    qrcodeUrl: z.string(),
    expireIn: z.number().default(SCAN_CODE_LIFETIME_S),
  }),
  auth: 'none',
  summary: '获取扫码登录二维码',
});

/**
 * Polled by the browser that shows the QR. On 2 it answers `userInfo` with a fresh
 * token exactly once (and sets the session cookie); later polls answer 2 without it.
 * A code past its 300 s, declined, or never issued answers -1 (not an error), so the
 * modal shows "expired" and its refresh button at once.
 */
export const scanStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/login/scan-status',
  query: z.object({ scanCode: ScanCodeField }),
  data: z.object({ status: ScanStatusSchema, userInfo: LoginResultSchema.nullable() }),
  auth: 'none',
  summary: '查询扫码登录状态',
});

/** What the phone sees before confirming: which browser asks, from where, and when. */
export const scanInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/login/scan-info',
  query: z.object({ scanCode: ScanCodeField }),
  data: z.object({
    status: ScanStatusSchema,
    /** Seconds left before the code expires. */
    expireIn: z.number(),
    /** e.g. 'Chrome · Windows'. */
    device: z.string(),
    /** Masked address of the asking browser: 203.0.113.*. */
    ip: z.string(),
    /** ISO 8601 time the QR was made. */
    atime: z.string(),
  }),
  auth: 'user',
  summary: '扫码登录请求详情',
});

/**
 * The phone scanned the code (status=1). Only from a logged-in phone; the code is then
 * theirs: another user's update, confirm or decline answers SCAN_CODE_USED.
 */
export const updateScan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/update-scan',
  body: z.object({ scanCode: ScanCodeField, status: z.coerce.number().pipe(z.literal(1)) }),
  data: z.object({ status: ScanStatusSchema }),
  auth: 'user',
  summary: '手机端已扫码',
});

/**
 * The phone confirms: the browser becomes logged in as the phone's user. Accepted from 1
 * (scanned by this same user) or straight from 0; expired codes answer SCAN_CODE_EXPIRED.
 */
export const confirmScan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/confirm-scan',
  body: z.object({
    scanCode: ScanCodeField,
    /** The phone's own token (SPEC.md §7); when given it must be the caller's session. */
    token: z.string().max(128).optional(),
  }),
  data: z.object({ status: ScanStatusSchema }),
  auth: 'user',
  summary: '手机端确认登录',
});

/** The phone declines: the code dies (status -1). */
export const declineScan = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/decline-scan',
  body: z.object({ scanCode: ScanCodeField }),
  data: z.object({ status: ScanStatusSchema }),
  auth: 'user',
  summary: '手机端拒绝登录',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const scanLoginErrors = defineErrors({
  /** A scan code that does not exist or has expired. */
  SCAN_CODE_EXPIRED: { status: STATUS.NOT_FOUND, message: '二维码已过期，请刷新' },
  /** A scan code already confirmed, declined or scanned by someone else. */
  SCAN_CODE_USED: { status: STATUS.CONFLICT, message: '二维码已被使用，请刷新' },
  /** The QR login provider could not make a code. */
  SCAN_CODE_FAILED: { status: STATUS.SERVER_ERROR, message: '生成二维码失败，请稍后重试' },
});
