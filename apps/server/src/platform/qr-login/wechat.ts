import { AppError } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageProvider } from '../storage/index.ts';
import type { QrLoginProvider } from './index.ts';
import { createWechatCodeClient, type WechatCodeClient } from './wechat-code.ts';

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

export { TOKEN_MARGIN_S } from './wechat-code.ts';

/** Scan codes are base64url, at most WeChat's 32 characters of `scene` (and safe in a storage key). */
const SCENE = /^[A-Za-z0-9_-]{1,32}$/;

function storageKeys(scanCode: string): string[] {
  return [`scan-login/${scanCode}.png`, `scan-login/${scanCode}.jpg`];
}

/**
 * WeChat mini-program codes for scan login: the phone's WeChat opens `page` with
 * `scene` = the scan code. The image is kept in our storage and answered as its /files
 * URL. `client` is the app's shared one (index.ts); by default one of its own.
 */
export function createWechatQrLogin(
  options: WechatQrLoginOptions,
  storage: StorageProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  client: WechatCodeClient = createWechatCodeClient(options),
): QrLoginProvider {
  return {
    kind: 'wechat',
    async qrcodeFor(scanCode) {
      if (!SCENE.test(scanCode)) throw new AppError('SCAN_CODE_FAILED');
      try {
        const code = await client.code({ scene: scanCode, page: options.page });
        const key = `scan-login/${scanCode}.${code.ext}`;
        await storage.put(key, code.image, code.contentType);
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
