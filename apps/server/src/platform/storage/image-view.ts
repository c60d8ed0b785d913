import { AppError } from '@evcircle/contract';
import sharp from 'sharp';
import type { ImageFormat, ImageViewOperation } from './file-operations.ts';
import { MAX_INPUT_PIXELS } from './image-input.ts';

const DEFAULT_QUALITY: Record<ImageFormat, number> = { jpeg: 85, png: 100, webp: 80 };
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/**
 * The format of a resized image: the one asked for, else the source's own when it is
 * JPEG, PNG or WebP, else WebP (lossy like JPEG, but keeps the transparency a GIF or
 * AVIF may have).
 */
export function imageOutputFormat(sourceContentType: string, requested?: ImageFormat): ImageFormat {
  if (requested) return requested;
  if (sourceContentType === 'image/jpeg') return 'jpeg';
  if (sourceContentType === 'image/png') return 'png';
  return 'webp';
}

/**
 * Qiniu imageView2 mode 2: scale to fit inside width × height keeping the ratio, never
 * enlarging. EXIF orientation is applied first, so phone photos come out upright.
 */
export async function renderImageView(
  sourcePath: string,
  op: ImageViewOperation,
  format: ImageFormat,
  outputPath: string,
): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only, so it is safe on a huge image; the pixel limit
    // applies to the decode below (and would hide the size behind a generic error here).
    ({ width, height } = await sharp(sourcePath).metadata());
  } catch {
    throw new AppError('FILE_PROCESSING_FAILED');
  }
  if (!width || !height) throw new AppError('FILE_PROCESSING_FAILED');
  if (width * height > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_LARGE', { limit: MAX_INPUT_PIXELS / 10_000 });

  const quality = op.quality ?? DEFAULT_QUALITY[format];
  const image = sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  const resized = image.autoOrient().resize({
    width: op.width,
    height: op.height,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    format === 'jpeg'
      ? resized.jpeg({ quality, progressive: true })
      : format === 'png'
        ? resized.png()
        : resized.webp({ quality });
  try {
    await encoded.toFile(outputPath);
  } catch (error) {
    // The header decoded but the pixel data did not: a truncated or corrupt upload.
    if (error instanceof Error && /vips|jpeg|png|webp|corrupt|premature|input/i.test(error.message)) {
      throw new AppError('FILE_PROCESSING_FAILED');
    }
    throw error;
  }
}
