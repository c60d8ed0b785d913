import { existsSync, readFileSync } from 'node:fs';
import type { PayType } from '@evcircle/contract';
import type { Config } from '../config.ts';
import { createAlipayProvider } from './alipay.ts';
import { createSandboxProvider, SANDBOX_MERCHANT_ID, type SandboxProvider } from './sandbox.ts';
import type { PaymentLog, PaymentProvider } from './types.ts';
import { createWechatPayProvider } from './wechat.ts';

export { SANDBOX_MERCHANT_ID, type SandboxProvider } from './sandbox.ts';
export * from './types.ts';

/** The providers this server takes money with, and the merchant each must name in its notifications. */
export type Payments = {
  /** By pay_type; only the configured ones. */
  providers: ReadonlyMap<PayType, PaymentProvider>;
  merchantIds: ReadonlyMap<PayType, string>;
  /** The sandbox when PAY_SANDBOX is on (its checkout page needs its tickets). */
  sandbox: SandboxProvider | null;
};

/**
 * A key as configured: PEM text (literal \n allowed), the path of a .pem file, or the bare
 * base64 Alipay's key tool prints (passed on as it is; the adapter reads it).
 */
export function pemOf(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  if (/^[A-Za-z0-9+/=\s]+$/.test(value) && !existsSync(value)) return value.replace(/\s+/g, '');
  return readFileSync(value, 'utf8');
}

/** `serial=pem-or-path;serial=…` → keys by serial. */
function platformKeysOf(value: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const pair of value.split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    keys[pair.slice(0, at).trim()] = pemOf(pair.slice(at + 1).trim());
  }
  return keys;
}

type PaymentConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'PAY_SANDBOX'
  | 'PAY_SANDBOX_SECRET'
  | 'PAY_SANDBOX_RENEW'
  | 'WECHATPAY_MCHID'
  | 'WECHATPAY_APPID'
  | 'WECHATPAY_SERIAL_NO'
  | 'WECHATPAY_PRIVATE_KEY'
  | 'WECHATPAY_APIV3_KEY'
  | 'WECHATPAY_PLATFORM_KEYS'
  | 'WECHATPAY_API_BASE'
  | 'ALIPAY_APP_ID'
  | 'ALIPAY_PRIVATE_KEY'
  | 'ALIPAY_PUBLIC_KEY'
  | 'ALIPAY_SELLER_ID'
  | 'ALIPAY_GATEWAY'
>;

/** The providers the configuration switches on (config parsing already refused a provider without its keys). */
export function createPayments(config: PaymentConfig, log: PaymentLog): Payments {
  const providers = new Map<PayType, PaymentProvider>();
  const merchantIds = new Map<PayType, string>();
  let sandbox: SandboxProvider | null = null;
  if (config.PAY_SANDBOX) {
    sandbox = createSandboxProvider({
      secret: config.PAY_SANDBOX_SECRET,
      publicUrl: config.PUBLIC_URL,
      renewOutcome: config.PAY_SANDBOX_RENEW,
    });
    providers.set('sandbox', sandbox);
    merchantIds.set('sandbox', SANDBOX_MERCHANT_ID);
  }
  if (config.WECHATPAY_MCHID) {
    providers.set(
      'wechat',
      createWechatPayProvider({
        mchid: config.WECHATPAY_MCHID,
        appid: config.WECHATPAY_APPID ?? '',
        merchantSerialNo: config.WECHATPAY_SERIAL_NO ?? '',
        merchantPrivateKey: pemOf(config.WECHATPAY_PRIVATE_KEY ?? ''),
        apiV3Key: config.WECHATPAY_APIV3_KEY ?? '',
        platformKeys: platformKeysOf(config.WECHATPAY_PLATFORM_KEYS ?? ''),
        apiBase: config.WECHATPAY_API_BASE,
        log,
      }),
    );
    merchantIds.set('wechat', config.WECHATPAY_MCHID);
  }
  if (config.ALIPAY_APP_ID) {
    providers.set(
      'alipay',
      createAlipayProvider({
        appId: config.ALIPAY_APP_ID,
        privateKey: pemOf(config.ALIPAY_PRIVATE_KEY ?? ''),
        alipayPublicKey: pemOf(config.ALIPAY_PUBLIC_KEY ?? ''),
        gateway: config.ALIPAY_GATEWAY,
        sellerId: config.ALIPAY_SELLER_ID,
        log,
      }),
    );
    merchantIds.set('alipay', config.ALIPAY_APP_ID);
  }
  return { providers, merchantIds, sandbox };
}
