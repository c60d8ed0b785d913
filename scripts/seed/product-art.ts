import sharp from 'sharp';
import { sideCar } from './art.ts';
import { createRandom, type Random } from './random.ts';

/**
 * Product photos for the demo shop, drawn as SVG: one object per kind of product (a
 * floor mat, a wall box, a screen protector, a tyre inflator …) on a clean studio
 * background, square, rendered to WebP with sharp. Every choice comes from a generator
 * seeded by the run seed and the image's label, so the same seed gives the same bytes.
 */

export const ART_KINDS = [
  'floor-mat',
  'seat',
  'vent-clip',
  'bottle',
  'screen',
  'phone-mount',
  'wall-box',
  'charge-gun',
  'adapter',
  'console-box',
  'crate',
  'car-cover',
  'wrap',
  'wheel',
  'inflator',
  'power-box',
  'dashcam',
  'light-strip',
  'projector',
  'towel',
  'car-model',
  'key-card',
  'mattress',
  'tent',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** What one image shows: the kind of product, its main colour, an accent, and which view. */
export type ProductArt = {
  kind: ArtKind;
  color: string;
  accent: string;
  /** 0 = the cover shot; 1, 2 … other angles (a tinted backdrop, a closer crop). */
  view: number;
};

/** Product images are square, the size shop galleries show them at. */
export const PRODUCT_IMAGE_SIZE = 800;

const S = PRODUCT_IMAGE_SIZE;
const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** `hex` mixed toward white (amount > 0) or black (amount < 0), amount in [-1, 1]. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Backdrops of the views: a neutral studio, a warm one and a cool one. */
const BACKDROPS: readonly (readonly [string, string])[] = [
  ['#ffffff', '#e5e7eb'],
  ['#fffaf3', '#eadfce'],
  ['#f5f9ff', '#d6e0ee'],
];

function defs(art: ProductArt, random: Random): string {
  const [light, dark] = art.kind === 'light-strip' ? (['#1e293b', '#020617'] as const) : BACKDROPS[art.view % 3]!;
  const cx = fmt(random.float(0.35, 0.65));
  return `<defs>
<radialGradient id="backdrop" cx="${cx}" cy="0.35" r="0.9"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.color, 0.25)}"/><stop offset="1" stop-color="${shade(art.color, -0.25)}"/></linearGradient>
<linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(art.color, -0.35)}"/><stop offset="1" stop-color="${shade(art.color, -0.1)}"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="0.5" stop-color="#94a3b8"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cbd5e1" stop-opacity="0.9"/><stop offset="0.45" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
<linearGradient id="glare" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${art.accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${art.accent}" stop-opacity="0"/></radialGradient>
<pattern id="diamond" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="28" height="28" fill="${art.color}"/><rect width="26" height="26" fill="${shade(art.color, 0.12)}"/></pattern>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.6" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>`;
}

/**
 * The soft contact shadow an object casts on the studio floor. Gradients, not blur
 * filters, draw every soft edge: a blur costs librsvg more than the rest of the picture.
 */
function floorShadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx * 1.1)}" ry="${fmt(rx * 0.16)}" fill="url(#shadow)"/>`;
}

/** A line of light: a wide faint halo, a brighter band and a white-hot core along `d`. */
function glowLine(d: string, color: string, width: number): string {
  const layers: [number, number][] = [
    [width * 3.2, 0.12],
    [width * 2, 0.25],
    [width, 0.9],
  ];
  const stroke = (paint: string, strokeWidth: number, opacity: number) =>
    `<path d="${d}" stroke="${paint}" stroke-width="${fmt(strokeWidth)}" stroke-opacity="${opacity}" fill="none" stroke-linecap="round"/>`;
  return layers.map(([w, o]) => stroke(color, w, o)).join('') + stroke('#fff', width * 0.3, 0.9);
}

type Draw = (art: ProductArt, random: Random) => string;

const floorMat: Draw = (art) => {
  const mat = (x: number, y: number, w: number, h: number, rotate: number) => {
    const d = `M ${x + w * 0.12} ${y} L ${x + w * 0.9} ${y} Q ${x + w} ${y} ${x + w} ${y + h * 0.1} L ${x + w * 0.96} ${y + h * 0.92} Q ${x + w * 0.95} ${y + h} ${x + w * 0.85} ${y + h} L ${x + w * 0.1} ${y + h} Q ${x} ${y + h} ${x} ${y + h * 0.9} L ${x + w * 0.02} ${y + h * 0.25} Q ${x + w * 0.03} ${y} ${x + w * 0.12} ${y} Z`;
    return `<g transform="rotate(${rotate} ${x + w / 2} ${y + h / 2})">
<path d="${d}" fill="url(#diamond)" stroke="${art.accent}" stroke-width="14" stroke-linejoin="round"/>
<path d="${d}" fill="none" stroke="${shade(art.color, -0.4)}" stroke-width="3"/>
<rect x="${x + w * 0.45}" y="${y + h * 0.6}" width="${w * 0.4}" height="${h * 0.28}" rx="16" fill="${shade(art.color, -0.3)}"/>
</g>`;
  };
  return floorShadow(400, 690, 320) + mat(120, 170, 300, 460, -6) + mat(380, 150, 300, 460, 5);
};

const seat: Draw = (art) => {
  const stitch = `stroke="${art.accent}" stroke-width="4" stroke-dasharray="10 8" fill="none"`;
  return `${floorShadow(400, 700, 230)}
<rect x="330" y="90" width="140" height="110" rx="45" fill="url(#body)"/>
<rect x="370" y="195" width="14" height="40" fill="#9ca3af"/><rect x="416" y="195" width="14" height="40" fill="#9ca3af"/>
<path d="M 250 250 Q 250 220 290 220 L 510 220 Q 550 220 550 250 L 570 520 Q 572 560 530 560 L 270 560 Q 228 560 230 520 Z" fill="url(#body)"/>
<path d="M 340 240 L 330 540 M 460 240 L 470 540" ${stitch}/>
<path d="M 200 560 Q 200 530 240 530 L 560 530 Q 600 530 600 560 L 610 650 Q 610 690 570 690 L 230 690 Q 190 690 190 650 Z" fill="url(#side)"/>
<path d="M 250 600 L 550 600" ${stitch}/>`;
};

const ventClip: Draw = (art) => `${floorShadow(400, 640, 200)}
<rect x="385" y="520" width="30" height="110" rx="8" fill="#4b5563"/>
<circle cx="400" cy="380" r="200" fill="url(#metal)"/>
<circle cx="400" cy="380" r="170" fill="url(#body)"/>
${Array.from({ length: 12 }, (_, k) => {
  const a = (k / 12) * Math.PI * 2;
  return `<line x1="${fmt(400 + Math.cos(a) * 60)}" y1="${fmt(380 + Math.sin(a) * 60)}" x2="${fmt(400 + Math.cos(a) * 150)}" y2="${fmt(380 + Math.sin(a) * 150)}" stroke="${shade(art.color, -0.3)}" stroke-width="10" stroke-linecap="round"/>`;
}).join('')}
<circle cx="400" cy="380" r="48" fill="${art.accent}"/>
<ellipse cx="330" cy="300" rx="90" ry="50" fill="url(#glare)" transform="rotate(-30 330 300)"/>`;

const bottle: Draw = (art, random) => {
  const spray = random.chance(0.5);
  const cap = spray
    ? `<path d="M 350 130 L 470 130 L 480 170 L 520 175 L 520 200 L 470 200 L 460 240 L 360 240 Z" fill="#1f2937"/>`
    : `<rect x="350" y="150" width="100" height="90" rx="14" fill="#111827"/>`;
  return `${floorShadow(400, 700, 200)}
${cap}
<rect x="370" y="235" width="60" height="40" fill="${shade(art.color, -0.2)}"/>
<path d="M 300 330 Q 300 270 360 270 L 440 270 Q 500 270 500 330 L 510 660 Q 510 690 480 690 L 320 690 Q 290 690 290 660 Z" fill="url(#body)"/>
<rect x="300" y="420" width="205" height="170" fill="${art.accent}"/>
<rect x="330" y="460" width="140" height="16" rx="8" fill="#fff" opacity="0.85"/>
<rect x="330" y="495" width="100" height="12" rx="6" fill="#fff" opacity="0.6"/>
<rect x="320" y="300" width="26" height="360" rx="13" fill="#fff" opacity="0.3"/>`;
};

const screen: Draw = (art) => `${floorShadow(400, 650, 330)}
<g transform="rotate(-4 400 400)">
<rect x="110" y="200" width="580" height="380" rx="28" fill="#0b1220"/>
<rect x="128" y="218" width="544" height="344" rx="14" fill="url(#glass)"/>
<rect x="150" y="240" width="150" height="300" rx="10" fill="${art.color}" opacity="0.8"/>
<rect x="320" y="240" width="330" height="140" rx="10" fill="${art.accent}" opacity="0.55"/>
<rect x="320" y="400" width="330" height="140" rx="10" fill="#334155"/>
</g>
<g transform="rotate(6 470 360) translate(80 -60)">
<rect x="110" y="200" width="580" height="380" rx="28" fill="#e0f2fe" opacity="0.35" stroke="#fff" stroke-width="6"/>
<path d="M 140 220 L 360 220 L 180 560 L 140 560 Z" fill="url(#glare)"/>
</g>`;

const phoneMount: Draw = (art) => `${floorShadow(400, 690, 220)}
<path d="M 400 520 L 400 640" stroke="#374151" stroke-width="34" stroke-linecap="round"/>
<rect x="300" y="630" width="200" height="40" rx="20" fill="#1f2937"/>
<circle cx="400" cy="470" r="90" fill="url(#metal)"/>
<rect x="275" y="110" width="250" height="480" rx="40" fill="#0f172a" stroke="${art.color}" stroke-width="14"/>
<rect x="295" y="140" width="210" height="420" rx="24" fill="url(#glass)"/>
<circle cx="400" cy="350" r="70" fill="none" stroke="${art.accent}" stroke-width="10" opacity="0.8"/>
<path d="M 300 150 L 420 150 L 310 420 Z" fill="url(#glare)"/>`;

const wallBox: Draw = (art) => `${floorShadow(400, 720, 260)}
<rect x="240" y="80" width="320" height="400" rx="60" fill="url(#body)"/>
<rect x="240" y="80" width="320" height="400" rx="60" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="4"/>
${glowLine('M 306 156 L 494 156', art.accent, 12)}
<rect x="330" y="220" width="140" height="80" rx="12" fill="#0f172a"/>
<rect x="345" y="240" width="70" height="14" rx="7" fill="${art.accent}" opacity="0.9"/>
<rect x="345" y="266" width="100" height="10" rx="5" fill="#64748b"/>
<path d="M 400 480 C 400 600 220 560 230 650 C 240 720 520 700 560 620" stroke="#111827" stroke-width="26" fill="none" stroke-linecap="round"/>
<g transform="rotate(-25 580 600)"><rect x="545" y="560" width="80" height="120" rx="30" fill="#1f2937"/><rect x="560" y="540" width="50" height="40" rx="10" fill="${art.accent}"/></g>`;

const chargeGun: Draw = (art) => `${floorShadow(400, 690, 320)}
${[0, 1, 2]
  .map(
    (i) =>
      `<ellipse cx="${300 + i * 18}" cy="${480 - i * 8}" rx="${200 - i * 14}" ry="${110 - i * 8}" fill="none" stroke="${shade(art.color, -0.2 - i * 0.1)}" stroke-width="22"/>`,
  )
  .join('')}
<rect x="420" y="360" width="240" height="150" rx="34" fill="url(#body)"/>
<rect x="450" y="392" width="110" height="44" rx="8" fill="#0f172a"/>
<rect x="462" y="405" width="60" height="18" rx="5" fill="${art.accent}"/>
<circle cx="610" cy="440" r="18" fill="${art.accent}"/>
<g transform="rotate(20 200 240)"><rect x="140" y="150" width="110" height="190" rx="36" fill="#111827"/>
<rect x="155" y="120" width="80" height="60" rx="14" fill="#374151"/>
<rect x="165" y="230" width="60" height="20" rx="10" fill="${art.accent}"/></g>`;

const adapter: Draw = (art) => `${floorShadow(400, 640, 280)}
<rect x="230" y="300" width="340" height="200" rx="40" fill="url(#body)"/>
<rect x="230" y="300" width="340" height="60" rx="30" fill="#fff" opacity="0.25"/>
<ellipse cx="580" cy="400" rx="60" ry="110" fill="${shade(art.color, -0.2)}"/>
<ellipse cx="580" cy="400" rx="42" ry="86" fill="#111827"/>
${[-40, 0, 40].map((dy) => `<circle cx="580" cy="${400 + dy}" r="12" fill="url(#metal)"/>`).join('')}
<path d="M 200 310 L 250 300 L 250 500 L 200 490 Q 150 400 200 310 Z" fill="${shade(art.color, -0.4)}"/>
<circle cx="205" cy="370" r="14" fill="url(#metal)"/><circle cx="205" cy="430" r="14" fill="url(#metal)"/>
<rect x="300" y="430" width="200" height="14" rx="7" fill="${art.accent}"/>`;

const consoleBox: Draw = (art) => `${floorShadow(400, 680, 300)}
<path d="M 140 260 L 660 260 L 620 640 L 180 640 Z" fill="url(#side)"/>
<path d="M 170 280 L 630 280 L 600 610 L 200 610 Z" fill="${shade(art.color, -0.5)}"/>
<rect x="200" y="300" width="190" height="140" rx="14" fill="url(#body)"/>
<rect x="410" y="300" width="200" height="140" rx="14" fill="url(#body)"/>
<rect x="215" y="460" width="370" height="130" rx="14" fill="url(#body)"/>
<circle cx="300" cy="525" r="45" fill="${shade(art.color, -0.3)}"/>
<circle cx="480" cy="525" r="45" fill="${shade(art.color, -0.3)}"/>
<path d="M 140 260 L 660 260" stroke="${art.accent}" stroke-width="10" stroke-linecap="round"/>`;

const crate: Draw = (art) => `${floorShadow(400, 690, 330)}
<path d="M 130 260 L 570 260 L 670 200 L 230 200 Z" fill="${shade(art.color, -0.5)}"/>
<path d="M 570 260 L 670 200 L 670 560 L 570 660 Z" fill="url(#side)"/>
<path d="M 130 260 L 570 260 L 570 660 L 130 660 Z" fill="url(#body)"/>
<rect x="290" y="310" width="120" height="34" rx="17" fill="${shade(art.color, -0.45)}"/>
<path d="M 130 460 L 570 460" stroke="${shade(art.color, -0.3)}" stroke-width="6"/>
<path d="M 350 260 L 350 660" stroke="${shade(art.color, -0.3)}" stroke-width="6"/>
<rect x="160" y="600" width="120" height="20" rx="10" fill="${art.accent}"/>`;

/** A car under a fitted cover: a soft body shape, no glass, fabric folds. */
const carCover: Draw = (art) => `${floorShadow(400, 600, 360)}
<path d="M 60 560 C 55 500 80 470 140 455 L 250 430 C 320 350 380 320 470 315 L 560 318 C 650 330 700 380 740 440 C 765 470 770 520 760 560 Z" fill="url(#body)"/>
<path d="M 300 430 C 360 380 420 360 480 360 L 560 362 C 620 372 660 400 690 440" stroke="${shade(art.color, -0.25)}" stroke-width="8" fill="none"/>
<path d="M 200 470 C 220 520 210 540 200 560 M 420 420 C 430 480 420 530 430 560 M 620 430 C 610 490 630 530 620 560" stroke="${shade(art.color, -0.3)}" stroke-width="5" fill="none" opacity="0.7"/>
<circle cx="190" cy="565" r="52" fill="${shade(art.color, -0.35)}"/><circle cx="620" cy="565" r="52" fill="${shade(art.color, -0.35)}"/>
<rect x="60" y="540" width="700" height="20" rx="10" fill="${art.accent}" opacity="0.85"/>`;

const wrap: Draw = (art, random) =>
  `${floorShadow(400, 560, 380)}${sideCar(random, 25, 300, 750, art.color, null)}
<ellipse cx="400" cy="395" rx="200" ry="14" fill="url(#glare)"/>`;

const wheel: Draw = (art, random) => {
  const spokes = random.int(5, 7);
  return `${floorShadow(400, 700, 300)}
<circle cx="400" cy="400" r="300" fill="#111827"/>
<circle cx="400" cy="400" r="280" fill="none" stroke="#374151" stroke-width="10" stroke-dasharray="30 14"/>
<circle cx="400" cy="400" r="215" fill="url(#body)"/>
${Array.from({ length: spokes }, (_, k) => {
  const a = (k / spokes) * Math.PI * 2;
  const b = a + Math.PI / spokes;
  return `<path d="M ${fmt(400 + Math.cos(a) * 70)} ${fmt(400 + Math.sin(a) * 70)} L ${fmt(400 + Math.cos(a) * 205)} ${fmt(400 + Math.sin(a) * 205)} A 205 205 0 0 1 ${fmt(400 + Math.cos(b) * 205)} ${fmt(400 + Math.sin(b) * 205)} Z" fill="${shade(art.color, -0.35)}"/>`;
}).join('')}
<circle cx="400" cy="400" r="70" fill="url(#metal)"/>
<circle cx="400" cy="400" r="26" fill="${art.accent}"/>
<path d="M 250 230 A 215 215 0 0 1 520 210" stroke="#fff" stroke-opacity="0.4" stroke-width="16" fill="none"/>`;
};

const inflator: Draw = (art) => `${floorShadow(400, 700, 240)}
<path d="M 470 260 C 640 240 700 380 620 460 C 560 520 640 600 690 560" stroke="#111827" stroke-width="16" fill="none"/>
<rect x="660" y="535" width="50" height="40" rx="8" fill="url(#metal)"/>
<rect x="230" y="160" width="260" height="520" rx="60" fill="url(#body)"/>
<rect x="260" y="210" width="200" height="140" rx="16" fill="#0b1220"/>
<rect x="285" y="240" width="26" height="80" rx="4" fill="${art.accent}"/><rect x="325" y="240" width="26" height="80" rx="4" fill="${art.accent}"/>
<rect x="365" y="290" width="12" height="30" rx="3" fill="${art.accent}"/><rect x="395" y="240" width="26" height="80" rx="4" fill="${art.accent}"/>
${[0, 1, 2].map((i) => `<circle cx="${300 + i * 60}" cy="420" r="20" fill="${shade(art.color, -0.4)}"/>`).join('')}
${Array.from({ length: 5 }, (_, i) => `<rect x="280" y="${480 + i * 32}" width="160" height="12" rx="6" fill="${shade(art.color, -0.3)}"/>`).join('')}`;

const powerBox: Draw = (art) => `${floorShadow(400, 690, 320)}
<path d="M 260 230 Q 260 120 400 120 Q 540 120 540 230" stroke="${shade(art.color, -0.45)}" stroke-width="44" fill="none" stroke-linecap="round"/>
<rect x="130" y="220" width="540" height="440" rx="48" fill="url(#body)"/>
<rect x="130" y="220" width="540" height="70" rx="35" fill="#fff" opacity="0.25"/>
<rect x="180" y="320" width="200" height="120" rx="14" fill="#0b1220"/>
<rect x="200" y="345" width="110" height="26" rx="6" fill="${art.accent}"/>
<rect x="200" y="390" width="150" height="20" rx="6" fill="#334155"/>
${[0, 1].map((i) => `<circle cx="${470 + i * 110}" cy="380" r="42" fill="${shade(art.color, -0.45)}"/><circle cx="${455 + i * 110}" cy="372" r="7" fill="#0f172a"/><circle cx="${485 + i * 110}" cy="372" r="7" fill="#0f172a"/>`).join('')}
${[0, 1, 2, 3].map((i) => `<rect x="${190 + i * 70}" y="510" width="44" height="24" rx="5" fill="#111827"/>`).join('')}
<circle cx="590" cy="540" r="30" fill="${art.accent}"/>`;

const dashcam: Draw = (art) => `${floorShadow(400, 640, 260)}
<rect x="350" y="120" width="100" height="90" rx="16" fill="#374151"/>
<rect x="385" y="200" width="30" height="60" fill="#4b5563"/>
<rect x="170" y="250" width="460" height="300" rx="70" fill="url(#body)"/>
<circle cx="400" cy="400" r="120" fill="url(#metal)"/>
<circle cx="400" cy="400" r="96" fill="#0b1220"/>
<circle cx="400" cy="400" r="64" fill="#1e3a8a"/>
<circle cx="400" cy="400" r="34" fill="#020617"/>
<circle cx="375" cy="372" r="18" fill="#fff" opacity="0.7"/>
<circle cx="580" cy="300" r="12" fill="${art.accent}"/>`;

const lightStrip: Draw = (art, random) => {
  const wave = (y: number, amp: number) =>
    `M 40 ${y} C 220 ${y - amp} 320 ${y + amp} 430 ${y} S 660 ${y - amp} 760 ${y}`;
  const y = random.int(330, 380);
  return `<path d="M 0 520 Q 400 420 800 520 L 800 800 L 0 800 Z" fill="#0b1220"/>
<path d="M 0 540 Q 400 450 800 540" stroke="#1e293b" stroke-width="16" fill="none"/>
<path d="${wave(y, 70)}" stroke="${art.accent}" stroke-width="70" stroke-opacity="0.18" fill="none"/>
${glowLine(wave(y, 70), art.color, 16)}
${glowLine('M 60 560 Q 400 470 740 560', art.color, 8)}`;
};

const projector: Draw = (art) => `<ellipse cx="400" cy="650" rx="300" ry="80" fill="url(#glow)"/>
<ellipse cx="400" cy="650" rx="170" ry="44" fill="none" stroke="${art.accent}" stroke-width="8" opacity="0.9"/>
<path d="M 360 250 L 440 250 L 620 650 L 180 650 Z" fill="${art.accent}" opacity="0.12"/>
<rect x="310" y="110" width="180" height="150" rx="30" fill="url(#body)"/>
<circle cx="400" cy="250" r="40" fill="url(#metal)"/><circle cx="400" cy="250" r="20" fill="${art.accent}"/>`;

const towel: Draw = (art) => `${floorShadow(400, 680, 300)}
${[0, 1, 2, 3]
  .map((i) => {
    const c = i % 2 === 0 ? art.color : art.accent;
    const y = 560 - i * 110;
    return `<rect x="${150 + i * 8}" y="${y}" width="${500 - i * 16}" height="110" rx="40" fill="${c}"/><rect x="${170 + i * 8}" y="${y + 14}" width="${460 - i * 16}" height="22" rx="11" fill="#fff" opacity="0.25"/>`;
  })
  .join('')}`;

const carModel: Draw = (art, random) => `${floorShadow(400, 640, 340)}
<path d="M 90 560 L 710 560 L 760 620 L 40 620 Z" fill="#1f2937"/>
<rect x="40" y="620" width="720" height="40" fill="#111827"/>
<rect x="330" y="628" width="140" height="22" rx="4" fill="url(#metal)"/>
${sideCar(random, 110, 370, 580, art.color, null)}
<path d="M 80 200 L 80 560 M 720 200 L 720 560" stroke="#fff" stroke-opacity="0.6" stroke-width="6"/>
<path d="M 80 200 L 720 200" stroke="#fff" stroke-opacity="0.6" stroke-width="6"/>`;

const keyCard: Draw = (art) => `${floorShadow(400, 660, 280)}
<g transform="rotate(-10 400 400)"><rect x="170" y="230" width="460" height="290" rx="28" fill="#111827"/>
<rect x="200" y="260" width="120" height="14" rx="7" fill="#6b7280"/></g>
<g transform="rotate(6 420 440)"><rect x="190" y="280" width="470" height="300" rx="36" fill="url(#body)"/>
<rect x="220" y="310" width="410" height="240" rx="24" fill="none" stroke="${shade(art.color, -0.3)}" stroke-width="4" stroke-dasharray="12 8"/>
<circle cx="560" cy="360" r="20" fill="${art.accent}"/></g>`;

const mattress: Draw = (art) => `${floorShadow(400, 660, 350)}
<path d="M 110 320 L 690 320 L 760 600 L 40 600 Z" fill="url(#body)"/>
<path d="M 40 600 L 760 600 L 760 650 L 40 650 Z" fill="url(#side)"/>
${[0, 1, 2, 3, 4].map((i) => `<path d="M ${120 + i * 4} ${360 + i * 50} L ${680 + i * 16} ${360 + i * 50}" stroke="${shade(art.color, -0.25)}" stroke-width="10" stroke-linecap="round"/>`).join('')}
<ellipse cx="230" cy="330" rx="100" ry="26" fill="${shade(art.color, 0.35)}"/><ellipse cx="560" cy="330" rx="100" ry="26" fill="${shade(art.color, 0.35)}"/>
<circle cx="720" cy="625" r="12" fill="${art.accent}"/>`;

const tent: Draw = (art) => `${floorShadow(400, 680, 360)}
<path d="M 400 140 L 720 660 L 80 660 Z" fill="url(#body)"/>
<path d="M 400 140 L 720 660 L 560 660 Z" fill="url(#side)"/>
<path d="M 400 300 L 490 660 L 310 660 Z" fill="${shade(art.color, -0.55)}"/>
<path d="M 400 300 L 400 660" stroke="${shade(art.color, 0.3)}" stroke-width="4"/>
<path d="M 400 140 L 400 100 M 80 660 L 40 700 M 720 660 L 760 700" stroke="#374151" stroke-width="8" stroke-linecap="round"/>
<path d="M 180 500 L 620 500" stroke="${art.accent}" stroke-width="10" stroke-linecap="round" opacity="0.8"/>`;

const DRAW: Record<ArtKind, Draw> = {
  'floor-mat': floorMat,
  seat,
  'vent-clip': ventClip,
  bottle,
  screen,
  'phone-mount': phoneMount,
  'wall-box': wallBox,
  'charge-gun': chargeGun,
  adapter,
  'console-box': consoleBox,
  crate,
  'car-cover': carCover,
  wrap,
  wheel,
  inflator,
  'power-box': powerBox,
  dashcam,
  'light-strip': lightStrip,
  projector,
  towel,
  'car-model': carModel,
  'key-card': keyCard,
  mattress,
  tent,
};

/**
 * The SVG of one product image; every choice comes from `random`, so the same generator
 * state draws the same picture. Views after the first sit on another backdrop, tilted a
 * little, and every other one is cropped closer.
 */
export function productArtSvg(random: Random, art: ProductArt): string {
  const body = DRAW[art.kind](art, random);
  const zoom = art.view % 2 === 1 ? 1.25 : 1;
  const tilt = art.view === 0 ? 0 : random.float(-4, 4);
  const shift = ((1 - zoom) * S) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${defs(art, random)}<rect width="${S}" height="${S}" fill="url(#backdrop)"/><g transform="translate(${fmt(shift)} ${fmt(shift)}) scale(${zoom}) rotate(${fmt(tilt)} 400 400)">${body}</g></svg>`;
}

/** WebP settings fixed here so the same seed gives the same bytes on every run. */
const WEBP = { quality: 80, effort: 1 } as const;

/** Renders image `label` of the shop under run seed `seed` to an 800 × 800 WebP. */
export async function renderProductImage(seed: number, label: string, art: ProductArt): Promise<Buffer> {
  const svg = productArtSvg(createRandom(seed, `product-art:${label}`), art);
  return sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
}
