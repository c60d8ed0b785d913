import { createHmac, randomUUID } from 'node:crypto';
import { AppError, DEFAULT_AREA_CODE } from '@evcircle/contract';
import { getVendorJson } from '../vendor-http.ts';
import type { SmsLog, SmsMessage, SmsProvider } from './types.ts';

/** How long one SendSms call may take before it counts as failed. */
const DEFAULT_TIMEOUT_MS = 10_000;

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com, or a local fake in tests. */
  endpoint: string;
  log: SmsLog;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
};

/**
 * Aliyun's percent-encoding for RPC signatures (RFC 3986): everything but
 * `A–Z a–z 0–9 - _ . ~` is escaped, UTF-8, upper-case hex, a space as %20.
 * encodeURIComponent leaves `! ' ( ) *` alone, so those are escaped here.
 */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${(ch.codePointAt(0) as number).toString(16).toUpperCase()}`,
  );
}

/** The canonical query: pairs sorted by key (byte order), each side percent-encoded. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key] as string)}`)
    .join('&');
}

/**
 * Signature version 1.0 of Aliyun's RPC APIs:
 * base64(HMAC-SHA1(secret + "&", METHOD + "&%2F&" + percentEncode(canonical query))).
 */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Mainland numbers go as they are; others with their area code in front (85291234567). */
export function aliyunPhoneNumber(acode: string, mobile: string): string {
  return acode === DEFAULT_AREA_CODE ? mobile : `${acode}${mobile}`;
}

/** Timestamp in the form Aliyun wants: ISO 8601 UTC without milliseconds. */
function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

type SendSmsAnswer = { Code?: string; Message?: string; RequestId?: string; BizId?: string };

/**
 * Aliyun SMS (dysmsapi, version 2017-05-25) through its signed RPC API: one GET of
 * SendSms with the template variable `code`. Success is `{Code: "OK"}`; a business
 * error (flow control, bad template, no balance…), an HTTP error, a non-JSON answer or
 * a timeout is SMS_SEND_FAILED, with Aliyun's code and message in the log.
 */
export function createAliyunSmsProvider(options: AliyunSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const endpoint = options.endpoint.replace(/\/+$/, '');

  return {
    kind: 'aliyun',
    async send({ acode, mobile, code }: SmsMessage) {
      const params: Record<string, string> = {
        AccessKeyId: options.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: aliyunPhoneNumber(acode, mobile),
        RegionId: 'cn-hangzhou',
        SignName: options.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: options.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: aliyunTimestamp(now()),
        Version: '2017-05-25',
      };
      const signature = aliyunSignature(params, options.accessKeySecret, 'GET');
      const url = `${endpoint}/?Signature=${aliyunPercentEncode(signature)}&${aliyunCanonicalQuery(params)}`;
      const context = { provider: 'aliyun', acode, mobile, nonce: params.SignatureNonce };

      const { status, answer, body } = await getVendorJson<SendSmsAnswer>(url, {
        fetch: doFetch,
        timeoutMs,
        log: options.log,
        label: 'aliyun sms',
        context,
        failure: 'SMS_SEND_FAILED',
      });
      if (status === 200 && answer?.Code === 'OK') {
        options.log.info({ ...context, bizId: answer.BizId, requestId: answer.RequestId }, 'aliyun sms: sent');
        return;
      }
      options.log.error(
        {
          ...context,
          httpStatus: status,
          code: answer?.Code,
          message: answer?.Message,
          requestId: answer?.RequestId,
          body: answer ? undefined : body.slice(0, 300),
        },
        'aliyun sms: refused',
      );
      throw new AppError('SMS_SEND_FAILED');
    },
  };
}
