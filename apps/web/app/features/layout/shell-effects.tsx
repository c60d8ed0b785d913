import { useEffect } from 'react';
import { findWrongLayout, NARROW_VIEWPORT_QUERY } from '~/lib/layout-rule.ts';
import type { LayoutName } from '~/lib/route-handle.ts';
import { correctLayout, useIsMobile } from '~/lib/use-is-mobile.ts';
import { whenIdle } from '~/lib/when-idle.ts';
import { preloadNextMobileScreen } from './mobile-preload.ts';

/** SPEC.md §2: the layout check runs one second after load (and after a resize settles). */
const CHECK_DELAY_MS = 1000;
/** SPEC.md §2: the mobile preload waits for an idle browser, or one second at the latest. */
const PRELOAD_TIMEOUT_MS = 1000;

let hasPreloaded = false;

let checks = 0;

/**
 * Compares the layout in use (the outermost `data-layout`) with SPEC.md §2's rule, asking
 * the narrowness of the CSS's own media query (not the width the layouts were drawn from);
 * when they differ it says so on the console, naming both, and redraws the right one.
 * Each check is counted on <html> (data-layout-checks, data-layout-check: right|corrected).
 */
function checkLayout() {
  const rendered = document.querySelector('[data-layout]')?.getAttribute('data-layout');
  const isNarrow = window.matchMedia(NARROW_VIEWPORT_QUERY).matches;
  const wrong = findWrongLayout(rendered, navigator.userAgent, isNarrow);
  checks += 1;
  document.documentElement.dataset.layoutChecks = String(checks);
  document.documentElement.dataset.layoutCheck = wrong ? 'corrected' : 'right';
  if (!wrong) return;
  console.error(
    `[layout] wrong layout in use: "${wrong.rendered}" is drawn, but this ${isNarrow ? 'narrow (< 768 px)' : 'wide (>= 768 px)'} viewport and user agent need the ${wrong.expected} layout; redrawing it`,
  );
  correctLayout(wrong.expected === 'mobile');
}

/**
 * The layout's browser-side duties (SPEC.md §2 "Layout choice"), loaded after the page
 * (lazy-shell-effects.tsx): the wrong-layout check, and on phones fetching the next
 * screen's stylesheet, code and images ahead, once per page load.
 */
export function ShellEffects({ layout }: { layout: LayoutName }) {
  const isMobile = useIsMobile();
  const isMobileLayout = layout === 'mobile' || (isMobile && layout !== 'none' && layout !== 'nonav');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(checkLayout, CHECK_DELAY_MS);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    window.addEventListener('resize', schedule);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);

  useEffect(() => {
    if (!isMobileLayout || hasPreloaded) return;
    return whenIdle(
      () => {
        if (hasPreloaded) return;
        hasPreloaded = true;
        preloadNextMobileScreen();
      },
      { fallback: PRELOAD_TIMEOUT_MS, timeout: PRELOAD_TIMEOUT_MS },
    );
  }, [isMobileLayout]);

  return null;
}
