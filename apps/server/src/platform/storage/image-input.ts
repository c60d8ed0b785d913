import { AppError, IMAGE_MAX_MEGAPIXELS } from '@evcircle/contract';
import sharp, { type Metadata } from 'sharp';

/** Images above 40 megapixels are refused: decoding one takes ~160 MB of memory. */
export const MAX_INPUT_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

/** Formats decoded from an upload; anything else (text, SVG, PDF, TIFF…) is refused. */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A raster picture's format by its first bytes (the bytes decide, not a name or a label); null for anything else. */
export function sniffRasterImage(bytes: Buffer): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

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
