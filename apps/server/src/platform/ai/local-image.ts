import type { AiProviderInfo, AiStyle } from '@evcircle/contract';
import sharp from 'sharp';
import { drawableText, loadCjkFont, textPathData } from '../cjk-font.ts';
import type { GeneratedImage, ImageProvider } from './types.ts';

/**
 * The picture generator that needs no AI service: generated artwork rendered from the prompt,
 * not a model's picture, and labelled as such (LOCAL_GENERATOR_INFO). The prompt's words choose
 * the scene (夜 night sky, 海 sea, 雪 snow, 日落 sunset, 森林 forest, 城市 skyline, 车 an electric
 * car …), a hash of the prompt and the seed chooses the composition and nudges the palette, the
 * style preset chooses the treatment (flat outlines for anime, a pencil pass for sketch, washes
 * for watercolor, brush strokes for oil, neon for cyberpunk), and the prompt itself is set in
 * the picture as its caption. Everything is drawn as SVG and rendered by sharp (librsvg); the
 * caption's CJK text is drawn as font outlines (platform/cjk-font.ts).
 */

/** What the providers made on this server report about themselves. */
export const LOCAL_GENERATOR_INFO: AiProviderInfo = Object.freeze({
  configured: true,
  local: true,
  name: '本地生成器',
});

/** Picture sizes the renderer accepts (px per side). */
const MIN_SIDE = 64;
const MAX_SIDE = 4096;
const MAX_COUNT = 4;

// ── Seeded randomness ──

/** FNV-1a over the UTF-16 units: turns the prompt, style, seed and index into one 32-bit seed. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Rng = {
  next(): number;
  float(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: small and fast, plenty for placing shapes. */
function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    float: (min, max) => min + next() * (max - min),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

// ── Colour ──

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function rgbToHsl([r, g, b]: Rgb): Rgb {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function hslToRgb([h, s, l]: Rgb): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] =
    hp < 1 ? [c, x, 0] : hp < 2 ? [x, c, 0] : hp < 3 ? [0, c, x] : hp < 4 ? [0, x, c] : hp < 5 ? [x, 0, c] : [c, 0, x];
  const m = l - c / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

/** Turns the hue by `hue` degrees and scales saturation and lightness. */
function adjust(hex: string, hue: number, saturation = 1, lightness = 1): string {
  const [h, s, l] = rgbToHsl(parseHex(hex));
  return toHex(hslToRgb([h + hue, Math.min(1, s * saturation), Math.min(1, l * lightness)]));
}

// ── Reading the prompt ──

type Treatment = Exclude<AiStyle, 'auto'>;
type TimeOfDay = 'day' | 'dawn' | 'sunset' | 'night';

type Scene = {
  time: TimeOfDay;
  sea: boolean;
  snow: boolean;
  forest: boolean;
  city: boolean;
  desert: boolean;
  mountain: boolean;
  car: boolean;
  road: boolean;
  rain: boolean;
  /** The car's paint when the prompt names it (一辆红色电动车, a white car); null lets the seed choose. */
  carColor: string | null;
  treatment: Treatment;
};

/** Latin keywords match whole words ("ev" is not in "every"); Chinese ones anywhere. */
function mentions(text: string, words: readonly string[]): boolean {
  return words.some((word) =>
    /^[a-z ]+$/.test(word) ? new RegExp(`\\b${word}s?\\b`).test(text) : text.includes(word),
  );
}

const WORDS = {
  night: ['夜', '晚上', '星空', '星星', '月亮', '月光', '午夜', 'night', 'midnight', 'moon', 'star', 'starry'],
  sunset: ['日落', '夕阳', '黄昏', '晚霞', '落日', '傍晚', 'sunset', 'dusk', 'golden hour'],
  dawn: ['日出', '清晨', '黎明', '朝霞', '早晨', 'sunrise', 'dawn', 'morning'],
  sea: ['海', '洋', '沙滩', '湖', '江', '河', '水面', 'sea', 'ocean', 'beach', 'lake', 'river', 'coast'],
  snow: ['雪', '冰', '冬', 'snow', 'winter', 'ice', 'frozen'],
  forest: ['森林', '树', '林', '绿', '竹', '草原', 'forest', 'tree', 'wood', 'jungle', 'green'],
  city: [
    '城市',
    '都市',
    '街',
    '楼',
    '市区',
    '霓虹',
    '上海',
    '北京',
    '深圳',
    'city',
    'street',
    'urban',
    'skyline',
    'downtown',
  ],
  desert: ['沙漠', '戈壁', 'desert', 'dune'],
  mountain: ['山', '峰', 'mountain', 'peak', 'alps'],
  car: ['车', '电动', '新能源', '驾', 'suv', 'car', 'vehicle', 'ev', 'tesla', 'drive', 'driving'],
  road: ['路', '公路', '高速', 'road', 'highway'],
  rain: ['雨', 'rain', 'storm', 'rainy'],
} as const;

/** Words that contain a scene word without meaning it (上海 is a city, not the sea). */
const FALSE_FRIENDS = ['上海', '海拔', '海报', '冰箱', '冰淇淋', '山寨'];

const CAR_PAINTS: Record<string, string> = {
  红: '#d3213f',
  蓝: '#2563eb',
  白: '#f4f6f8',
  黑: '#15181e',
  银: '#a3aab5',
  灰: '#7c8fa6',
  绿: '#10b981',
  黄: '#f2c316',
  橙: '#f97316',
  紫: '#7c3aed',
  粉: '#ec4899',
  red: '#d3213f',
  blue: '#2563eb',
  white: '#f4f6f8',
  black: '#15181e',
  silver: '#a3aab5',
  grey: '#7c8fa6',
  gray: '#7c8fa6',
  green: '#10b981',
  yellow: '#f2c316',
  orange: '#f97316',
  purple: '#7c3aed',
  pink: '#ec4899',
};
/** A colour word right before the car: 红色电动车, 白色的新能源汽车, 绿色SUV, a red electric car. */
const CAR_COLOR_PATTERNS = [
  /([红蓝白黑银灰绿黄橙紫粉])色?的?(?:电动|新能源|智能|小|跑|汽|轿|越野|家用)*(?:车|suv)/,
  /\b(red|blue|white|black|silver|grey|gray|green|yellow|orange|purple|pink) (?:electric |sports |family )?(?:car|ev|suv|vehicle|sedan)\b/,
];

function readCarColor(text: string): string | null {
  for (const pattern of CAR_COLOR_PATTERNS) {
    const word = pattern.exec(text)?.[1];
    if (word) return CAR_PAINTS[word] ?? null;
  }
  return null;
}

/** The treatment 智能 (auto) picks: the one the prompt names, else a photograph. */
const STYLE_WORDS: readonly (readonly [Treatment, readonly string[]])[] = [
  ['cyberpunk', ['赛博', '霓虹', '未来', 'cyberpunk', 'neon', 'synthwave']],
  ['watercolor', ['水彩', 'watercolor', 'watercolour']],
  ['anime', ['动漫', '二次元', '卡通', '漫画', 'anime', 'manga', 'cartoon']],
  ['sketch', ['素描', '铅笔', '线稿', '手绘', 'sketch', 'pencil', 'drawing']],
  ['oil', ['油画', 'oil painting', 'oil']],
];

function readScene(prompt: string, style: AiStyle): Scene {
  const text = prompt.toLowerCase();
  const plain = FALSE_FRIENDS.reduce((rest, word) => rest.replaceAll(word, ' '), text);
  const treatment = style === 'auto' ? (STYLE_WORDS.find(([, words]) => mentions(text, words))?.[0] ?? 'photo') : style;
  const time: TimeOfDay = mentions(plain, WORDS.sunset)
    ? 'sunset'
    : mentions(plain, WORDS.dawn)
      ? 'dawn'
      : mentions(plain, WORDS.night) || treatment === 'cyberpunk'
        ? 'night'
        : 'day';
  return {
    time,
    sea: mentions(plain, WORDS.sea),
    snow: mentions(plain, WORDS.snow),
    forest: mentions(plain, WORDS.forest),
    city: mentions(text, WORDS.city) || treatment === 'cyberpunk',
    desert: mentions(plain, WORDS.desert),
    mountain: mentions(plain, WORDS.mountain),
    car: mentions(plain, WORDS.car),
    road: mentions(plain, WORDS.road),
    rain: mentions(plain, WORDS.rain),
    carColor: readCarColor(text),
    treatment,
  };
}

// ── Palettes ──

const SKY: Record<TimeOfDay, readonly string[]> = {
  day: ['#2c6bd6', '#64a2ea', '#cde5fb'],
  dawn: ['#4f6fbf', '#e9a0a6', '#fde3a7'],
  sunset: ['#2b1b4f', '#b9416a', '#f39a4a', '#fcd787'],
  night: ['#020512', '#0a1739', '#1b2f6a'],
};
const CYBER_SKY = ['#07021a', '#260845', '#6a1b6e', '#ff3d8b'];
const LIGHT: Record<TimeOfDay, string> = { day: '#fff6c8', dawn: '#fff0c4', sunset: '#ffe0a0', night: '#f3f0e4' };
/** What the time of day does to the land's colours: mixed in at this strength. */
const TINT: Record<TimeOfDay, readonly [string, number]> = {
  day: ['#ffffff', 0],
  dawn: ['#f4b6a0', 0.15],
  sunset: ['#5b2333', 0.3],
  night: ['#050a1f', 0.62],
};
const CAR_COLORS = ['#f4f6f8', '#d3213f', '#2563eb', '#a3aab5', '#15181e', '#10b981', '#f2a516', '#7c8fa6'];

/** Lines are outlined in anime and sketch; the other treatments paint without outlines. */
const OUTLINED: ReadonlySet<Treatment> = new Set(['anime', 'sketch']);

// ── Drawing ──

/** Number for SVG text: one decimal is plenty at these sizes. */
const n = (value: number) => (Math.round(value * 10) / 10).toString();

type Canvas = {
  width: number;
  height: number;
  /** The shorter side: sizes of things scale with it. */
  unit: number;
  horizon: number;
  rng: Rng;
  scene: Scene;
  defs: string[];
  parts: string[];
  /** The colour a fill gets after the treatment and the picture's hue shift. */
  paint(hex: string): string;
  /** Outline attributes for the outlined treatments ('' otherwise), `scale` for drawings in scaled groups. */
  outline(scale?: number): string;
  skyStops: readonly string[];
};

function linearGradient(canvas: Canvas, id: string, stops: readonly string[], vertical = true): string {
  const offsets = stops.map(
    (color, i) => `<stop offset="${n(i / Math.max(1, stops.length - 1))}" stop-color="${canvas.paint(color)}"/>`,
  );
  canvas.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${offsets.join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}

function drawSky(canvas: Canvas): void {
  const { width, horizon, parts } = canvas;
  parts.push(
    `<rect width="${width}" height="${n(horizon + 2)}" fill="${linearGradient(canvas, 'sky', canvas.skyStops)}"/>`,
  );
}

function drawStars(canvas: Canvas): void {
  const { width, horizon, unit, rng, parts } = canvas;
  const count = Math.min(260, Math.round((width * horizon) / 5000));
  const stars: string[] = [];
  for (let i = 0; i < count; i++) {
    stars.push(
      `<circle cx="${n(rng.float(0, width))}" cy="${n(rng.float(0, horizon * 0.92))}" r="${n((unit / 1024) * rng.float(0.6, 2))}" fill-opacity="${n(rng.float(0.35, 1))}"/>`,
    );
  }
  parts.push(`<g fill="#fffbe8">${stars.join('')}</g>`);
}

/** The sun or the moon, with a glow; the striped synthwave sun for cyberpunk. */
function drawLight(canvas: Canvas): { x: number; y: number; r: number } {
  const { width, height, horizon, unit, rng, scene, parts, defs } = canvas;
  const x = width * rng.float(0.2, 0.8);
  if (scene.treatment === 'cyberpunk') {
    const r = unit * rng.float(0.16, 0.22);
    const y = horizon - r * 0.45;
    const stripes: string[] = [];
    for (let k = 0; k < 7; k++) {
      const top = y + r * (0.05 + k * 0.14);
      stripes.push(`<rect x="${n(x - r)}" y="${n(top)}" width="${n(2 * r)}" height="${n(r * (0.02 + k * 0.014))}"/>`);
    }
    defs.push(
      `<mask id="sunStripes"><rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${stripes.join('')}</g></mask>`,
    );
    const fill = linearGradient(canvas, 'sunFill', ['#ffd319', '#ff8b3d', '#ff2975']);
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 1.5)}" fill="#ff2975" fill-opacity="0.18"/>`,
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}" mask="url(#sunStripes)"/>`,
    );
    return { x, y, r };
  }
  const r = unit * (scene.time === 'sunset' ? 0.085 : scene.time === 'night' ? 0.05 : 0.065);
  const y =
    scene.time === 'sunset' || scene.time === 'dawn'
      ? horizon - unit * rng.float(0.03, 0.14)
      : height * rng.float(0.1, 0.26);
  const color = canvas.paint(LIGHT[scene.time]);
  defs.push(
    `<radialGradient id="glow"><stop offset="0" stop-color="${color}" stop-opacity="${scene.time === 'night' ? 0.35 : 0.75}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
  parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * (scene.time === 'night' ? 3 : 4.5))}" fill="url(#glow)"/>`);
  // In the rain only the glow shows through the clouds.
  if (scene.rain) return { x, y, r };
  parts.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"${canvas.outline()}/>`);
  if (scene.time === 'night') {
    // A few darker seas on the moon.
    for (let k = 0; k < 4; k++) {
      parts.push(
        `<circle cx="${n(x + r * rng.float(-0.5, 0.5))}" cy="${n(y + r * rng.float(-0.5, 0.5))}" r="${n(r * rng.float(0.12, 0.28))}" fill="#9aa0b4" fill-opacity="0.25"/>`,
      );
    }
  }
  return { x, y, r };
}

/** A cloud as a few overlapping ellipses; outlined treatments draw every outline first, so only the silhouette's shows. */
function drawClouds(canvas: Canvas): void {
  const { width, horizon, unit, rng, scene, parts } = canvas;
  const count = scene.rain ? 7 : rng.int(2, 4);
  const base = scene.rain
    ? '#8b93a3'
    : scene.time === 'sunset'
      ? '#ffd3c4'
      : scene.time === 'dawn'
        ? '#fff1ea'
        : '#ffffff';
  const fill = canvas.paint(base);
  for (let c = 0; c < count; c++) {
    const cx = rng.float(-0.05, 1.05) * width;
    const cy = rng.float(0.08, 0.55) * horizon;
    const size = unit * rng.float(0.07, 0.14) * (scene.rain ? 1.6 : 1);
    const blobs: string[] = [];
    for (let k = 0; k < 5; k++) {
      const dx = (k - 2) * size * 0.55 + rng.float(-0.15, 0.15) * size;
      const rx = size * rng.float(0.5, 0.8);
      const ry = size * rng.float(0.35, 0.6) * (k === 2 ? 1.4 : 1);
      blobs.push(
        `<ellipse cx="${n(cx + dx)}" cy="${n(cy - (k === 2 ? size * 0.2 : 0))}" rx="${n(rx)}" ry="${n(ry)}"/>`,
      );
    }
    const outline = canvas.outline();
    if (outline) parts.push(`<g fill="${fill}"${outline}>${blobs.join('')}</g>`);
    parts.push(
      `<g fill="${fill}" fill-opacity="${scene.treatment === 'watercolor' ? 0.7 : 0.92}">${blobs.join('')}</g>`,
    );
  }
}

/** Land colour after the time of day's tint. */
function land(canvas: Canvas, hex: string): string {
  const [tint, strength] = TINT[canvas.scene.time];
  const tinted = mix(hex, tint, strength);
  return canvas.scene.treatment === 'cyberpunk' ? mix(tinted, '#1a0633', 0.55) : tinted;
}

/** A ridge of peaks from one side to the other, its base at the horizon. */
function ridgePath(canvas: Canvas, top: number, peaks: number): { d: string; highest: number } {
  const { width, horizon, rng } = canvas;
  const points: string[] = [`M0 ${n(horizon + 2)}`];
  let highest = horizon;
  const step = width / peaks;
  for (let k = 0; k <= peaks; k++) {
    const peakY = horizon - (horizon - top) * rng.float(0.45, 1);
    const valleyY = horizon - (horizon - top) * rng.float(0.1, 0.4);
    highest = Math.min(highest, peakY);
    points.push(
      `L${n(k * step - step * 0.5)} ${n(valleyY)}`,
      `L${n(k * step + rng.float(-0.2, 0.2) * step)} ${n(peakY)}`,
    );
  }
  points.push(`L${width} ${n(horizon + 2)}Z`);
  return { d: points.join(''), highest };
}

function drawMountains(canvas: Canvas): void {
  const { width, horizon, unit, rng, scene, parts, defs } = canvas;
  const snowy = scene.snow || (scene.mountain && rng.chance(0.6));
  const layers = [
    { top: horizon - unit * rng.float(0.3, 0.42), peaks: rng.int(3, 5), color: '#8796b8' },
    { top: horizon - unit * rng.float(0.16, 0.26), peaks: rng.int(4, 7), color: '#566889' },
  ];
  layers.forEach((layer, i) => {
    const { d, highest } = ridgePath(canvas, layer.top, layer.peaks);
    const color = canvas.paint(land(canvas, layer.color));
    parts.push(`<path d="${d}" fill="${color}"${canvas.outline()}/>`);
    if (snowy) {
      // The ridge again in white, clipped to the band just below the highest peaks.
      const line = highest + (horizon - highest) * 0.32;
      defs.push(`<clipPath id="cap${i}"><rect width="${width}" height="${n(line)}"/></clipPath>`);
      parts.push(`<path d="${d}" fill="${canvas.paint(land(canvas, '#f4f7fb'))}" clip-path="url(#cap${i})"/>`);
    }
    if (scene.treatment === 'cyberpunk') {
      parts.push(
        `<path d="${d}" fill="none" stroke="#ff2a6d" stroke-width="${n(unit * 0.003)}" stroke-opacity="0.8"/>`,
      );
    }
  });
}

function drawHills(canvas: Canvas, colors: readonly string[]): void {
  const { width, horizon, unit, rng, parts } = canvas;
  colors.forEach((color, i) => {
    const lift = unit * (0.1 - i * 0.04) * rng.float(0.7, 1.3);
    const y0 = horizon - lift * rng.float(0.2, 0.8);
    const y1 = horizon - lift * rng.float(0.6, 1.2);
    const y2 = horizon - lift * rng.float(0.1, 0.7);
    const d = `M0 ${n(y0)}C${n(width * 0.25)} ${n(y1 - lift)} ${n(width * 0.45)} ${n(y1)} ${n(width * 0.6)} ${n(y1 + lift * 0.3)}S${n(width * 0.9)} ${n(y2 - lift * 0.8)} ${width} ${n(y2)}L${width} ${n(horizon + 2)}L0 ${n(horizon + 2)}Z`;
    parts.push(`<path d="${d}" fill="${canvas.paint(land(canvas, color))}"${canvas.outline()}/>`);
  });
}

function drawDunes(canvas: Canvas): void {
  drawHills(canvas, ['#e9b779', '#d8975a']);
}

/** A skyline on the horizon: two rows of towers, lit windows at night. */
function drawCity(canvas: Canvas): void {
  const { width, horizon, unit, rng, scene, parts } = canvas;
  const night = scene.time === 'night';
  const cyber = scene.treatment === 'cyberpunk';
  const rows = [
    { color: night ? '#162040' : '#9aa8c2', tall: 0.55, windows: false },
    { color: night ? '#0c1226' : '#56647f', tall: 0.38, windows: true },
  ];
  const lit = cyber ? ['#ff2a6d', '#05d9e8', '#f9f871', '#d1f7ff'] : ['#ffd98a', '#fff1c1', '#ffc46b'];
  for (const row of rows) {
    const fill = canvas.paint(cyber ? mix(row.color, '#1b0633', 0.6) : land(canvas, row.color));
    const towers: string[] = [];
    const windows: string[] = [];
    let x = -rng.float(0, unit * 0.05);
    while (x < width) {
      const w = unit * rng.float(0.05, 0.11);
      const h = horizon * rng.float(0.12, row.tall);
      const top = horizon - h;
      towers.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(w + 1)}" height="${n(h + 2)}"/>`);
      if (rng.chance(0.25)) {
        towers.push(
          `<rect x="${n(x + w * 0.45)}" y="${n(top - h * 0.12)}" width="${n(w * 0.1)}" height="${n(h * 0.12)}"/>`,
        );
      }
      if (row.windows) {
        const cw = unit * 0.011;
        const ch = unit * 0.014;
        const cols = Math.max(1, Math.floor((w - cw) / (cw * 2)));
        const rowsCount = Math.floor((h - ch * 2) / (ch * 1.9));
        for (let r = 0; r < rowsCount; r++) {
          for (let c = 0; c < cols; c++) {
            const on = night ? rng.chance(cyber ? 0.55 : 0.4) : rng.chance(0.5);
            if (!on) continue;
            const color = night ? rng.pick(lit) : '#cfe0f2';
            windows.push(
              `<rect x="${n(x + cw + c * cw * 2)}" y="${n(top + ch * 1.2 + r * ch * 1.9)}" width="${n(cw)}" height="${n(ch)}" fill="${canvas.paint(color)}" fill-opacity="${night ? 0.95 : 0.45}"/>`,
            );
          }
        }
        if (cyber && rng.chance(0.35)) {
          towers.push(
            `<rect x="${n(x)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" fill="none" stroke="${rng.pick(['#05d9e8', '#ff2a6d'])}" stroke-width="${n(unit * 0.003)}"/>`,
          );
        }
      }
      x += w * rng.float(0.95, 1.3);
    }
    parts.push(`<g fill="${fill}"${canvas.outline()}>${towers.join('')}</g>`, windows.join(''));
  }
}

function groundColors(canvas: Canvas): readonly string[] {
  const { scene } = canvas;
  if (scene.treatment === 'cyberpunk') return ['#1b0633', '#0b0217'];
  if (scene.snow) return ['#eef4fb', '#c3d3e6'];
  if (scene.desert) return ['#eec07f', '#c98a4b'];
  if (scene.forest) return ['#3f8f55', '#1d5a34'];
  if (scene.city) return ['#7d8593', '#3d4350'];
  return ['#7cc46e', '#3a8f4a'];
}

function drawGround(canvas: Canvas): void {
  const { width, height, horizon, parts } = canvas;
  const stops = groundColors(canvas).map((color) => land(canvas, color));
  parts.push(
    `<rect y="${n(horizon)}" width="${width}" height="${n(height - horizon)}" fill="${linearGradient(canvas, 'ground', stops)}"/>`,
  );
}

/** Water from the horizon down to `bottom`, with the light's reflection and a few wave lines. */
function drawSea(canvas: Canvas, bottom: number, light: { x: number; r: number }): void {
  const { width, horizon, unit, rng, scene, parts } = canvas;
  const base = scene.treatment === 'cyberpunk' ? ['#3a0d5c', '#12031f'] : ['#3c9ad8', '#0b4f8a'];
  const stops = base.map((color) => land(canvas, color));
  parts.push(
    `<rect y="${n(horizon)}" width="${width}" height="${n(bottom - horizon)}" fill="${linearGradient(canvas, 'sea', stops)}"${canvas.outline()}/>`,
  );
  const glint = canvas.paint(scene.treatment === 'cyberpunk' ? '#ff7ab8' : LIGHT[scene.time]);
  const lines: string[] = [];
  const depth = bottom - horizon;
  for (let k = 0; k < 26; k++) {
    const t = (k + rng.next()) / 26;
    const y = horizon + depth * t * t;
    const half = light.r * (0.6 + t * 2.5) * rng.float(0.5, 1.2);
    lines.push(
      `<rect x="${n(light.x - half)}" y="${n(y)}" width="${n(half * 2)}" height="${n(Math.max(1, unit * 0.004 * (0.5 + t)))}" fill-opacity="${n(0.75 - t * 0.45)}"/>`,
    );
  }
  parts.push(`<g fill="${glint}">${lines.join('')}</g>`);
  const waves: string[] = [];
  for (let k = 0; k < 40; k++) {
    const t = rng.next();
    const y = horizon + depth * t * t;
    const x = rng.float(0, width);
    const w = unit * (0.02 + t * 0.08);
    waves.push(`<path d="M${n(x)} ${n(y)}q${n(w / 2)} ${n(-w * 0.15)} ${n(w)} 0"/>`);
  }
  parts.push(
    `<g fill="none" stroke="#ffffff" stroke-width="${n(unit * 0.002)}" stroke-opacity="0.35" stroke-linecap="round">${waves.join('')}</g>`,
  );
}

/** Pines scattered over the land, drawn from the back to the front. */
function drawTrees(canvas: Canvas, count: number, bottom: number): void {
  const { width, horizon, unit, rng, scene, parts } = canvas;
  const trees: { x: number; y: number; h: number }[] = [];
  for (let k = 0; k < count; k++) {
    const t = rng.next() ** 1.6;
    trees.push({ x: rng.float(-0.02, 1.02) * width, y: horizon + (bottom - horizon) * t, h: unit * (0.06 + t * 0.16) });
  }
  trees.sort((a, b) => a.y - b.y);
  const dark = canvas.paint(land(canvas, scene.treatment === 'cyberpunk' ? '#0d2b2a' : '#1f5a35'));
  const light = canvas.paint(land(canvas, '#2f7a45'));
  const snow = canvas.paint(land(canvas, '#f4f8fc'));
  const outline = canvas.outline();
  for (const { x, y, h } of trees) {
    const w = h * 0.42;
    const tiers = [0, 1, 2].map((i) => {
      const top = y - h + i * h * 0.22;
      const base = y - h * 0.12 - (2 - i) * h * 0.16;
      const half = w * (0.55 + i * 0.22);
      return `M${n(x)} ${n(top)}L${n(x + half)} ${n(base)}L${n(x - half)} ${n(base)}Z`;
    });
    parts.push(
      `<rect x="${n(x - w * 0.07)}" y="${n(y - h * 0.14)}" width="${n(w * 0.14)}" height="${n(h * 0.14)}" fill="#4a3222"/>`,
    );
    parts.push(`<path d="${tiers.join('')}" fill="${rng.chance(0.5) ? dark : light}"${outline}/>`);
    if (scene.snow) {
      parts.push(
        `<path d="M${n(x)} ${n(y - h)}L${n(x + w * 0.2)} ${n(y - h * 0.8)}L${n(x - w * 0.2)} ${n(y - h * 0.8)}Z" fill="${snow}"/>`,
      );
    }
  }
}

/** A road running into the distance, toward a point on the horizon. */
function drawPerspectiveRoad(canvas: Canvas): void {
  const { width, height, horizon, unit, rng, scene, parts } = canvas;
  const vx = width * rng.float(0.4, 0.6);
  const half = width * 0.42;
  const asphalt = canvas.paint(land(canvas, scene.treatment === 'cyberpunk' ? '#1a1030' : '#4a4f5a'));
  parts.push(
    `<path d="M${n(vx - unit * 0.006)} ${n(horizon)}L${n(vx + unit * 0.006)} ${n(horizon)}L${n(width / 2 + half)} ${height}L${n(width / 2 - half)} ${height}Z" fill="${asphalt}"${canvas.outline()}/>`,
  );
  const at = (t: number) => ({ x: vx + (width / 2 - vx) * t, y: horizon + (height - horizon) * t });
  const dashes: string[] = [];
  for (let k = 1; k < 14; k++) {
    const a = at((k / 14) ** 2);
    const b = at(((k + 0.5) / 14) ** 2);
    dashes.push(
      `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" stroke-width="${n(unit * 0.014 * (k / 14) ** 2 + 1)}"/>`,
    );
  }
  parts.push(
    `<g stroke="${scene.treatment === 'cyberpunk' ? '#05d9e8' : '#f5f1dc'}" stroke-opacity="0.9">${dashes.join('')}</g>`,
  );
}

/** A road across the picture, seen from the side, for the car to drive on. */
function drawSideRoad(canvas: Canvas, top: number, depth: number): void {
  const { width, unit, scene, parts } = canvas;
  const asphalt = canvas.paint(land(canvas, scene.treatment === 'cyberpunk' ? '#1a1030' : '#4a4f5a'));
  parts.push(`<rect y="${n(top)}" width="${width}" height="${n(depth)}" fill="${asphalt}"${canvas.outline()}/>`);
  parts.push(
    `<rect y="${n(top)}" width="${width}" height="${n(unit * 0.006)}" fill="${canvas.paint(land(canvas, '#c9ccd3'))}"/>`,
  );
  const dash = unit * 0.05;
  const marks: string[] = [];
  for (let x = -dash * 0.5; x < width; x += dash * 2) {
    marks.push(`<rect x="${n(x)}" y="${n(top + depth * 0.5)}" width="${n(dash)}" height="${n(unit * 0.006)}"/>`);
  }
  parts.push(`<g fill="${scene.treatment === 'cyberpunk' ? '#05d9e8' : '#f5f1dc'}">${marks.join('')}</g>`);
}

/**
 * A side view of an electric saloon: smooth body, glass canopy, light bars front and
 * back, aero wheels, a green bolt on the wing (China's new-energy colour). Drawn in a
 * unit box (length 1, wheels touching y = 0.3) and placed with a transform.
 */
function drawCar(canvas: Canvas, left: number, ground: number, length: number): void {
  const { unit, rng, scene, parts, defs } = canvas;
  const night = scene.time === 'night';
  const flip = rng.chance(0.5);
  const picked = rng.pick(CAR_COLORS);
  const body = canvas.paint(scene.carColor ?? picked);
  const transform = flip
    ? `translate(${n(left + length)} ${n(ground - 0.3 * length)}) scale(${n(-length)} ${n(length)})`
    : `translate(${n(left)} ${n(ground - 0.3 * length)}) scale(${n(length)})`;
  defs.push(
    `<linearGradient id="carShade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>`,
    `<linearGradient id="beam" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#fffbe6" stop-opacity="0.55"/><stop offset="1" stop-color="#fffbe6" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="underglow"><stop offset="0" stop-color="#ff2a6d" stop-opacity="0.8"/><stop offset="0.6" stop-color="#05d9e8" stop-opacity="0.35"/><stop offset="1" stop-color="#05d9e8" stop-opacity="0"/></radialGradient>`,
  );
  const outline = canvas.outline(length);
  const shell =
    'M0.02 0.2C0 0.17 0 0.13 0.04 0.115L0.25 0.095C0.33 0.03 0.4 0.012 0.5 0.012C0.62 0.012 0.72 0.03 0.86 0.09' +
    'C0.94 0.11 0.99 0.12 0.99 0.16L0.99 0.2C0.99 0.215 0.98 0.22 0.96 0.22L0.885 0.22A0.085 0.085 0 0 0 0.715 0.22' +
    'L0.285 0.22A0.085 0.085 0 0 0 0.115 0.22L0.04 0.22C0.025 0.22 0.02 0.215 0.02 0.2Z';
  const glass = 'M0.29 0.095C0.35 0.045 0.41 0.03 0.5 0.03C0.6 0.03 0.68 0.045 0.8 0.095Z';
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="0.225" r="0.072" fill="#1c1f25"${outline}/><circle cx="${cx}" cy="0.225" r="0.044" fill="#aab1bb"/><circle cx="${cx}" cy="0.225" r="0.014" fill="#4b5159"/>`;
  const pieces = [
    `<ellipse cx="0.5" cy="0.3" rx="0.52" ry="0.025" fill="#000" fill-opacity="0.35"/>`,
    scene.treatment === 'cyberpunk' ? `<ellipse cx="0.5" cy="0.3" rx="0.62" ry="0.06" fill="url(#underglow)"/>` : '',
    night || scene.treatment === 'cyberpunk' ? `<path d="M0.03 0.125L-0.7 0.05L-0.7 0.3Z" fill="url(#beam)"/>` : '',
    `<path d="${shell}" fill="${body}"${outline}/>`,
    OUTLINED.has(scene.treatment) ? '' : `<path d="${shell}" fill="url(#carShade)"/>`,
    `<path d="${glass}" fill="${canvas.paint(night ? '#1d2a44' : '#2b3f5c')}"${outline}/>`,
    `<path d="M0.33 0.08C0.38 0.05 0.42 0.042 0.48 0.04L0.46 0.06C0.41 0.062 0.37 0.07 0.34 0.085Z" fill="#fff" fill-opacity="0.35"/>`,
    `<rect x="0.525" y="0.03" width="0.018" height="0.068" fill="${body}"/>`,
    `<path d="M0.525 0.1L0.525 0.21M0.29 0.1L0.3 0.21" stroke="#000" stroke-opacity="0.3" stroke-width="0.003" fill="none"/>`,
    `<rect x="0.58" y="0.118" width="0.05" height="0.008" rx="0.004" fill="#000" fill-opacity="0.35"/>`,
    `<rect x="0.035" y="0.12" width="0.08" height="0.01" rx="0.005" fill="${night ? '#ffffff' : '#e4f3ff'}"/>`,
    `<rect x="0.93" y="0.135" width="0.06" height="0.012" rx="0.006" fill="#ef2b3c"/>`,
    `<path d="M0.225 0.125L0.205 0.158L0.219 0.158L0.21 0.185L0.236 0.148L0.222 0.148L0.232 0.125Z" fill="#1fbf5f"/>`,
    wheel(0.2),
    wheel(0.8),
  ];
  parts.push(`<g transform="${transform}">${pieces.join('')}</g>`);
  if (scene.treatment === 'cyberpunk') {
    parts.push(
      `<rect x="${n(left)}" y="${n(ground + unit * 0.004)}" width="${n(length)}" height="${n(unit * 0.003)}" fill="#05d9e8" fill-opacity="0.8"/>`,
    );
  }
}

/** The neon grid floor of the cyberpunk treatment. */
function drawGrid(canvas: Canvas, bottom: number): void {
  const { width, horizon, unit, parts } = canvas;
  const lines: string[] = [];
  for (let k = 1; k <= 14; k++) {
    const y = horizon + (bottom - horizon) * (k / 14) ** 2;
    lines.push(`<line x1="0" y1="${n(y)}" x2="${width}" y2="${n(y)}"/>`);
  }
  for (let j = -12; j <= 12; j++) {
    lines.push(
      `<line x1="${n(width / 2 + j * width * 0.01)}" y1="${n(horizon)}" x2="${n(width / 2 + j * width * 0.2)}" y2="${n(bottom)}"/>`,
    );
  }
  const grid = lines.join('');
  parts.push(
    `<g stroke="#05d9e8" stroke-width="${n(unit * 0.008)}" stroke-opacity="0.15">${grid}</g>`,
    `<g stroke="#05d9e8" stroke-width="${n(unit * 0.0025)}" stroke-opacity="0.7">${grid}</g>`,
  );
}

function drawWeather(canvas: Canvas): void {
  const { width, height, unit, rng, scene, parts } = canvas;
  if (scene.rain) {
    const drops: string[] = [];
    const count = Math.min(320, Math.round((width * height) / 4000));
    const slant = unit * 0.012;
    for (let k = 0; k < count; k++) {
      const x = rng.float(0, width);
      const y = rng.float(0, height);
      const len = unit * rng.float(0.025, 0.055);
      drops.push(`<line x1="${n(x)}" y1="${n(y)}" x2="${n(x - slant)}" y2="${n(y + len)}"/>`);
    }
    parts.push(
      `<g stroke="#dbe4f0" stroke-width="${n(unit * 0.0018 + 0.5)}" stroke-opacity="0.4">${drops.join('')}</g>`,
    );
  }
  if (scene.snow) {
    const flakes: string[] = [];
    const count = Math.min(260, Math.round((width * height) / 5000));
    for (let k = 0; k < count; k++) {
      flakes.push(
        `<circle cx="${n(rng.float(0, width))}" cy="${n(rng.float(0, height))}" r="${n(unit * rng.float(0.0015, 0.006))}"/>`,
      );
    }
    parts.push(`<g fill="#ffffff" fill-opacity="0.85">${flakes.join('')}</g>`);
  }
}

/**
 * The oil treatment's brushwork, painted straight into the raw pixels (librsvg takes ~0.1 ms
 * a stroke; this takes a fraction of that): short thick strokes over the whole picture, each
 * in the colour of the paint under its middle nudged a little in hue and lightness, with
 * faint bristle lines along it and soft edges.
 */
function paintStrokes(rgb: Buffer, width: number, height: number, rng: Rng): void {
  const unit = Math.min(width, height);
  const half = unit * 0.008;
  const count = Math.round((width * height) / (unit * unit * 0.0006));
  for (let k = 0; k < count; k++) {
    const cx = rng.float(0, width);
    const cy = rng.float(0, height);
    const p = (Math.min(height - 1, Math.floor(cy)) * width + Math.min(width - 1, Math.floor(cx))) * 3;
    const under = toHex([rgb[p] as number, rgb[p + 1] as number, rgb[p + 2] as number]);
    const [r, g, b] = parseHex(adjust(under, rng.float(-6, 6), rng.float(0.9, 1.2), rng.float(0.92, 1.08)));
    const length = unit * rng.float(0.02, 0.045);
    const angle = rng.float(-0.5, 0.5);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const reachX = Math.abs(ux) * (length / 2) + half + 1;
    const reachY = Math.abs(uy) * (length / 2) + half + 1;
    const x0 = Math.max(0, Math.floor(cx - reachX));
    const x1 = Math.min(width - 1, Math.ceil(cx + reachX));
    const y0 = Math.max(0, Math.floor(cy - reachY));
    const y1 = Math.min(height - 1, Math.ceil(cy + reachY));
    const edge = half + 0.5;
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - cx;
        const across = dy * ux - dx * uy;
        if (across > edge || across < -edge) continue;
        // Distance to the stroke's centre line (a capsule of half-length length/2).
        const along = dx * ux + dy * uy;
        const beyond = along > length / 2 ? along - length / 2 : along < -length / 2 ? -length / 2 - along : 0;
        const distance = beyond === 0 ? Math.abs(across) : Math.sqrt(beyond * beyond + across * across);
        const coverage = edge - distance;
        if (coverage <= 0) continue;
        const alpha = (coverage >= 1 ? 1 : coverage) * 0.72;
        // Bristle lines: a little lighter and darker across the stroke.
        const bristle = (Math.floor(across * 0.7) & 1) === 0 ? 1.05 : 0.95;
        const q = (y * width + x) * 3;
        rgb[q] = Math.min(255, (rgb[q] as number) * (1 - alpha) + r * bristle * alpha);
        rgb[q + 1] = Math.min(255, (rgb[q + 1] as number) * (1 - alpha) + g * bristle * alpha);
        rgb[q + 2] = Math.min(255, (rgb[q + 2] as number) * (1 - alpha) + b * bristle * alpha);
      }
    }
  }
}

/** Soft round blots of the picture's colours: the pigment pooling of the watercolor treatment. */
function blooms(canvas: Canvas): void {
  const { width, height, unit, rng, parts } = canvas;
  const colors = [...canvas.skyStops, ...groundColors(canvas)];
  for (let k = 0; k < 14; k++) {
    parts.push(
      `<circle cx="${n(rng.float(0, width))}" cy="${n(rng.float(0, height))}" r="${n(unit * rng.float(0.05, 0.16))}" fill="${canvas.paint(rng.pick(colors))}" fill-opacity="0.16"/>`,
    );
  }
}

function vignette(canvas: Canvas, strength: number): void {
  const { width, height, parts, defs } = canvas;
  defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#vignette)"/>`);
}

function haze(canvas: Canvas): void {
  const { width, horizon, unit, scene, parts, defs } = canvas;
  const color = scene.time === 'night' ? '#3a4a80' : '#ffffff';
  defs.push(
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0"/><stop offset="0.7" stop-color="${color}" stop-opacity="0.3"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>`,
  );
  parts.push(`<rect y="${n(horizon - unit * 0.2)}" width="${width}" height="${n(unit * 0.26)}" fill="url(#haze)"/>`);
}

/** The whole scene as one SVG document (no caption). */
function sceneSvg(scene: Scene, rng: Rng, width: number, height: number): string {
  const unit = Math.min(width, height);
  const treatment = scene.treatment;
  const hueShift = rng.float(-12, 12);
  const tone: Record<Treatment, (hex: string) => string> = {
    photo: (hex) => adjust(hex, hueShift),
    anime: (hex) => adjust(hex, hueShift, 1.3, 1.04),
    watercolor: (hex) => mix(adjust(hex, hueShift, 0.9), '#fbf6ec', 0.35),
    cyberpunk: (hex) => adjust(hex, hueShift * 0.5, 1.25),
    sketch: (hex) => adjust(hex, hueShift),
    oil: (hex) => adjust(hex, hueShift, 1.2, 0.95),
  };
  const outlined = OUTLINED.has(treatment);
  const strokeColor = treatment === 'sketch' ? '#2b2b2b' : '#1b1f2a';
  const baseStroke = unit * (treatment === 'sketch' ? 0.004 : 0.0035);
  let skyStops = treatment === 'cyberpunk' ? CYBER_SKY : SKY[scene.time];
  if (scene.rain && treatment !== 'cyberpunk') skyStops = skyStops.map((color) => mix(color, '#7b8494', 0.5));
  const canvas: Canvas = {
    width,
    height,
    unit,
    horizon: height * rng.float(0.55, 0.64),
    rng,
    scene,
    defs: [],
    parts: [],
    paint: tone[treatment],
    outline: (scale = 1) =>
      outlined
        ? ` stroke="${strokeColor}" stroke-width="${(baseStroke / scale).toPrecision(3)}" stroke-linejoin="round"`
        : '',
    skyStops,
  };
  const { horizon, parts } = canvas;

  drawSky(canvas);
  if (scene.time === 'night') drawStars(canvas);
  const light = drawLight(canvas);
  if (scene.time !== 'night' && treatment !== 'cyberpunk') drawClouds(canvas);

  // Far: towers, peaks, dunes or rolling hills along the horizon.
  if (scene.mountain || scene.snow || (!scene.city && !scene.desert && rng.chance(0.45))) drawMountains(canvas);
  if (scene.city) drawCity(canvas);
  else if (scene.desert) drawDunes(canvas);
  else if (!scene.sea) drawHills(canvas, scene.forest ? ['#4f9a5e', '#2f7a45'] : ['#8fcf78', '#5aa85a']);

  // Near: land, water, the road and the car.
  const carLength = scene.car ? Math.min(width * 0.44, unit * 0.58) : 0;
  const roadDepth = unit * 0.12;
  const roadTop = scene.car ? Math.max(horizon + (height - horizon) * 0.5, height - roadDepth - unit * 0.1) : height;
  drawGround(canvas);
  if (scene.sea) {
    drawSea(canvas, scene.car ? roadTop - unit * 0.03 : height, light);
  } else if (treatment === 'cyberpunk') {
    drawGrid(canvas, roadTop);
  }
  if (scene.forest || (!scene.sea && !scene.city && !scene.desert && rng.chance(0.4))) {
    const bottom = scene.sea ? horizon : roadTop;
    drawTrees(canvas, scene.forest ? Math.round((width / unit) * 26) : rng.int(3, 7), bottom);
  }
  if (scene.car) {
    drawSideRoad(canvas, roadTop, roadDepth);
    const left = rng.float(0.05, 0.95 - carLength / width) * width;
    drawCar(canvas, left, roadTop + roadDepth * 0.62, carLength);
  } else if (scene.road || (scene.city && !scene.sea && rng.chance(0.6))) {
    drawPerspectiveRoad(canvas);
  }
  drawWeather(canvas);

  if (treatment === 'photo') {
    haze(canvas);
    vignette(canvas, 0.4);
  } else if (treatment === 'watercolor') {
    blooms(canvas);
  } else if (treatment === 'cyberpunk') {
    vignette(canvas, 0.55);
  } else if (treatment === 'oil') {
    vignette(canvas, 0.3);
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${canvas.defs.join('')}</defs>${parts.join('')}</svg>`;
}

// ── Texture passes (JavaScript over raw pixels: deterministic, unlike libvips' noise) ──

/**
 * Seeded paper or canvas grain, one factor around 1 per pixel: fine noise, and for
 * `mottle` > 0 soft blotches on top (a coarse random grid enlarged smoothly by sharp).
 */
async function grain(rng: Rng, width: number, height: number, amount: number, mottle = 0): Promise<Float32Array> {
  const values = new Float32Array(width * height);
  for (let i = 0; i < values.length; i++) values[i] = 1 + (rng.next() - 0.5) * amount;
  if (mottle > 0) {
    const cells = 12;
    const coarse = Buffer.alloc(cells * cells);
    for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(rng.next() * 256);
    const smooth = await sharp(coarse, { raw: { width: cells, height: cells, channels: 1 } })
      .resize(width, height, { kernel: 'cubic' })
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    for (let i = 0; i < values.length; i++)
      values[i] = (values[i] as number) * (1 + ((smooth[i] as number) / 255 - 0.5) * mottle);
  }
  return values;
}

function applyGrain(rgb: Buffer, texture: Float32Array, warm: readonly [number, number, number]): void {
  for (let i = 0, p = 0; p < texture.length; p++, i += 3) {
    const g = texture[p] as number;
    rgb[i] = Math.min(255, (rgb[i] as number) * g * warm[0]);
    rgb[i + 1] = Math.min(255, (rgb[i + 1] as number) * g * warm[1]);
    rgb[i + 2] = Math.min(255, (rgb[i + 2] as number) * g * warm[2]);
  }
}

/**
 * The pencil pass: grey, then colour-dodge with its own blurred negative, which keeps the
 * edges as graphite lines and washes flat areas to paper; the darker areas get a light
 * tone and diagonal hatching (crossed where darkest), as a pencil would shade them.
 */
async function pencil(svg: Buffer, width: number, height: number, rng: Rng): Promise<Buffer> {
  const grey = await sharp(svg).removeAlpha().greyscale().raw().toBuffer();
  const sigma = Math.max(1.2, Math.min(width, height) / 220);
  const blurred = await sharp(grey, { raw: { width, height, channels: 1 } })
    .negate()
    .blur(sigma)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const texture = await grain(rng, width, height, 0.08);
  const spacing = Math.max(4, Math.round(Math.min(width, height) / 140));
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const base = grey[p] as number;
      const inverse = blurred[p] as number;
      const dodged = inverse >= 255 ? 1 : Math.min(1, base / (255 - inverse));
      const tone = base / 255;
      let value = dodged ** 1.6 * (0.78 + 0.22 * tone);
      if (tone < 0.6 && (x + y) % spacing === 0) value *= 0.72;
      if (tone < 0.35 && (x - y + height) % spacing === 0) value *= 0.72;
      value = Math.min(255, 255 * value * (texture[p] as number));
      rgb[p * 3] = value;
      rgb[p * 3 + 1] = value * 0.985;
      rgb[p * 3 + 2] = value * 0.95;
    }
  }
  return rgb;
}

/** The picture as raw RGB after the treatment's pass over the rendered scene. */
async function renderTreated(
  svg: Buffer,
  treatment: Treatment,
  width: number,
  height: number,
  rng: Rng,
): Promise<Buffer> {
  const unit = Math.min(width, height);
  switch (treatment) {
    case 'sketch':
      return pencil(svg, width, height, rng);
    case 'watercolor': {
      const rgb = await sharp(svg)
        .removeAlpha()
        .blur(Math.max(0.8, unit / 400))
        .raw()
        .toBuffer();
      applyGrain(rgb, await grain(rng, width, height, 0.06, 0.12), [1, 0.99, 0.96]);
      return rgb;
    }
    case 'oil': {
      const rgb = await sharp(svg).removeAlpha().raw().toBuffer();
      paintStrokes(rgb, width, height, rng);
      applyGrain(rgb, await grain(rng, width, height, 0.07), [1.02, 1, 0.97]);
      return rgb;
    }
    case 'cyberpunk':
      return sharp(svg).removeAlpha().modulate({ saturation: 1.2 }).raw().toBuffer();
    default:
      return sharp(svg).removeAlpha().raw().toBuffer();
  }
}

// ── Caption ──

/** Characters that must not start a line (Chinese line-breaking rule, 避头尾). */
const NO_LINE_START = new Set('，。、；：！？）》」』】…,.;:!?)]}%'.split(''));

/** The text in tokens that wrap as units: a Latin word with its digits, or one character. */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9'’\-_.@#]+|\s+|./gsu) ?? [];
}

/** Greedy line breaking by advance width; the last kept line ends with … when text was left out. */
export function wrapCaption(
  measure: (text: string) => number,
  text: string,
  maxWidth: number,
  maxLines: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens(text.replace(/\s+/g, ' ').trim())) {
    if (lines.length > maxLines) break;
    if (token === ' ') {
      if (line) line += ' ';
    } else if (measure(line + token) <= maxWidth || NO_LINE_START.has(token)) {
      line += token;
    } else {
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      if (measure(token) <= maxWidth) {
        line = token;
      } else {
        // One token wider than the line (a long Latin word): break it by character.
        for (const ch of token) {
          if (line && measure(line + ch) > maxWidth) {
            lines.push(line);
            line = '';
          }
          line += ch;
        }
      }
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] as string;
  while (last && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** A caption band: raw RGBA pixels, `width` wide, composited at the picture's top left. */
export type Caption = { data: Buffer; width: number; height: number };

/**
 * The prompt set as a caption across the top of a `width`×`height` picture: white text
 * on a dark band fading downwards. Null when the prompt has nothing the font can draw.
 */
export async function renderCaption(prompt: string, width: number, height: number): Promise<Caption | null> {
  const face = await loadCjkFont();
  const text = drawableText(face, prompt).trim();
  if (!text) return null;
  const unit = Math.min(width, height);
  const fontSize = Math.max(12, Math.round(unit * 0.036));
  const margin = Math.round(unit * 0.04);
  const lineHeight = Math.round(fontSize * 1.4);
  const lines = wrapCaption(
    (line) => face.getAdvanceWidth(line, fontSize),
    text,
    width - margin * 2,
    height > width ? 4 : 3,
  );
  const bandHeight = Math.min(height, Math.ceil(margin * 2.8 + lines.length * lineHeight));
  const shadow = Math.max(1, fontSize * 0.06);
  const paths = lines
    .map((line, i) => textPathData(face, line, margin, margin + fontSize * 0.88 + i * lineHeight, fontSize))
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bandHeight}">
<defs><linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.65" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="${width}" height="${bandHeight}" fill="url(#band)"/>
<path transform="translate(${n(shadow)} ${n(shadow)})" d="${paths}" fill="#000" fill-opacity="0.45"/>
<path d="${paths}" fill="#fff"/>
</svg>`;
  const data = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return { data, width, height: bandHeight };
}

// ── The renderer and the provider ──

export type ArtworkOptions = {
  prompt: string;
  style: AiStyle;
  seed: number;
  /** Which picture of a request (0 …): each one is composed differently. */
  index: number;
  width: number;
  height: number;
  /** Set the prompt in the picture (the video sets it itself, over the moving picture). */
  caption: boolean;
};

function checkSize(width: number, height: number): void {
  for (const side of [width, height]) {
    if (!Number.isInteger(side) || side < MIN_SIDE || side > MAX_SIDE) {
      throw new RangeError(`picture sides must be integers from ${MIN_SIDE} to ${MAX_SIDE}, got ${width}×${height}`);
    }
  }
}

/** One artwork as PNG, exactly `width`×`height`: the same options give the same bytes. */
export async function renderLocalArtwork(options: ArtworkOptions): Promise<Buffer> {
  const { prompt, style, seed, index, width, height } = options;
  checkSize(width, height);
  const scene = readScene(prompt, style);
  const rng = createRng(hashText(`${prompt}\u0000${scene.treatment}\u0000${seed}\u0000${index}`));
  const svg = Buffer.from(sceneSvg(scene, rng, width, height));
  const [rgb, caption] = await Promise.all([
    renderTreated(svg, scene.treatment, width, height, rng),
    options.caption ? renderCaption(prompt, width, height) : null,
  ]);
  const picture = sharp(rgb, { raw: { width, height, channels: 3 } });
  if (caption) {
    picture.composite([
      { input: caption.data, raw: { width: caption.width, height: caption.height, channels: 4 }, top: 0, left: 0 },
    ]);
  }
  // The fastest deflate: the picture is labelled (re-encoded as JPEG) straight after.
  return picture.png({ compressionLevel: 1 }).toBuffer();
}

/** The embedded image provider: `count` artworks of the prompt, one after another. */
export function createLocalImageProvider(): ImageProvider {
  return {
    info: LOCAL_GENERATOR_INFO,
    async generate(request, { signal, onProgress }) {
      checkSize(request.width, request.height);
      if (!Number.isInteger(request.count) || request.count < 1 || request.count > MAX_COUNT) {
        throw new RangeError(`count must be 1 to ${MAX_COUNT}, got ${request.count}`);
      }
      onProgress(10);
      const images: GeneratedImage[] = [];
      for (let index = 0; index < request.count; index++) {
        signal.throwIfAborted();
        const data = await renderLocalArtwork({ ...request, index, caption: true });
        images.push({ data, contentType: 'image/png' });
        onProgress(10 + Math.round((80 * (index + 1)) / request.count));
      }
      signal.throwIfAborted();
      onProgress(100);
      return images;
    },
  };
}
