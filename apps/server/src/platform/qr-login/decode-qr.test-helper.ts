import jsQR from 'jsqr';
import sharp from 'sharp';

/** Reads a QR image the way a phone camera would: decoded pixels, not the encoder's own data. */
export async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The bytes of a `data:image/png;base64,…` URL. */
export function dataUrlBytes(url: string): Buffer {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a PNG data URL: ${url.slice(0, 40)}…`);
  return Buffer.from(match[1], 'base64');
}
