/// <reference path="../types/opentype.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import opentype, { type Font } from 'opentype.js';

/**
 * Noto Sans SC Bold, shipped in an npm package (OFL). Text that the server draws into a
 * picture (generated avatars, the AI artwork's caption, the AI生成 mark) is set from its
 * outlines as SVG paths, so it looks the same on every machine, with or without system
 * fonts: a bare server has no CJK font for sharp (librsvg) to find.
 */
const FONT_FILE = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
);
let font: Promise<Font> | null = null;

/**
 * The parsed font, loaded once per process. NOTE: parsing the 10 MB file takes about a
 * second of one core; every later call gets the same object.
 */
export function loadCjkFont(): Promise<Font> {
  font ??= readFile(FONT_FILE).then((data) =>
    opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
  );
  return font;
}

/**
 * `text` without the characters the font cannot draw (emoji, rare symbols), which opentype
 * would set as empty boxes; whitespace becomes a plain space.
 */
export function drawableText(face: Font, text: string): string {
  let kept = '';
  for (const ch of text) {
    if (/\s/u.test(ch)) kept += ' ';
    else if (face.charToGlyphIndex(ch) > 0) kept += ch;
  }
  return kept;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * `text` set at (x, baseline y) in `fontSize` px, as SVG path data with one decimal.
 * NOTE: written here rather than opentype's toPathData, whose default optimisation pass
 * (a JSON copy of every command) takes 5× as long on a line of CJK text.
 */
export function textPathData(face: Font, text: string, x: number, y: number, fontSize: number): string {
  let d = '';
  for (const c of face.getPath(text, x, y, fontSize).commands) {
    if (c.type === 'Z') d += 'Z';
    else if (c.type === 'Q') d += `Q${round1(c.x1)} ${round1(c.y1)} ${round1(c.x)} ${round1(c.y)}`;
    else if (c.type === 'C') {
      d += `C${round1(c.x1)} ${round1(c.y1)} ${round1(c.x2)} ${round1(c.y2)} ${round1(c.x)} ${round1(c.y)}`;
    } else d += `${c.type}${round1(c.x)} ${round1(c.y)}`;
  }
  return d;
}
