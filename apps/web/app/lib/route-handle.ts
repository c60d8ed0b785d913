import { useMatches } from 'react-router';
import type { ColorMode } from '~/features/color-mode/color-mode.ts';
import { isLayoutName, type LayoutName } from '~/features/layout/layouts.tsx';

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

export function useRouteLayout(): LayoutName {
  const declared = useRouteHandleValue('layout')?.value;
  return isLayoutName(declared) ? declared : 'default';
}
