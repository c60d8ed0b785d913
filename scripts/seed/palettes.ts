/** Colour sets of the generated art: a sky, a light source and the land under it. */
export type Palette = {
  name: string;
  sky: readonly [string, string, string];
  sun: string;
  /** Far, middle and near ridge. */
  ridges: readonly [string, string, string];
  ground: readonly [string, string];
  isNight: boolean;
  isSnowy: boolean;
};

export const PALETTES: readonly Palette[] = [
  {
    name: '清晨',
    sky: ['#1e3a8a', '#f472b6', '#fde68a'],
    sun: '#fff7ed',
    ridges: ['#9d6b9a', '#6d4c7d', '#3b2c4f'],
    ground: ['#4b3a5e', '#1f1a2e'],
    isNight: false,
    isSnowy: false,
  },
  {
    name: '晴空',
    sky: ['#1d4ed8', '#60a5fa', '#e0f2fe'],
    sun: '#fffbeb',
    ridges: ['#7aa5b8', '#4b7b8f', '#2f5d50'],
    ground: ['#3f6b4f', '#1c3326'],
    isNight: false,
    isSnowy: false,
  },
  {
    name: '落日',
    sky: ['#312e81', '#db2777', '#fb923c'],
    sun: '#fde047',
    ridges: ['#7c2d52', '#4c1d3d', '#1f1030'],
    ground: ['#2a1230', '#0d0510'],
    isNight: false,
    isSnowy: false,
  },
  {
    name: '星夜',
    sky: ['#020617', '#1e1b4b', '#3730a3'],
    sun: '#e2e8f0',
    ridges: ['#312e81', '#1e1b4b', '#0b0a1f'],
    ground: ['#111027', '#05040d'],
    isNight: true,
    isSnowy: false,
  },
  {
    name: '极光',
    sky: ['#021526', '#0f766e', '#0c4a6e'],
    sun: '#d1fae5',
    ridges: ['#0b3b3a', '#052e2b', '#021514'],
    ground: ['#06201f', '#010a0a'],
    isNight: true,
    isSnowy: false,
  },
  {
    name: '雪山',
    sky: ['#0284c7', '#7dd3fc', '#f0f9ff'],
    sun: '#ffffff',
    ridges: ['#e2e8f0', '#94a3b8', '#475569'],
    ground: ['#e2e8f0', '#94a3b8'],
    isNight: false,
    isSnowy: true,
  },
  {
    name: '戈壁',
    sky: ['#ea580c', '#fdba74', '#fef3c7'],
    sun: '#fffbeb',
    ridges: ['#d97706', '#b45309', '#7c2d12'],
    ground: ['#a16207', '#57260b'],
    isNight: false,
    isSnowy: false,
  },
  {
    name: '樱粉',
    sky: ['#7c3aed', '#f9a8d4', '#fce7f3'],
    sun: '#fff1f2',
    ridges: ['#c4b5fd', '#8b5cf6', '#5b21b6'],
    ground: ['#6d28d9', '#2e1065'],
    isNight: false,
    isSnowy: false,
  },
];

/** Paint colours EV owners actually order (珠光白, 星空灰, 熔岩橙 …). */
export const CAR_COLORS: readonly string[] = [
  '#f1f5f9',
  '#cbd5e1',
  '#334155',
  '#0f172a',
  '#1e3a8a',
  '#b91c1c',
  '#7dd3fc',
  '#10b981',
  '#f97316',
  '#7c3aed',
  '#a3e635',
];

/** Neon accents for 氛围灯 and underglow. */
export const NEON_COLORS: readonly string[] = ['#22d3ee', '#a855f7', '#f43f5e', '#34d399', '#facc15', '#3b82f6'];
