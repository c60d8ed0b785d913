import { AppError } from '@evcircle/contract';
import sharp from 'sharp';
import { inspectImage, MAX_INPUT_PIXELS } from '../../platform/storage/image-input.ts';

export type ProcessedImage = {
  data: Buffer;
  extension: 'jpg' | 'webp';
  contentType: 'image/jpeg' | 'image/webp';
  /** Of the stored picture: upright, so a rotated phone photo reports its displayed size. */
  width: number;
  height: number;
};

const JPEG_QUALITY = 85;
const WEBP_QUALITY = 82;

/**
 * Turns an uploaded file into the image we store for a post. The type comes from the
 * bytes (a renamed text or PDF file is IMAGE_INVALID), more than 40 megapixels is
 * IMAGE_TOO_LARGE before any decoding, and the picture is re-encoded upright (EXIF
 * orientation applied): opaque images as JPEG, images with transparency as WebP, the
 * first frame of an animation. Re-encoding drops every metadata block — EXIF with its GPS
 * position, XMP, IPTC — because sharp writes none unless asked.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { hasAlpha } = await inspectImage(input);
  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).autoOrient();
  const encoded = hasAlpha
    ? upright.webp({ quality: WEBP_QUALITY })
    : upright.jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return hasAlpha
      ? { data, extension: 'webp', contentType: 'image/webp', width: info.width, height: info.height }
      : { data, extension: 'jpg', contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // The header decoded but the pixels did not: a truncated or corrupt file.
    throw new AppError('IMAGE_INVALID');
  }
}
