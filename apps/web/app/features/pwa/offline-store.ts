// What the service worker and the page share about the offline page (no DOM, no React:
// apps/web/sw/service-worker.ts imports it too). The reader's last feed is kept in one
// cache entry of the cache below, with the covers it shows, and only for the account that
// saw it (features/pwa/pwa-effects.tsx clears it when the account changes).

/** The cache holding the last feed and its covers: nothing else, and nothing per-user but these. */
export const OFFLINE_CACHE = 'evcircle-offline';
/** The cache key of the last feed (never a real URL of the server). */
export const LAST_FEED_KEY = '/__offline/last-feed.json';

/** One post as the offline page lists it. */
export type OfflinePost = { id: number; title: string; cover: string; author: string };

/** The last feed the reader saw: whose it was, when, and the reader's colour mode choice. */
export type LastFeed = {
  uid: number | null;
  savedAt: string;
  colorMode: 'light' | 'dark' | 'system';
  posts: OfflinePost[];
};
