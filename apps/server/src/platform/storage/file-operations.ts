import { AppError } from '@evcircle/contract';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/** `imageView2/2/w/W/h/H/q/Q/format/F`: fit inside W × H keeping the ratio, never enlarge. */
export type ImageViewOperation = {
  kind: 'imageView2';
  width?: number;
  height?: number;
  quality?: number;
  format?: ImageFormat;
};

/** `vframe/jpg/offset/N`: the video frame at N seconds, as JPEG. */
export type VideoFrameOperation = { kind: 'vframe'; offsetSeconds: number };

export type FileOperation = ImageViewOperation | VideoFrameOperation;

/** Largest output edge we render; larger requests are refused rather than clamped. */
export const MAX_OUTPUT_EDGE = 4096;
/** Offsets past an hour are refused: no video we store is that long, and seeking costs. */
const MAX_OFFSET_SECONDS = 3600;

const FORMAT_NAMES: Record<string, ImageFormat> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };

function unsupported(detail: string): AppError {
  return new AppError('FILE_OPERATION_UNSUPPORTED', { detail });
}

function integerIn(value: string | undefined, name: string, min: number, max: number): number {
  if (value === undefined || !/^\d{1,5}$/.test(value)) throw unsupported(`${name} 需要 ${min}–${max} 之间的整数`);
  const n = Number(value);
  if (n < min || n > max) throw unsupported(`${name} 需要 ${min}–${max} 之间的整数`);
  return n;
}

/** Splits `a/1/b/2` into pairs, refusing a dangling name or a name given twice. */
function pairs(parts: string[], operation: string): Map<string, string> {
  if (parts.length % 2 !== 0) throw unsupported(`${operation} 参数不完整`);
  const out = new Map<string, string>();
  for (let i = 0; i < parts.length; i += 2) {
    const name = parts[i]!;
    if (out.has(name)) throw unsupported(`${operation} 参数 ${name} 重复`);
    out.set(name, parts[i + 1]!);
  }
  return out;
}

function parseImageView(parts: string[]): ImageViewOperation {
  const [mode, ...rest] = parts;
  if (mode !== '2') throw unsupported(`imageView2 仅支持模式 2（收到 ${mode ?? '空'}）`);
  const params = pairs(rest, 'imageView2');
  const op: ImageViewOperation = { kind: 'imageView2' };
  for (const [name, value] of params) {
    if (name === 'w') op.width = integerIn(value, 'w', 1, MAX_OUTPUT_EDGE);
    else if (name === 'h') op.height = integerIn(value, 'h', 1, MAX_OUTPUT_EDGE);
    else if (name === 'q') op.quality = integerIn(value, 'q', 1, 100);
    else if (name === 'format') {
      const format = FORMAT_NAMES[value.toLowerCase()];
      if (!format) throw unsupported(`imageView2 不支持输出格式 ${value}`);
      op.format = format;
    } else throw unsupported(`imageView2 不支持参数 ${name}`);
  }
  if (op.width === undefined && op.height === undefined) throw unsupported('imageView2 需要 w 或 h');
  return op;
}

function parseVideoFrame(parts: string[]): VideoFrameOperation {
  const [format, ...rest] = parts;
  if (format !== 'jpg') throw unsupported(`vframe 仅支持 jpg（收到 ${format ?? '空'}）`);
  const params = pairs(rest, 'vframe');
  const offset = params.get('offset');
  for (const name of params.keys()) if (name !== 'offset') throw unsupported(`vframe 不支持参数 ${name}`);
  if (offset === undefined) throw unsupported('vframe 需要 offset');
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(offset) || Number(offset) > MAX_OFFSET_SECONDS) {
    throw unsupported(`offset 需要 0–${MAX_OFFSET_SECONDS} 之间的秒数`);
  }
  return { kind: 'vframe', offsetSeconds: Number(offset) };
}

/**
 * Reads the Qiniu-style processing instruction from the raw query string of a /files
 * URL (`imageView2/2/w/480`, `vframe/jpg/offset/0`). Parts with `=` (cache busters,
 * `attname=`) are ignored as Qiniu ignores them; no instruction means the original file.
 * Anything else is refused with FILE_OPERATION_UNSUPPORTED, never silently ignored, so a
 * typo shows up instead of serving a 20 MB original into a thumbnail.
 */
export function parseFileOperation(rawQuery: string): FileOperation | null {
  const instructions = rawQuery.split('&').filter((part) => part !== '' && !part.includes('='));
  if (instructions.length === 0) return null;
  if (instructions.length > 1) throw unsupported('一次只能使用一个处理指令');
  let instruction: string;
  try {
    instruction = decodeURIComponent(instructions[0]!);
  } catch {
    throw unsupported('处理指令编码错误');
  }
  const [name, ...parts] = instruction.replace(/\/+$/, '').split('/');
  if (name === 'imageView2') return parseImageView(parts);
  if (name === 'vframe') return parseVideoFrame(parts);
  throw unsupported(`未知指令 ${name}`);
}

/** A stable file name for the variant an operation produces (its parameters, in order). */
export function variantName(op: FileOperation, extension: string): string {
  if (op.kind === 'vframe') return `vframe-jpg-offset-${op.offsetSeconds}.jpg`;
  const parts = ['imageView2-2', `w${op.width ?? 0}`, `h${op.height ?? 0}`, `q${op.quality ?? 0}`];
  return `${parts.join('-')}.${extension}`;
}
