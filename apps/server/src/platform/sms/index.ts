import type { Config } from '../config.ts';
import { createAliyunSmsProvider } from './aliyun.ts';
import { createConsoleSmsProvider } from './console.ts';
import type { SmsLog, SmsProvider } from './types.ts';

export type { SmsLog, SmsMessage, SmsProvider } from './types.ts';
export { smsText } from './types.ts';

/** The provider SMS_PROVIDER names; config parsing already refused aliyun without its keys. */
export function createSmsProvider(
  config: Pick<
    Config,
    | 'SMS_PROVIDER'
    | 'DATA_DIR'
    | 'ALIYUN_SMS_ACCESS_KEY_ID'
    | 'ALIYUN_SMS_ACCESS_KEY_SECRET'
    | 'ALIYUN_SMS_SIGN_NAME'
    | 'ALIYUN_SMS_TEMPLATE_CODE'
    | 'ALIYUN_SMS_ENDPOINT'
  >,
  log: SmsLog,
): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    const { ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } =
      config;
    if (
      !ALIYUN_SMS_ACCESS_KEY_ID ||
      !ALIYUN_SMS_ACCESS_KEY_SECRET ||
      !ALIYUN_SMS_SIGN_NAME ||
      !ALIYUN_SMS_TEMPLATE_CODE
    ) {
      throw new Error(
        'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
      );
    }
    return createAliyunSmsProvider({
      accessKeyId: ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: ALIYUN_SMS_SIGN_NAME,
      templateCode: ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: config.ALIYUN_SMS_ENDPOINT,
      log,
    });
  }
  return createConsoleSmsProvider({ dataDir: config.DATA_DIR, log });
}
