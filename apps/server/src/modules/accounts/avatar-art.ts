import sharp from 'sharp';
import { loadCjkFont } from '../../platform/cjk-font.ts';

/**
 * Generated avatars: the nickname's first character, white on a coloured gradient
 * square (the client crops it round). New users get one at sign-up; the demo seed
 * (scripts/seed) draws its community with the same art, so both look alike.
 */

/** Avatars are rendered at this size (px); the client shows them at 40–96 px. */
export const AVATAR_SIZE = 256;

/** Avatar backgrounds: saturated enough that a white character reads well on them. */
export const AVATAR_COLORS: readonly (readonly [string, string])[] = [
  ['#10b981', '#047857'],
  ['#3b82f6', '#1d4ed8'],
  ['#f97316', '#c2410c'],
  ['#ec4899', '#be185d'],
  ['#8b5cf6', '#6d28d9'],
  ['#14b8a6', '#0f766e'],
  ['#ef4444', '#b91c1c'],
  ['#64748b', '#334155'],
  ['#eab308', '#a16207'],
  ['#06b6d4', '#0e7490'],
];

/** JPEG settings fixed here so the same avatar gives the same bytes on every run. */
const JPEG = { quality: 82, progressive: true, chromaSubsampling: '4:2:0' } as const;

/**
 * 32-bit string hash (cyrb53's low half). The seed's random streams use it too
 * (scripts/seed/random.ts); changing it changes every seeded person and avatar colour.
 */
export function hash32(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** The avatar colour of a nickname: stable, so a person keeps their colour across seeds. */
export function avatarColorIndex(nickname: string): number {
  return hash32(nickname) % AVATAR_COLORS.length;
}

/** The character an avatar shows: the nickname's first letter-like character. */
export function avatarCharacter(nickname: string): string {
  const first = [...nickname].find((ch) => /[\p{L}\p{N}]/u.test(ch));
  return (first ?? '车').toUpperCase();
}

/** The character as SVG path data, centred in a `size` square; 车 when the font lacks it. */
async function glyphPathData(character: string, size: number): Promise<string> {
  const face = await loadCjkFont();
  const drawn = face.charToGlyphIndex(character) > 0 ? character : '车';
  const fontSize = Math.round(size * 0.48);
  const x = (size - face.getAdvanceWidth(drawn, fontSize)) / 2;
  // The baseline sits 0.35 em below the middle, as `dy="0.35em"` put it.
  return face.getPath(drawn, x, size / 2 + fontSize * 0.35, fontSize).toPathData(2);
}

/** The avatar as SVG: the glyph (path data from glyphPathData) white on a gradient square. */
export function avatarSvg(glyph: string, colors: readonly [string, string], size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>
<circle cx="${size * 0.85}" cy="${size * 0.15}" r="${size * 0.35}" fill="#fff" opacity="0.12"/>
<path d="${glyph}" fill="#fff"/>
</svg>`;
}

/**
 * An avatar image: `character` in white on colour set `colorIndex`. JPEG by default (the
 * seed's files); WebP for avatars stored for one account, like uploaded ones.
 */
export async function renderAvatar(
  character: string,
  colorIndex: number,
  size = AVATAR_SIZE,
  format: 'jpeg' | 'webp' = 'jpeg',
): Promise<Buffer> {
  const colors = AVATAR_COLORS[colorIndex % AVATAR_COLORS.length] as readonly [string, string];
  const image = sharp(Buffer.from(avatarSvg(await glyphPathData(character, size), colors, size)));
  return (format === 'webp' ? image.webp({ quality: JPEG.quality }) : image.jpeg(JPEG)).toBuffer();
}

/** The avatar a nickname gets when nobody chose one: its first character on its colour. */
export function renderNicknameAvatar(nickname: string, format: 'jpeg' | 'webp' = 'jpeg'): Promise<Buffer> {
  return renderAvatar(avatarCharacter(nickname), avatarColorIndex(nickname), AVATAR_SIZE, format);
}
