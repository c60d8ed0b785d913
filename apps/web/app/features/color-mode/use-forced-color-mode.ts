import { useEffect } from 'react';
import { type ColorMode, useRouteHandleValue } from '~/lib/route-handle.ts';

/**
 * The colour mode the current route forces through `handle.colorMode`, or null. Only
 * light and dark may be forced; anything else (notably 'system', which is the absence of
 * forcing) is refused with a warning in the browser console.
 */
export function useForcedColorMode(): ColorMode | null {
  const declared = useRouteHandleValue('colorMode');
  const value = declared?.value;
  const isValid = value === 'light' || value === 'dark';
  const refusedRoute = declared && !isValid ? declared.routeId : null;

  useEffect(() => {
    if (refusedRoute !== null) {
      console.warn(
        `[color-mode] route "${refusedRoute}" forces colour mode "${String(value)}"; only "light" or "dark" may be forced, so it is ignored.`,
      );
    }
  }, [refusedRoute, value]);

  return isValid ? value : null;
}
