import { PAGE_VIEW_DELAY_MS, type PublicConfig } from '@evcircle/contract/client';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

type UmamiPayload = Record<string, unknown> & { url?: string };
type Umami = { track: (build: (props: UmamiPayload) => UmamiPayload) => void };

declare global {
  interface Window {
    umami?: Umami;
  }
}

/** Where the analytics <script> is; its data attributes tell umami not to count on its own. */
export const ANALYTICS_SCRIPT_SELECTOR = 'script[data-website-id]';

function track(url: string): void {
  if (window.umami) {
    window.umami.track((props) => ({ ...props, url }));
    return;
  }
  // The script loads async: count this view once it is there.
  const script = document.querySelector(ANALYTICS_SCRIPT_SELECTOR);
  script?.addEventListener('load', () => window.umami?.track((props) => ({ ...props, url })), { once: true });
}

/**
 * SPEC.md §2: every route change is reported as a page view with the full path, 100 ms
 * after it (so the new page's title is in place), only when analytics is configured.
 */
export function usePageViews(analytics: PublicConfig['analytics'] | undefined): void {
  const location = useLocation();
  const url = location.pathname + location.search;
  const hasLogged = useRef(false);

  useEffect(() => {
    if (!analytics) {
      if (!hasLogged.current) console.info('[analytics] not configured; page views are not reported.');
      hasLogged.current = true;
      return;
    }
    const timer = setTimeout(() => track(url), PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [analytics, url]);
}
