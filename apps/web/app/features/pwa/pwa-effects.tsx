import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { whenIdle } from '~/lib/when-idle.ts';
import { InstallBar } from './install-bar.tsx';
import {
  captureInstallPrompt,
  isIosSafari,
  isStandalone,
  promptInstall,
  useCanPromptInstall,
} from './install-prompt.ts';
import { clearLastFeed, saveLastFeed } from './last-feed.ts';
import { disablePush } from './push-client.ts';
import { dismissInstall, INSTALL_BAR_VISIT_DAYS, isInstallDismissed, recordVisitDay } from './visit-days.ts';

/** Whose data this browser's caches and push subscription hold ('' = logged out). */
const ACCOUNT_KEY = 'evcircle.pwa.account';
/** The pages whose feed the offline page shows. */
const FEED_PATHS = new Set(['/', '/home']);

/** Registers the service worker once the page has loaded (production builds only). */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('[pwa] service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Nothing of one account outlives it in this browser: when the account changes (logout,
 * another login) the saved feed goes, and a push subscription made for the previous account
 * is dropped (its push service then answers 410 and the server forgets it).
 */
async function guardAccount(viewerId: number | null): Promise<void> {
  const current = viewerId === null ? '' : String(viewerId);
  const previous = localStorage.getItem(ACCOUNT_KEY);
  if (previous === current) return;
  localStorage.setItem(ACCOUNT_KEY, current);
  if (previous === null) return;
  await clearLastFeed();
  if (previous !== '') await disablePush(null);
}

function today(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
}

/**
 * The installable app's chores (loaded after the page, lazily, by features/platform; outside
 * the toast provider): the service worker, the
 * account guard, the last feed for the offline page, and the install bar.
 */
export function PwaEffects({ viewerId }: { viewerId: number | null }) {
  const api = useApi();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  const { pathname } = useLocation();
  const canPrompt = useCanPromptInstall();
  const [isBarWanted, setBarWanted] = useState(false);

  useEffect(() => {
    captureInstallPrompt();
    registerServiceWorker();
    const isEligible = recordVisitDay(today()) >= INSTALL_BAR_VISIT_DAYS && !isInstallDismissed() && !isStandalone();
    setBarWanted(isEligible);
  }, []);

  useEffect(() => {
    guardAccount(viewerId).catch((error: unknown) => console.warn('[pwa] account guard failed', error));
  }, [viewerId]);

  useEffect(() => {
    // Only a browser whose service worker serves the offline page needs the feed kept: now,
    // or once the worker installed by this visit takes the page over.
    if (!FEED_PATHS.has(pathname) || !('serviceWorker' in navigator)) return;
    const worker = navigator.serviceWorker;
    let cancelIdle: (() => void) | undefined;
    const keep = () => {
      cancelIdle = whenIdle(
        () => {
          guardAccount(viewerId)
            .then(() => saveLastFeed(api, viewerId, imageBase))
            .catch((error: unknown) => console.warn('[pwa] could not keep the feed for offline reading', error));
        },
        { fallback: 1000 },
      );
    };
    if (worker.controller) keep();
    else worker.addEventListener('controllerchange', keep, { once: true });
    return () => {
      worker.removeEventListener('controllerchange', keep);
      cancelIdle?.();
    };
  }, [pathname, viewerId, api, imageBase]);

  const isIos = typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent);
  if (!isBarWanted || (!canPrompt && !isIos) || pathname === '/download') return null;
  const close = () => {
    dismissInstall();
    setBarWanted(false);
  };
  return (
    <InstallBar
      canPrompt={canPrompt}
      onDismiss={close}
      onInstall={async () => {
        // The browser confirms an installation itself.
        await promptInstall();
        close();
      }}
    />
  );
}
