import { MOBILE_BREAKPOINT_PX } from '@evcircle/contract/client';
import { useSyncExternalStore } from 'react';
import { useRootData } from './root-data.ts';

/** A viewport narrower than the mobile breakpoint (SPEC.md §9: 768 px). */
export function isNarrowViewport(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

const viewportListeners = new Set<() => void>();

function subscribeResize(onChange: () => void) {
  viewportListeners.add(onChange);
  window.addEventListener('resize', onChange);
  return () => {
    viewportListeners.delete(onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * A value derived from the viewport width: during SSR and hydration it comes from the
 * server's guess (the width cookie, else a phone or desktop default), then from the real
 * width. useSyncExternalStore makes that switch an ordinary re-render after hydration,
 * never a hydration mismatch. `select` should return a primitive, so resizing re-renders
 * only when the derived value changes.
 */
export function useViewport<T extends string | number | boolean>(select: (width: number) => T): T {
  const root = useRootData();
  const guessed = root?.viewportHint ?? (root?.isPhone ? 390 : 1280);
  return useSyncExternalStore(
    subscribeResize,
    () => select(correctedWidth ?? window.innerWidth),
    () => select(guessed),
  );
}

// The layout check's correction (features/layout/shell-effects.tsx): when the layout in
// use is found wrong, the layouts are drawn from a width on the side the rule wants until
// the next real resize.
let correctedWidth: number | null = null;

/**
 * Draws every responsive layout for `isMobile` now: the layout check's correction when the
 * one in use breaks SPEC.md §2's rule. The next resize hands the choice back to the width.
 */
export function correctLayout(isMobile: boolean): void {
  correctedWidth = isMobile ? MOBILE_BREAKPOINT_PX - 1 : MOBILE_BREAKPOINT_PX;
  for (const listener of viewportListeners) listener();
  // Capture: cleared before the width's own listeners read it.
  window.addEventListener(
    'resize',
    () => {
      correctedWidth = null;
    },
    { once: true, capture: true },
  );
}

/** SPEC.md §2: mobile layout on a phone (by user agent) or a viewport narrower than 768 px. */
export function useIsMobile(): boolean {
  const isPhone = useRootData()?.isPhone ?? false;
  const narrow = useViewport(isNarrowViewport);
  return isPhone || narrow;
}
