import { MOBILE_BREAKPOINT_PX } from '@evcircle/contract/client';
import { useSyncExternalStore } from 'react';
import { useRootData } from './root-data.ts';

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
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
    () => select(window.innerWidth),
    () => select(guessed),
  );
}

const isNarrow = (width: number) => width < MOBILE_BREAKPOINT_PX;

/** SPEC.md §2: mobile layout on a phone (by user agent) or a viewport narrower than 768 px. */
export function useIsMobile(): boolean {
  const isPhone = useRootData()?.isPhone ?? false;
  const narrow = useViewport(isNarrow);
  return isPhone || narrow;
}
