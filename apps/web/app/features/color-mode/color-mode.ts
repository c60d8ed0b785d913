import type { ColorMode } from '~/lib/route-handle.ts';

/** SPEC.md §3 UI settings: the colour-mode preference (resolved to a ColorMode). */
export type ColorModePreference = 'system' | 'light' | 'dark';

/** The one localStorage key the preference lives under (SPEC.md §4). */
export const COLOR_MODE_STORAGE_KEY = 'evcircle.colorMode';

export const COLOR_MODE_PREFERENCES: readonly ColorModePreference[] = ['system', 'light', 'dark'];

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function resolveColorMode(
  forced: ColorMode | null,
  preference: ColorModePreference,
  systemIsDark: boolean,
): ColorMode {
  if (forced) return forced;
  if (preference === 'system') return systemIsDark ? 'dark' : 'light';
  return preference;
}

/**
 * The inline <head> script: sets the `dark` class before the first paint so a dark page
 * never flashes white. Kept tiny and self-contained; it mirrors resolveColorMode.
 */
export function colorModeScript(forced: ColorMode | null): string {
  return `(function(f){try{var p=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)});var d=f?f==='dark':p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.classList.toggle('dark',d)}catch(e){}})(${JSON.stringify(forced)})`;
}
