/// <reference lib="webworker" />
// The service worker (serwist, built by @serwist/vite into build/client/sw.js; see
// docs/decisions/0027-pwa-push.md). What it keeps:
// - precached: the stylesheet, the icons, the manifest (small, needed by every page);
// - hashed code under /assets/: cache-first as pages load it (the name changes with the content);
// - pages: always from the network — they are rendered per account, so none is kept; without
//   a network the offline page below answers, listing the reader's last feed;
// - /files/*: from the network, or, offline, the covers the last feed kept.
// Nothing from /api is ever cached here. It also shows Web Push notifications.
import { CacheFirst, ExpirationPlugin, NetworkOnly, type PrecacheEntry, Serwist } from 'serwist';
import { LAST_FEED_KEY, type LastFeed, OFFLINE_CACHE } from '../app/features/pwa/offline-store.ts';
import { renderOfflinePage } from './offline-page.ts';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

async function lastFeed(): Promise<LastFeed | null> {
  try {
    const cached = await caches.match(LAST_FEED_KEY, { cacheName: OFFLINE_CACHE });
    return cached ? ((await cached.json()) as LastFeed) : null;
  } catch {
    return null;
  }
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
      handler: new CacheFirst({
        cacheName: 'evcircle-assets',
        plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin && request.method === 'GET' && url.pathname.startsWith('/files/'),
      handler: new NetworkOnly({
        plugins: [{ handlerDidError: async ({ request }) => caches.match(request.url, { cacheName: OFFLINE_CACHE }) }],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: new NetworkOnly({
        plugins: [
          {
            handlerDidError: async () =>
              new Response(renderOfflinePage(await lastFeed()), {
                status: 200,
                headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
              }),
          },
        ],
      }),
    },
  ],
});
serwist.addEventListeners();

type PushMessage = { title?: string; body?: string; url?: string; tag?: string };

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || '车友圈', {
      body: message.body ?? '',
      tag: message.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'zh-CN',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  // Only a path of this site: a payload never sends the reader elsewhere.
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
