import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { StorageProvider } from '../storage/index.ts';
import { createSiteQrLogin } from './site.ts';
import { createWechatQrLogin } from './wechat.ts';
import { wechatCodeClientFor } from './wechat-code.ts';

/**
 * Makes the image a browser shows for QR scan login. The default (`site`) draws a QR of
 * this site's own `/m/scan/{scanCode}` page; `wechat` asks WeChat for a mini-program
 * code whose `scene` is the scan code. A provider that cannot make the image throws
 * AppError SCAN_CODE_FAILED — it never answers a picture that would not work.
 */
export type QrLoginProvider = {
  readonly kind: Config['SCAN_LOGIN_PROVIDER'];
  /** The image for `scanCode`: a data: URL or an absolute URL of a stored image. */
  qrcodeFor(scanCode: string): Promise<string>;
  /** Removes whatever `qrcodeFor` stored for a code nobody needs any more. */
  discard(scanCode: string): Promise<void>;
};

export type QrLoginConfig = Pick<
  Config,
  'SCAN_LOGIN_PROVIDER' | 'PUBLIC_URL' | 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET' | 'WECHAT_API_BASE' | 'WECHAT_SCAN_PAGE'
>;

/** The QR login provider the configuration names. */
export function createQrLoginProvider(
  config: QrLoginConfig,
  storage: StorageProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): QrLoginProvider {
  switch (config.SCAN_LOGIN_PROVIDER) {
    case 'site':
      return createSiteQrLogin(config.PUBLIC_URL);
    case 'wechat': {
      // NOTE: config.ts refuses to start without these; the check keeps the types honest.
      if (!config.WECHAT_APP_ID || !config.WECHAT_APP_SECRET) {
        throw new Error('SCAN_LOGIN_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
      }
      return createWechatQrLogin(
        {
          appId: config.WECHAT_APP_ID,
          appSecret: config.WECHAT_APP_SECRET,
          apiBase: config.WECHAT_API_BASE,
          page: config.WECHAT_SCAN_PAGE,
          publicUrl: config.PUBLIC_URL,
        },
        storage,
        log,
        wechatCodeClientFor(config),
      );
    }
  }
}
