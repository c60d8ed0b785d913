import { randomInt } from 'node:crypto';

/**
 * The picture of a 3-digit challenge (SPEC.md §4): hand-drawn stroke digits, each
 * scaled, rotated and wobbled at random, under and over noise strokes of the same
 * weight and colours. Every shape is baked into plain path coordinates and the paths
 * are shuffled, so the SVG source names no digit, no rotation and no order.
 */

/** Stroke glyphs in a 10 × 16 box, one or more polylines per digit. */
const GLYPHS: Record<string, readonly (readonly (readonly [number, number])[])[]> = {
  '0': [
    [
      [5, 0],
      [9, 2],
      [10, 8],
      [9, 14],
      [5, 16],
      [1, 14],
      [0, 8],
      [1, 2],
      [5, 0],
    ],
  ],
  '1': [
    [
      [2, 3],
      [5, 0],
      [5, 16],
    ],
    [
      [2, 16],
      [8, 16],
    ],
  ],
  '2': [
    [
      [0, 3],
      [3, 0],
      [7, 0],
      [10, 3],
      [10, 6],
      [0, 16],
      [10, 16],
    ],
  ],
  '3': [
    [
      [0, 1],
      [8, 0],
      [10, 3],
      [9, 7],
      [4, 8],
    ],
    [
      [4, 8],
      [9, 9],
      [10, 13],
      [8, 16],
      [0, 15],
    ],
  ],
  '4': [
    [
      [7, 16],
      [7, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  '5': [
    [
      [10, 0],
      [1, 0],
      [0, 7],
      [6, 6],
      [10, 9],
      [10, 13],
      [6, 16],
      [0, 15],
    ],
  ],
  '6': [
    [
      [9, 1],
      [5, 0],
      [1, 3],
      [0, 9],
      [1, 14],
      [5, 16],
      [9, 14],
      [10, 11],
      [8, 8],
      [4, 8],
      [0, 10],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 16],
    ],
    [
      [3, 8],
      [9, 8],
    ],
  ],
  '8': [
    [
      [5, 8],
      [1, 6],
      [1, 2],
      [5, 0],
      [9, 2],
      [9, 6],
      [5, 8],
      [0, 11],
      [1, 15],
      [5, 16],
      [9, 15],
      [10, 11],
      [5, 8],
    ],
  ],
  '9': [
    [
      [10, 6],
      [6, 8],
      [2, 8],
      [0, 5],
      [1, 2],
      [5, 0],
      [9, 2],
      [10, 7],
      [9, 13],
      [5, 16],
      [1, 15],
    ],
  ],
};

const WIDTH = 132;
const HEIGHT = 48;
const INKS = ['#1f2937', '#065f46', '#1e3a8a', '#7c2d12', '#4c1d95', '#134e4a'] as const;

/** Uniform float in [min, max) from the crypto generator (no seed to guess). */
function between(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T;
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** One digit as path strings, placed with its centre at (cx, cy). */
function digitPaths(digit: string, cx: number, cy: number): string[] {
  const glyph = GLYPHS[digit];
  if (!glyph) throw new Error(`no glyph for ${digit}`);
  const scale = between(1.7, 2.1);
  const angle = (between(-22, 22) * Math.PI) / 180;
  const skew = between(-0.25, 0.25);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const ink = pick(INKS);
  const width = fmt(between(2.6, 3.6));
  return glyph.map((line) => {
    const points = line.map(([gx, gy]) => {
      // Centre the glyph, wobble each point, skew, scale, rotate, move into place.
      const x = (gx - 5 + between(-0.5, 0.5) + (gy - 8) * skew) * scale;
      const y = (gy - 8 + between(-0.5, 0.5)) * scale;
      return `${fmt(cx + x * cos - y * sin)} ${fmt(cy + x * sin + y * cos)}`;
    });
    return `<path d="M ${points.join(' L ')}" fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
}

function noiseStroke(): string {
  const y0 = between(4, HEIGHT - 4);
  const y1 = between(4, HEIGHT - 4);
  const d = `M ${fmt(between(-5, 20))} ${fmt(y0)} C ${fmt(between(20, 60))} ${fmt(between(0, HEIGHT))}, ${fmt(between(70, 110))} ${fmt(between(0, HEIGHT))}, ${fmt(between(112, WIDTH + 5))} ${fmt(y1)}`;
  return `<path d="${d}" fill="none" stroke="${pick(INKS)}" stroke-width="${fmt(between(1, 2.2))}" stroke-linecap="round" opacity="${fmt(between(0.35, 0.7))}"/>`;
}

function noiseDot(): string {
  return `<circle cx="${fmt(between(0, WIDTH))}" cy="${fmt(between(0, HEIGHT))}" r="${fmt(between(0.6, 1.8))}" fill="${pick(INKS)}" opacity="${fmt(between(0.3, 0.7))}"/>`;
}

/** The SVG of `digits` (3 of them), as a data: URL for an <img>. */
export function challengeImage(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('challengeImage: digits only');
  const slot = WIDTH / (digits.length + 1);
  const shapes: string[] = [];
  [...digits].forEach((digit, i) => {
    shapes.push(...digitPaths(digit, slot * (i + 1) + between(-5, 5), HEIGHT / 2 + between(-4, 4)));
  });
  for (let i = 0; i < 5; i++) shapes.push(noiseStroke());
  for (let i = 0; i < 40; i++) shapes.push(noiseDot());
  const hue = randomInt(360);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="6" fill="hsl(${hue} 60% 94%)"/>` +
    shuffle(shapes).join('') +
    '</svg>';
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
