import { AppError } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { wechatCodeClientFor } from '../../platform/qr-login/wechat-code.ts';
import { assertOnSale } from './catalog.service.ts';

type QrConfig = Pick<
  Config,
  | 'SCAN_LOGIN_PROVIDER'
  | 'PUBLIC_URL'
  | 'WECHAT_APP_ID'
  | 'WECHAT_APP_SECRET'
  | 'WECHAT_API_BASE'
  | 'WECHAT_PRODUCT_PAGE'
>;
type EnvVersion = 'release' | 'trial' | 'develop';

/** The product's own page, which a QR opens. */
export function productPageUrl(publicUrl: string, pid: number): string {
  return `${publicUrl}/product/${pid}`;
}

/**
 * The code a phone scans to buy a product on sale (PRODUCT_NOT_FOUND otherwise), as a
 * data: URL. With SCAN_LOGIN_PROVIDER=wechat a mini-program code of WECHAT_PRODUCT_PAGE
 * with scene `pid={pid}` (the scan login's WeChat client and token); by default a QR of
 * `${PUBLIC_URL}/product/{pid}`. Whatever fails is QRCODE_FAILED, never a picture that
 * would not work.
 */
export async function productQrcode(
  deps: { db: Db; config: QrConfig; log: Pick<FastifyBaseLogger, 'error'> },
  pid: number,
  envVersion: EnvVersion,
): Promise<string> {
  await assertOnSale(deps.db, pid);
  try {
    if (deps.config.SCAN_LOGIN_PROVIDER === 'wechat') {
      const code = await wechatCodeClientFor(deps.config).code({
        scene: `pid=${pid}`,
        page: deps.config.WECHAT_PRODUCT_PAGE,
        envVersion,
      });
      return `data:${code.contentType};base64,${code.image.toString('base64')}`;
    }
    return await QRCode.toDataURL(productPageUrl(deps.config.PUBLIC_URL, pid), {
      type: 'image/png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 320,
    });
  } catch (err) {
    deps.log.error({ err, pid }, 'product code could not be made');
    throw new AppError('QRCODE_FAILED');
  }
}
