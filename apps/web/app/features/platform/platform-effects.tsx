import type { PublicConfig } from '@evcircle/contract/client';
import { useEffect } from 'react';
import { writeViewportHint } from '~/lib/viewport-hint.ts';
import { usePageViews } from './page-views.ts';

/** Browser-side chores every page shares; renders nothing. */
export function PlatformEffects({ analytics }: { analytics: PublicConfig['analytics'] | undefined }) {
  usePageViews(analytics);

  // Tell the next server render how wide this window is (layout and column count).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remember = () => {
      clearTimeout(timer);
      timer = setTimeout(() => writeViewportHint(window.innerWidth), 300);
    };
    writeViewportHint(window.innerWidth);
    window.addEventListener('resize', remember);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', remember);
    };
  }, []);

  return null;
}
