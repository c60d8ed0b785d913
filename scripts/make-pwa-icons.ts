// Makes the app icons of the web manifest from the logo (apps/web/public/favicon.svg), once;
// the PNGs are committed. Run again after the logo changes: `npx tsx scripts/make-pwa-icons.ts`.
// - icon-192/512: the logo as it is (rounded square), purpose "any";
// - maskable-512: the logo's mark on a full-bleed square, inside the 80% safe zone;
// - apple-touch-icon (180): opaque, iOS rounds the corners itself;
// - badge-96: the white mark alone on transparency (Android's status-bar badge).
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const PUBLIC = path.join(import.meta.dirname, '..', 'apps', 'web', 'public');
const OUT = path.join(PUBLIC, 'icons');
const GREEN = '#16a34a';

const logo = await readFile(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const mark = /<path[^>]*\/>/.exec(logo)?.[0];
if (!mark) throw new Error('favicon.svg has no <path> mark');

/** A square SVG of `size`: a background (or none) and the 64-unit mark scaled by `scale`, centred. */
function square(background: string | null, markScale: number, rounded: boolean, markFill?: string): Buffer {
  const offset = (64 - 64 * markScale) / 2;
  const bg = background ? `<rect width="64" height="64" ${rounded ? 'rx="16"' : ''} fill="${background}"/>` : '';
  const path = markFill ? (mark as string).replace(/fill="[^"]*"/, `fill="${markFill}"`) : (mark as string);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${bg}<g transform="translate(${offset} ${offset}) scale(${markScale})">${path}</g></svg>`,
  );
}

async function write(name: string, svg: Buffer, size: number): Promise<void> {
  await sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, name));
  console.log(`wrote icons/${name}`);
}

await mkdir(OUT, { recursive: true });
await write('icon-192.png', Buffer.from(logo), 192);
await write('icon-512.png', Buffer.from(logo), 512);
await write('maskable-512.png', square(GREEN, 0.72, false), 512);
// At the site's root, where iOS looks for it without a <link> (one tag less on every page).
await write('../apple-touch-icon.png', square(GREEN, 0.85, false), 180);
await write('badge-96.png', square(null, 1.2, false, '#ffffff'), 96);
