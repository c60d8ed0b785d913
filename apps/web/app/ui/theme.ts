import { DEFAULT_GRAY_COLOR, DEFAULT_PRIMARY_COLOR, PALETTE_SHADES } from '@evcircle/contract/client';

/** Tailwind palettes that can serve as the primary colour. */
const PRIMARY_PALETTES = [
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;

/** Neutral palettes for gray-*. `cool` is Tailwind's own gray, kept under the SPEC.md name in app.css. */
const GRAY_PALETTES = ['cool', 'slate', 'zinc', 'neutral', 'stone'] as const;

export type UiColors = { primary: string; gray: string };

/** The product's colours (SPEC.md §3 UI settings). Change here to re-theme every page. */
export const UI_COLORS: UiColors = { primary: DEFAULT_PRIMARY_COLOR, gray: DEFAULT_GRAY_COLOR };

function pick(kind: 'primary' | 'gray', name: string, known: readonly string[], fallback: string): string {
  if (known.includes(name)) return name;
  console.warn(`[theme] ${kind} colour "${name}" not found; using "${fallback}". Known: ${known.join(', ')}`);
  return fallback;
}

/**
 * CSS variables that point primary-* and gray-* at the configured palettes, or undefined
 * when the configuration is the default that app.css already sets. Unknown names fall
 * back to the defaults with a warning (SPEC.md §8).
 */
export function paletteVariables(colors: UiColors): Record<string, string> | undefined {
  const primary = pick('primary', colors.primary, PRIMARY_PALETTES, DEFAULT_PRIMARY_COLOR);
  const gray = pick('gray', colors.gray, GRAY_PALETTES, DEFAULT_GRAY_COLOR);
  if (primary === DEFAULT_PRIMARY_COLOR && gray === DEFAULT_GRAY_COLOR) return undefined;
  const vars: Record<string, string> = {};
  for (const shade of PALETTE_SHADES) {
    vars[`--ui-primary-${shade}`] = `var(--color-${primary}-${shade})`;
    vars[`--ui-gray-${shade}`] = `var(--color-${gray}-${shade})`;
  }
  return vars;
}
