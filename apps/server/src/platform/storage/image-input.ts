import { AppError, IMAGE_MAX_MEGAPIXELS } from '@evcircle/contract';
import sharp, { type Metadata } from 'sharp';

/** Images above 40 megapixels are refused: decoding one takes ~160 MB of memory. */
export const MAX_INPUT_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

/** Formats decoded from an upload; anything else (text, SVG, PDF, TIFF…) is refused. */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export type ImageInput = { format: string; width: number; height: number; hasAlpha: boolean };

/**
 * Reads an uploaded image's header (not its pixels, so a decompression bomb costs
 * nothing here): the type comes from the bytes, never the file name — a renamed text or
 * PDF file is IMAGE_INVALID — and more than MAX_INPUT_PIXELS is IMAGE_TOO_LARGE.
 */
export async function inspectImage(input: Buffer): Promise<ImageInput> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
  const { format, width, height } = meta;
  if (!format || !ACCEPTED_IMAGE_FORMATS.has(format) || !width || !height) throw new AppError('IMAGE_INVALID');
  if (width * height > MAX_INPUT_PIXELS) throw new AppError('IMAGE_TOO_LARGE', { limit: MAX_INPUT_PIXELS / 10_000 });
  return { format, width, height, hasAlpha: meta.hasAlpha === true };
}
