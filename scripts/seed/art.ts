import type { PostTheme } from '@evcircle/contract';
import { CAR_COLORS, NEON_COLORS, PALETTES, type Palette } from './palettes.ts';
import type { Random } from './random.ts';

/**
 * Procedural scenes drawn as SVG: skies, ridges, roads, chargers, garages and car
 * silhouettes. Pure string building — images.ts turns the SVG into JPEG with sharp.
 */

type Scene = { width: number; height: number; random: Random; palette: Palette };

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

function points(list: readonly (readonly [number, number])[]): string {
  return list.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');
}

function defs({ width, height, palette }: Scene, accent: string): string {
  const [top, middle, bottom] = palette.sky;
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${middle}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.ground[0]}"/><stop offset="1" stop-color="${palette.ground[1]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="0.25" stop-color="${palette.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#cbd5e1" stop-opacity="0.9"/><stop offset="0.45" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
<linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020617"/><stop offset="1" stop-color="#1e293b"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#334155"/><stop offset="1" stop-color="#020617"/></linearGradient>
<radialGradient id="neon"><stop offset="0" stop-color="${accent}" stop-opacity="0.85"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="${fmt(width / 120)}"/></filter>
<clipPath id="frame"><rect width="${width}" height="${height}"/></clipPath>
</defs>`;
}

function sky({ width, height, random, palette }: Scene, horizon: number): string {
  const parts = [`<rect width="${width}" height="${height}" fill="url(#sky)"/>`];
  if (palette.isNight) {
    for (let i = 0; i < 90; i++) {
      const r = random.float(0.6, 2.4) * (width / 1080);
      parts.push(
        `<circle cx="${fmt(random.float(0, width))}" cy="${fmt(random.float(0, horizon * 0.9))}" r="${fmt(r)}" fill="#fff" opacity="${fmt(random.float(0.35, 1))}"/>`,
      );
    }
  }
  if (palette.name === '极光') {
    for (let band = 0; band < 3; band++) {
      const y = horizon * random.float(0.15, 0.45);
      const amp = horizon * 0.08;
      const d = `M 0 ${fmt(y)} C ${fmt(width * 0.3)} ${fmt(y - amp)}, ${fmt(width * 0.6)} ${fmt(y + amp)}, ${width} ${fmt(y - amp / 2)}`;
      parts.push(
        `<path d="${d}" stroke="${random.pick(['#34d399', '#5eead4', '#a7f3d0'])}" stroke-width="${fmt(width * 0.06)}" fill="none" opacity="0.45" filter="url(#blur)"/>`,
      );
    }
  }
  const sunX = random.float(0.15, 0.85) * width;
  const sunY = horizon * random.float(0.35, 0.8);
  const sunR = width * random.float(0.045, 0.09);
  parts.push(`<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(sunR * 5)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${fmt(sunX)}" cy="${fmt(sunY)}" r="${fmt(sunR)}" fill="${palette.sun}" opacity="0.95"/>`);
  if (!palette.isNight) parts.push(clouds({ width, height, random, palette }, horizon));
  return parts.join('');
}

function clouds({ width, random }: Scene, horizon: number): string {
  const parts: string[] = [];
  const count = random.int(2, 5);
  for (let c = 0; c < count; c++) {
    const cx = random.float(-0.1, 1.1) * width;
    const cy = random.float(0.08, 0.6) * horizon;
    const size = width * random.float(0.06, 0.12);
    const puffs = random.int(3, 5);
    const opacity = fmt(random.float(0.55, 0.85));
    for (let p = 0; p < puffs; p++) {
      parts.push(
        `<ellipse cx="${fmt(cx + (p - puffs / 2) * size * 0.8)}" cy="${fmt(cy + random.float(-0.3, 0.3) * size)}" rx="${fmt(size * random.float(0.8, 1.3))}" ry="${fmt(size * random.float(0.45, 0.7))}" fill="#fff" opacity="${opacity}"/>`,
      );
    }
  }
  return parts.join('');
}

/**
 * A ridge line by midpoint displacement: rough at large scales, calmer at small ones.
 * Peaks reach `rise` pixels above `base`.
 */
function ridgeLine(random: Random, width: number, base: number, rise: number): [number, number][] {
  let heights = [random.next(), random.next()];
  let spread = 0.6;
  for (let level = 0; level < 6; level++) {
    const next: number[] = [];
    for (let i = 0; i < heights.length - 1; i++) {
      next.push(heights[i]!, (heights[i]! + heights[i + 1]!) / 2 + random.float(-spread, spread));
    }
    next.push(heights[heights.length - 1]!);
    heights = next;
    spread *= 0.55;
  }
  const low = Math.min(...heights);
  const span = Math.max(...heights) - low || 1;
  const step = width / (heights.length - 1);
  return heights.map((h, i) => [i * step, base - (0.15 + (0.85 * (h - low)) / span) * rise]);
}

function ridges({ width, height, random, palette }: Scene, horizon: number): string {
  const parts: string[] = [];
  palette.ridges.forEach((color, layer) => {
    const base = horizon - (2 - layer) * height * 0.04;
    const rise = height * (0.2 - layer * 0.05);
    const line = ridgeLine(random, width, base, rise);
    const polygon = [...line, [width, horizon + 2] as [number, number], [0, horizon + 2] as [number, number]];
    parts.push(`<polygon points="${points(polygon)}" fill="${color}"/>`);
    if (palette.isSnowy && layer < 2) {
      const caps = line.map(([x, y]) => [x, y + rise * 0.18] as [number, number]);
      const cap = [...line, ...caps.reverse()];
      parts.push(`<polygon points="${points(cap)}" fill="#fff" opacity="0.8"/>`);
    }
  });
  return parts.join('');
}

/** A road running from the bottom edge to a vanishing point on the horizon. */
function road({ width, height, random, palette }: Scene, horizon: number): string {
  const vx = width * random.float(0.4, 0.6);
  const bottomHalf = width * random.float(0.42, 0.6);
  const asphalt = palette.isSnowy ? '#64748b' : '#1f2937';
  const parts = [
    `<rect y="${fmt(horizon)}" width="${width}" height="${fmt(height - horizon)}" fill="url(#ground)"/>`,
    `<polygon points="${points([
      [vx - 3, horizon],
      [vx + 3, horizon],
      [width / 2 + bottomHalf, height],
      [width / 2 - bottomHalf, height],
    ])}" fill="${asphalt}"/>`,
  ];
  for (let i = 0; i < 14; i++) {
    const t0 = (i / 14) ** 2;
    const t1 = ((i + 0.5) / 14) ** 2;
    const y0 = horizon + (height - horizon) * t0;
    const y1 = horizon + (height - horizon) * t1;
    const x0 = vx + (width / 2 - vx) * t0;
    const x1 = vx + (width / 2 - vx) * t1;
    const w0 = 1 + width * 0.012 * t0;
    const w1 = 1 + width * 0.012 * t1;
    parts.push(
      `<polygon points="${points([
        [x0 - w0, y0],
        [x0 + w0, y0],
        [x1 + w1, y1],
        [x1 - w1, y1],
      ])}" fill="#fbbf24" opacity="0.85"/>`,
    );
  }
  return parts.join('');
}

type Silhouette = { body: string; glass: string };

/** Side profiles in a 1000 × 320 box; wheels sit at x 215 and 785, y 262. */
const SIDE_PROFILES: readonly Silhouette[] = [
  {
    body: 'M 30 250 C 28 215 40 195 80 185 L 270 160 C 330 110 390 80 470 74 L 640 76 C 740 84 820 120 880 155 L 950 168 C 975 175 982 205 975 250 Z',
    glass: 'M 300 158 C 350 115 400 92 470 88 L 630 90 C 705 96 770 125 820 156 Z',
  },
  {
    body: 'M 30 255 C 28 215 40 190 80 178 L 250 150 C 310 95 360 62 440 56 L 780 56 C 850 60 900 95 930 140 L 965 160 C 980 180 982 215 975 255 Z',
    glass: 'M 285 148 C 330 105 370 75 440 70 L 770 70 C 830 74 870 105 895 145 Z',
  },
  {
    body: 'M 30 245 C 30 215 45 198 90 190 L 300 170 C 370 115 430 92 500 88 L 620 90 C 730 100 830 140 900 165 L 960 175 C 978 185 980 215 975 245 Z',
    glass: 'M 330 168 C 390 125 440 104 500 101 L 615 103 C 690 110 760 135 810 163 Z',
  },
];

export function sideCar(
  random: Random,
  x: number,
  y: number,
  carWidth: number,
  color: string,
  accent: string | null,
): string {
  const shape = random.pick(SIDE_PROFILES);
  const scale = carWidth / 1000;
  const rim = random.pick(['#e5e7eb', '#9ca3af', '#111827', '#f59e0b']);
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="262" r="62" fill="#0b0b0f"/><circle cx="${cx}" cy="262" r="42" fill="${rim}"/>` +
    Array.from({ length: 5 }, (_, k) => {
      const a = (k / 5) * Math.PI * 2;
      return `<line x1="${cx}" y1="262" x2="${fmt(cx + Math.cos(a) * 40)}" y2="${fmt(262 + Math.sin(a) * 40)}" stroke="#1f2937" stroke-width="7"/>`;
    }).join('') +
    `<circle cx="${cx}" cy="262" r="10" fill="#374151"/>`;
  const underglow = accent
    ? `<ellipse cx="500" cy="300" rx="470" ry="34" fill="${accent}" opacity="0.8" filter="url(#blur)"/>`
    : '';
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${scale.toFixed(4)})">
<ellipse cx="500" cy="318" rx="500" ry="22" fill="#000" opacity="0.45"/>${underglow}
<path d="${shape.body}" fill="${color}"/>
<path d="${shape.body}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="4"/>
<path d="${shape.glass}" fill="url(#glass)"/>
<path d="M 60 215 L 960 222" stroke="#000" stroke-opacity="0.2" stroke-width="6"/>
<ellipse cx="62" cy="200" rx="26" ry="9" fill="#fefce8"/>
<rect x="930" y="180" width="46" height="10" rx="5" fill="#ef4444"/>
${wheel(215)}${wheel(785)}
</g>`;
}

/** A car seen from behind, driving away on the road (400 × 260 box). */
function rearCar(x: number, y: number, carWidth: number, color: string): string {
  const scale = (carWidth / 400).toFixed(4);
  return `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${scale})">
<ellipse cx="200" cy="252" rx="215" ry="18" fill="#000" opacity="0.5"/>
<rect x="22" y="205" width="52" height="50" rx="10" fill="#0b0b0f"/><rect x="326" y="205" width="52" height="50" rx="10" fill="#0b0b0f"/>
<path d="M 70 120 L 112 48 Q 200 30 288 48 L 330 120 Z" fill="url(#glass)"/>
<rect x="0" y="112" width="400" height="112" rx="38" fill="${color}"/>
<rect x="10" y="136" width="380" height="16" rx="8" fill="#ef4444" filter="url(#blur)" opacity="0.9"/>
<rect x="18" y="139" width="364" height="10" rx="5" fill="#fca5a5"/>
<rect x="158" y="172" width="84" height="28" rx="4" fill="#e5e7eb"/>
</g>`;
}

function snowfall({ width, height, random }: Scene): string {
  return Array.from(
    { length: 140 },
    () =>
      `<circle cx="${fmt(random.float(0, width))}" cy="${fmt(random.float(0, height))}" r="${fmt(random.float(1.5, 6) * (width / 1080))}" fill="#fff" opacity="${fmt(random.float(0.5, 0.95))}"/>`,
  ).join('');
}

function skyline({ width, random }: Scene, horizon: number): string {
  const parts: string[] = [];
  let x = -10;
  while (x < width) {
    const w = width * random.float(0.05, 0.11);
    const h = horizon * random.float(0.15, 0.55);
    parts.push(`<rect x="${fmt(x)}" y="${fmt(horizon - h)}" width="${fmt(w)}" height="${fmt(h)}" fill="#0f172a"/>`);
    for (let wy = horizon - h + 12; wy < horizon - 10; wy += 22) {
      for (let wx = x + 8; wx < x + w - 10; wx += 18) {
        if (random.chance(0.35)) {
          parts.push(`<rect x="${fmt(wx)}" y="${fmt(wy)}" width="8" height="11" fill="#fde68a" opacity="0.8"/>`);
        }
      }
    }
    x += w + width * random.float(0, 0.02);
  }
  return parts.join('');
}

/** Supercharger stalls under a lit canopy. */
function chargers({ width, random }: Scene, floor: number): string {
  const count = random.int(3, 5);
  const gap = width / (count + 1);
  const post = width * 0.035;
  const tall = width * 0.2;
  const parts = [
    `<rect x="${fmt(width * 0.04)}" y="${fmt(floor - tall * 1.9)}" width="${fmt(width * 0.92)}" height="${fmt(width * 0.025)}" fill="#111827"/>`,
    `<rect x="${fmt(width * 0.05)}" y="${fmt(floor - tall * 1.9 + width * 0.025)}" width="${fmt(width * 0.9)}" height="${fmt(width * 0.006)}" fill="#f8fafc" filter="url(#blur)"/>`,
  ];
  for (let i = 1; i <= count; i++) {
    const x = i * gap - post / 2;
    parts.push(
      `<rect x="${fmt(x)}" y="${fmt(floor - tall)}" width="${fmt(post)}" height="${fmt(tall)}" rx="${fmt(post / 2)}" fill="#f8fafc"/>`,
      `<rect x="${fmt(x)}" y="${fmt(floor - tall)}" width="${fmt(post)}" height="${fmt(tall * 0.22)}" rx="${fmt(post / 2)}" fill="#dc2626"/>`,
    );
  }
  return parts.join('');
}

/** A detailing garage: honeycomb ceiling lights and neon strips (the 改装 look). */
function garage({ width, height, random }: Scene, floor: number, accent: string): string {
  const parts = [
    `<rect width="${width}" height="${height}" fill="url(#studio)"/>`,
    `<rect y="${fmt(floor)}" width="${width}" height="${fmt(height - floor)}" fill="url(#floor)"/>`,
  ];
  const r = width / 16;
  const hex = (cx: number, cy: number) =>
    points(
      Array.from({ length: 6 }, (_, k) => [cx + r * Math.cos((k * Math.PI) / 3), cy + r * Math.sin((k * Math.PI) / 3)]),
    );
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 12; col++) {
      const cx = col * r * 1.5 + (row % 2) * 0;
      const cy = r + row * r * 1.75 + (col % 2) * r * 0.87;
      if (random.chance(0.9)) {
        parts.push(
          `<polygon points="${hex(cx, cy)}" fill="none" stroke="#f8fafc" stroke-width="${fmt(width / 240)}" opacity="0.9"/>`,
        );
      }
    }
  }
  const stripY = floor - height * random.float(0.12, 0.22);
  parts.push(
    `<rect x="0" y="${fmt(stripY)}" width="${width}" height="${fmt(width / 90)}" fill="${accent}" filter="url(#blur)"/>`,
    `<rect x="0" y="${fmt(stripY + width / 270)}" width="${width}" height="${fmt(width / 270)}" fill="#fff" opacity="0.8"/>`,
  );
  return parts.join('');
}

function lensFlare({ width, height, random, palette }: Scene): string {
  const parts: string[] = [];
  const x0 = random.float(0.1, 0.9) * width;
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<circle cx="${fmt(x0 + (width / 2 - x0) * (i / 3))}" cy="${fmt(height * (0.2 + i * 0.12))}" r="${fmt(width * random.float(0.01, 0.05))}" fill="${palette.sun}" opacity="${fmt(random.float(0.08, 0.22))}"/>`,
    );
  }
  return parts.join('');
}

/** Draws the scene for one post image of `theme`; every choice comes from `random`. */
export function postArtSvg(random: Random, theme: PostTheme, width: number, height: number): string {
  const palette = random.pick(PALETTES);
  const scene: Scene = { width, height, random, palette };
  const accent = random.pick(NEON_COLORS);
  const color = random.pick(CAR_COLORS);
  const body: string[] = [];
  const portrait = height > width;

  if (theme === 'mod') {
    const floor = height * random.float(0.62, 0.74);
    const carWidth = width * random.float(0.78, 0.92);
    body.push(garage(scene, floor, accent));
    body.push(sideCar(random, (width - carWidth) / 2, floor - carWidth * 0.3, carWidth, color, accent));
  } else if (theme === 'beauty') {
    const horizon = height * random.float(0.5, 0.62);
    const carWidth = width * random.float(0.75, 0.9);
    body.push(sky(scene, horizon), ridges(scene, horizon));
    body.push(`<rect y="${fmt(horizon)}" width="${width}" height="${fmt(height - horizon)}" fill="url(#ground)"/>`);
    const carY = horizon + (height - horizon) * (portrait ? 0.15 : 0.05);
    body.push(sideCar(random, (width - carWidth) / 2, carY, carWidth, color, null));
    body.push(lensFlare(scene));
  } else if (theme === 'tesla' && random.chance(0.6)) {
    const horizon = height * random.float(0.55, 0.66);
    const carWidth = width * random.float(0.6, 0.75);
    body.push(sky({ ...scene, palette: { ...palette, isNight: true } }, horizon));
    body.push(`<rect y="${fmt(horizon)}" width="${width}" height="${fmt(height - horizon)}" fill="url(#floor)"/>`);
    body.push(chargers(scene, horizon + (height - horizon) * 0.3));
    body.push(
      sideCar(random, width * 0.05, horizon + (height - horizon) * 0.3 - carWidth * 0.3, carWidth, color, null),
    );
  } else if (theme === 'exp' && !palette.isSnowy && random.chance(0.5)) {
    const horizon = height * random.float(0.5, 0.62);
    body.push(sky({ ...scene, palette: { ...palette, isNight: true } }, horizon), skyline(scene, horizon));
    body.push(road(scene, horizon));
    const carWidth = width * random.float(0.3, 0.42);
    body.push(rearCar(width / 2 - carWidth / 2, height * 0.9 - carWidth * 0.65, carWidth, color));
  } else {
    const horizon = height * random.float(0.45, 0.6);
    body.push(sky(scene, horizon), ridges(scene, horizon), road(scene, horizon));
    const carWidth = width * random.float(0.22, 0.4);
    const carX = width / 2 - carWidth / 2 + random.float(-0.08, 0.08) * width;
    body.push(rearCar(carX, height * random.float(0.78, 0.88) - carWidth * 0.65, carWidth, color));
    if (palette.isSnowy || (theme === 'exp' && random.chance(0.4))) body.push(snowfall(scene));
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(scene, accent)}<g clip-path="url(#frame)">${body.join('')}<rect width="${width}" height="${height}" fill="url(#vignette)"/></g></svg>`;
}
