// A page's icon, made safe to serve from this site (issue 20). The icon is chosen from the
// page's <link rel> icons (else /favicon.ico), fetched with the page's own guarded policy
// (an icon link to 127.0.0.1 is refused like a page), at most ICON_MAX_BYTES of an image
// type; its bytes must really be an image (magic bytes), and they are re-encoded: any
// raster or SVG becomes a PNG fitting 64×64 (an SVG is never served as SVG, so no script
// of another site ever runs here), an ICO is kept only when its header is sound. Any
// failure means no icon, never a failed page.

import sharp from 'sharp';
import { type FetchPolicy, safeGet } from '../../platform/safe-fetch/index.ts';
import { sniffRasterImage } from '../../platform/storage/image-input.ts';

/** An icon ready to store and serve. */
export type PageIcon = { bytes: Buffer; contentType: 'image/png' | 'image/x-icon'; ext: 'png' | 'ico' };

/** A `<link>` of the page whose rel names an icon. */
export type IconLink = { href: string; rel: string; type: string; sizes: string };

/** An icon file (or data: URI) larger than this is not taken. */
export const ICON_MAX_BYTES = 100 * 1024;
/** The icon's own deadline, after the page's. */
export const ICON_TIMEOUT_MS = 3000;
/** Stored icons fit this square. */
export const ICON_SIZE = 64;
/** Decoding stops for images declaring more pixels than this (decompression bombs). */
const ICON_MAX_INPUT_PIXELS = 2048 * 2048;

const ICON_RELS = new Set(['icon', 'apple-touch-icon', 'apple-touch-icon-precomposed']);

/** Whether a link's rel (`icon`, `shortcut icon`, `apple-touch-icon`, any case) names an icon. */
export function isIconRel(rel: string): boolean {
  return rel
    .toLowerCase()
    .split(/\s+/)
    .some((token) => ICON_RELS.has(token));
}

/** The largest side a `sizes` attribute names (`16x16 32x32` → 32), 0 when none or `any`. */
function largestSize(sizes: string): number {
  let largest = 0;
  for (const token of sizes.toLowerCase().split(/\s+/)) {
    const match = /^(\d+)x(\d+)$/.exec(token);
    if (match) largest = Math.max(largest, Number(match[1]), Number(match[2]));
  }
  return largest;
}

function isPngOrIco(link: IconLink): boolean {
  const type = link.type.toLowerCase();
  if (type === 'image/png' || type === 'image/x-icon' || type === 'image/vnd.microsoft.icon') return true;
  return /\.(png|ico)(?:$|[?#])/i.test(link.href);
}

/** The link to use: a PNG or ICO of 32–64 px by its `sizes` (the largest such), else the first. */
export function pickIconLink(links: readonly IconLink[]): IconLink | null {
  let best: IconLink | null = null;
  let bestSize = 0;
  for (const link of links) {
    const size = largestSize(link.sizes);
    if (size >= 32 && size <= 64 && size > bestSize && isPngOrIco(link)) {
      best = link;
      bestSize = size;
    }
  }
  return best ?? links[0] ?? null;
}

/**
 * The page's icon: its chosen icon link resolved against `baseUrl` (the page's <base href>
 * or final URL), or `/favicon.ico` of `pageUrl`'s origin when it names none; null when it
 * cannot be had safely.
 */
export async function fetchPageIcon(
  links: readonly IconLink[],
  baseUrl: string,
  pageUrl: string,
  policy: FetchPolicy,
): Promise<PageIcon | null> {
  const link = pickIconLink(links);
  let target: URL;
  try {
    target = link ? new URL(link.href.trim(), baseUrl) : new URL('/favicon.ico', pageUrl);
  } catch {
    return null;
  }
  let bytes: Buffer | null;
  if (target.protocol === 'data:') {
    bytes = decodeDataUri(target.href);
  } else {
    try {
      const answer = await safeGet(
        target.href,
        { ...policy, timeoutMs: Math.min(policy.timeoutMs, ICON_TIMEOUT_MS) },
        {
          maxBytes: ICON_MAX_BYTES,
          // Some servers send favicon.ico as octet-stream; the bytes are judged by their magic anyway.
          accept: (type) => type.startsWith('image/') || type === 'application/octet-stream',
          acceptHeader: 'image/png,image/x-icon,image/svg+xml,image/webp,image/*;q=0.8',
        },
      );
      bytes = answer.body;
    } catch {
      return null;
    }
  }
  return bytes ? await toSafeIcon(bytes) : null;
}

/** The bytes of a small `data:image/…` URI; null for any other type, a bad encoding or more than ICON_MAX_BYTES. */
export function decodeDataUri(uri: string): Buffer | null {
  if (uri.length > ICON_MAX_BYTES * 2) return null;
  const comma = uri.indexOf(',');
  if (comma < 0) return null;
  const header = uri.slice('data:'.length, comma).toLowerCase();
  const params = header.split(';').map((p) => p.trim());
  if (!params[0]?.startsWith('image/')) return null;
  const payload = uri.slice(comma + 1);
  let bytes: Buffer;
  try {
    bytes = params.includes('base64')
      ? Buffer.from(decodeURIComponent(payload).replace(/\s+/g, ''), 'base64')
      : Buffer.from(decodeURIComponent(payload), 'utf8');
  } catch {
    return null;
  }
  return bytes.length > 0 && bytes.length <= ICON_MAX_BYTES ? bytes : null;
}

type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico' | 'svg';

/** What the bytes really are, by their magic numbers (SVG: markup whose first element is <svg>); null for anything else. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  const raster = sniffRasterImage(bytes);
  if (raster !== null) return raster;
  if (bytes.length >= 6 && bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 && bytes.readUInt16LE(4) > 0) {
    return 'ico';
  }
  return isSvgText(bytes.subarray(0, 4096).toString('utf8')) ? 'svg' : null;
}

/** Markup whose first element is <svg>, after the prolog an SVG file may open with (XML declaration, comments, doctype). */
function isSvgText(text: string): boolean {
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  if (rest.startsWith('<?xml')) {
    const end = rest.indexOf('?>');
    if (end < 0) return false;
    rest = rest.slice(end + 2).trimStart();
  }
  for (let skipped = 0; skipped < 16; skipped += 1) {
    const end = rest.startsWith('<!--')
      ? rest.indexOf('-->', 4) + 3
      : /^<!doctype\s/i.test(rest)
        ? rest.indexOf('>') + 1
        : 0;
    if (end <= 0) break;
    rest = rest.slice(end).trimStart();
  }
  return /^<svg[\s>]/i.test(rest);
}

/** An ICO directory entry whose data lies inside the file. */
type IcoEntry = { width: number; height: number; offset: number; size: number };

/** The entries of a sound ICO file; null when its header or any entry points outside it. */
export function readIcoEntries(bytes: Buffer): IcoEntry[] | null {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return null;
  const count = bytes.readUInt16LE(4);
  const directoryEnd = 6 + count * 16;
  if (count === 0 || count > 64 || bytes.length < directoryEnd) return null;
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = 6 + i * 16;
    const planes = bytes.readUInt16LE(at + 4);
    const size = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (bytes[at + 3] !== 0 || planes > 1 || size < 40 || offset < directoryEnd || offset + size > bytes.length) {
      return null;
    }
    // Each image is a PNG or a bitmap starting with its 40-byte BITMAPINFOHEADER.
    const isPng = sniffRasterImage(bytes.subarray(offset, offset + 8)) === 'png';
    if (!isPng && bytes.readUInt32LE(offset) !== 40) return null;
    entries.push({ width: bytes[at] || 256, height: bytes[at + 1] || 256, offset, size });
  }
  return entries;
}

/** The ICO again from its directory and images only: whatever else the file carried is dropped. */
function rebuildIco(bytes: Buffer, entries: readonly IcoEntry[]): Buffer {
  const parts: Buffer[] = [];
  const directory = Buffer.alloc(6 + entries.length * 16);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(entries.length, 4);
  let offset = directory.length;
  entries.forEach((entry, i) => {
    bytes.copy(directory, 6 + i * 16, 6 + i * 16, 6 + i * 16 + 8);
    directory.writeUInt32LE(entry.size, 6 + i * 16 + 8);
    directory.writeUInt32LE(offset, 6 + i * 16 + 12);
    parts.push(bytes.subarray(entry.offset, entry.offset + entry.size));
    offset += entry.size;
  });
  return Buffer.concat([directory, ...parts]);
}

/**
 * An SVG that pulls in anything from outside itself (a file, a URL, a stylesheet) or
 * declares entities (XML bombs) is not rendered.
 */
function isSelfContainedSvg(text: string): boolean {
  if (/<!entity/i.test(text) || /@import/i.test(text)) return false;
  if (/\bhref\s*=\s*(?!["']?\s*#)["']?\s*[^\s"'>]/i.test(text)) return false;
  return !/url\(\s*(?!["']?\s*#)/i.test(text);
}

async function toPng(bytes: Buffer, enlarge: boolean): Promise<PageIcon> {
  const png = await sharp(bytes, { limitInputPixels: ICON_MAX_INPUT_PIXELS, failOn: 'error' })
    .resize(ICON_SIZE, ICON_SIZE, { fit: 'inside', withoutEnlargement: !enlarge })
    .png()
    .toBuffer();
  return { bytes: png, contentType: 'image/png', ext: 'png' };
}

/**
 * The bytes turned into an icon safe to serve: raster images and SVG → a PNG fitting
 * 64×64; ICO → its largest embedded PNG as such a PNG, else the ICO itself when its
 * header is sound. Null when the bytes are not an image or do not decode.
 */
export async function toSafeIcon(bytes: Buffer): Promise<PageIcon | null> {
  try {
    switch (sniffImage(bytes)) {
      case 'png':
      case 'jpeg':
      case 'gif':
      case 'webp':
        return await toPng(bytes, false);
      case 'svg':
        return isSelfContainedSvg(bytes.toString('utf8')) ? await toPng(bytes, true) : null;
      case 'ico': {
        const entries = readIcoEntries(bytes);
        if (!entries) return null;
        const pngs = entries.filter((e) => sniffRasterImage(bytes.subarray(e.offset, e.offset + 8)) === 'png');
        const largest = pngs.sort((a, b) => b.width * b.height - a.width * a.height)[0];
        if (largest) return await toPng(bytes.subarray(largest.offset, largest.offset + largest.size), false);
        return { bytes: rebuildIco(bytes, entries), contentType: 'image/x-icon', ext: 'ico' };
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}
