import { AppError } from '@evcircle/contract';
import QRCode from 'qrcode';
import type { QrLoginProvider } from './index.ts';

/** The page a phone opens from the QR: it shows who asks and confirms or declines. */
export function scanPageUrl(publicUrl: string, scanCode: string): string {
  return `${publicUrl}/m/scan/${encodeURIComponent(scanCode)}`;
}

/**
 * The default provider: a PNG QR of `${PUBLIC_URL}/m/scan/{scanCode}`, answered inline
 * as a data: URL (nothing stored, nothing to clean up). Any phone camera opens it.
 */
export function createSiteQrLogin(publicUrl: string): QrLoginProvider {
  return {
    kind: 'site',
    async qrcodeFor(scanCode) {
      try {
        return await QRCode.toDataURL(scanPageUrl(publicUrl, scanCode), {
          type: 'image/png',
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 320,
        });
      } catch {
        throw new AppError('SCAN_CODE_FAILED');
      }
    },
    async discard() {},
  };
}
