import { z } from 'zod';
import { DEFAULT_AREA_CODE, LOGIN_ATTEMPTS_PER_IP } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { ChallengeSchema, LoginResultSchema } from './entities/user.ts';
import { defineErrors, STATUS } from './status.ts';

/** Area code without '+': 1–4 digits. */
const AreaCodeField = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, { error: '区号格式不正确' })
  .default(DEFAULT_AREA_CODE);

/**
 * The number as typed. SPEC.md §7: the client prefixes the area code when it is not 86
 * (`852-91234567`); the server accepts either form and checks it against `acode`.
 */
const MobileField = z.string({ error: '请输入手机号' }).trim().min(1, { error: '请输入手机号' }).max(24);

export const SmsCodeBodySchema = z.object({
  mobile: MobileField,
  acode: AreaCodeField,
  /** For area codes other than 86: the challenge being answered and its 3 digits. */
  challengeId: z.string().max(64).optional(),
  challenge: z.string().max(8).optional(),
});

/**
 * Sends a 4-digit login code by SMS. Abuse limits answer 4029 with `data.retryAfter`.
 * For area codes other than 86, without a right challenge answer it answers 4001 with
 * a new challenge in `data` (ChallengeSchema).
 */
export const smsCode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/smscode',
  body: SmsCodeBodySchema,
  data: z.object({
    /** Seconds the code stays valid. */
    expireIn: z.number(),
    /** Seconds before another code may be requested for this number. */
    resendIn: z.number(),
  }),
  auth: 'none',
  summary: '发送短信验证码',
});

/** A fresh 3-digit challenge for a foreign area code (SPEC.md §4). */
export const smsChallenge = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/challenge',
  body: z.object({ mobile: MobileField.optional(), acode: AreaCodeField }),
  data: ChallengeSchema,
  auth: 'none',
  summary: '获取境外号码人机验证',
});

export const MobileLoginBodySchema = z.object({
  mobile: MobileField,
  smscode: z
    .string({ error: '请输入完整的验证码' })
    .trim()
    .regex(/^\d{4}$/, { error: '请输入完整的验证码' }),
  acode: AreaCodeField,
  /** Invite code from /invite/{code}; only used when this login creates the account. */
  invite: z.string().trim().max(16).optional(),
});

/** Logs in (creating the account on first login); also sets the web session cookie. */
export const mobileLogin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/mobile',
  body: MobileLoginBodySchema,
  data: LoginResultSchema,
  auth: 'none',
  rateLimit: { by: 'ip', windows: [LOGIN_ATTEMPTS_PER_IP] },
  summary: '手机号验证码登录',
});

/** Ends this session (token or cookie) and clears the cookie. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/logout',
  body: z.object({}),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  summary: '退出登录',
});

/** Ends every session of the viewer, on every device. */
export const logoutAll = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/login/logout-all',
  body: z.object({}),
  data: z.object({ result: z.boolean(), sessions: z.number() }),
  auth: 'user',
  summary: '退出所有设备',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const authErrors = defineErrors({
  /** Not a mainland mobile number (area code 86) or too short for another area code. */
  MOBILE_INVALID: { status: STATUS.VALIDATION_FAILED, message: '请输入正确的手机号' },
  /** A foreign area code needs the 3-digit challenge first; `data` holds a new challenge. */
  CHALLENGE_REQUIRED: { status: STATUS.WRONG_CODE, message: '请先完成验证' },
  /** The challenge answer is wrong or expired; `data` holds a new challenge. */
  CHALLENGE_WRONG: { status: STATUS.WRONG_CODE, message: '验证码错误' },
  /** SMS limits; `data.retryAfter` is the wait in seconds. */
  SMS_TOO_FREQUENT: { status: STATUS.RATE_LIMITED, message: '验证码发送过于频繁，请 {seconds} 秒后再试' },
  /** The SMS provider refused or failed. */
  SMS_SEND_FAILED: { status: STATUS.SERVER_ERROR, message: '验证码发送失败，请稍后再试' },
  /** Wrong, expired, used or exhausted SMS code. */
  SMS_CODE_WRONG: { status: STATUS.WRONG_CODE, message: '验证码错误，请重新输入' },
});
