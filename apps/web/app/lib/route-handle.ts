import { useMatches } from 'react-router';

/**
 * Layout names of SPEC.md §2 that exist so far; a route picks one with
 * `handle: { layout }` (default when absent).
 */
export type LayoutName = 'default' | 'mobile' | 'none' | 'nonav' | 'post' | 'detail' | 'category-layout';

const LAYOUT_NAMES: readonly string[] = ['default', 'mobile', 'none', 'nonav', 'post', 'detail', 'category-layout'];

export function isLayoutName(value: unknown): value is LayoutName {
  return typeof value === 'string' && LAYOUT_NAMES.includes(value);
}

/** A resolved colour mode, the only values a route may force. */
export type ColorMode = 'light' | 'dark';

/** What a route may declare in `export const handle`. */
export type RouteHandle = {
  /** Layout of SPEC.md §2; 'default' when absent. */
  layout?: LayoutName;
  /** Forces the colour mode on this page, overriding the visitor's preference. */
  colorMode?: ColorMode;
};

function handleValue(handle: unknown, key: keyof RouteHandle): unknown {
  return handle && typeof handle === 'object' && key in handle ? (handle as Record<string, unknown>)[key] : undefined;
}

/** The deepest route's declaration of `key`, with the id of the route that made it. */
export function useRouteHandleValue(key: keyof RouteHandle): { value: unknown; routeId: string } | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const value = handleValue(match?.handle, key);
    if (match && value !== undefined) return { value, routeId: match.id };
  }
  return null;
}
