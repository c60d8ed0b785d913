import { SMS_CODE_LIFETIME_S } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';

/** One login-code message: the number (area code without '+', national digits) and its code. */
export type SmsMessage = { acode: string; mobile: string; code: string };

/**
 * Sends login codes. `send` resolves once the provider has accepted the message and
 * rejects when it has not (AppError SMS_SEND_FAILED): a provider never reports a
 * message it could not hand over as sent.
 */
export type SmsProvider = {
  /** Which provider this is (console, aliyun, or a test double). */
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
};

export type SmsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The text of a login message, as the console provider writes it (Aliyun renders its own template). */
export function smsText(code: string): string {
  return `【车友圈】您的登录验证码是 ${code}，${Math.round(SMS_CODE_LIFETIME_S / 60)} 分钟内有效。如非本人操作，请忽略本短信。`;
}
