// Keeps the reader's last feed for the offline page (apps/web/sw/offline-page.ts): the first
// page of the home feed, as titles, covers and authors, and those covers. At most every
// 10 minutes, and only for the account it was read with (pwa-effects.tsx clears it).
import { type ApiClient, PAGE_SIZE, type Post, postCoverUrl, postsNoAds } from '@evcircle/contract/client';
import { LAST_FEED_KEY, type LastFeed, OFFLINE_CACHE, type OfflinePost } from './offline-store.ts';

const SAVED_AT_KEY = 'evcircle.pwa.feedSavedAt';
const SAVE_EVERY_MS = 10 * 60 * 1000;
/** Posts the offline page lists. */
const OFFLINE_POSTS = 12;

/** The reader's colour mode choice (SPEC.md §4 keeps it under this localStorage key). */
function colorModeChoice(): LastFeed['colorMode'] {
  const choice = localStorage.getItem('evcircle.colorMode');
  return choice === 'light' || choice === 'dark' ? choice : 'system';
}

function titleOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return [...line].slice(0, 40).join('');
}

function offlinePost(post: Post, imageBase: string): OfflinePost {
  return { id: post.pid, title: titleOf(post.content), cover: postCoverUrl(post, imageBase), author: post.uname };
}

/** Saves the feed now unless it was saved for this account in the last 10 minutes. */
export async function saveLastFeed(api: ApiClient, uid: number | null, imageBase: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const stamp = `${uid ?? ''}:`;
  const previous = localStorage.getItem(SAVED_AT_KEY) ?? '';
  if (previous.startsWith(stamp) && Date.now() - Number(previous.slice(stamp.length)) < SAVE_EVERY_MS) return;
  const posts = (await api.call(postsNoAds, { page: 1, size: PAGE_SIZE.posts }))
    .slice(0, OFFLINE_POSTS)
    .map((post) => offlinePost(post, imageBase));
  const feed: LastFeed = {
    uid,
    savedAt: new Date().toISOString(),
    colorMode: colorModeChoice(),
    posts,
  };
  // A fresh cache: the covers of the feed before go with it.
  await caches.delete(OFFLINE_CACHE);
  const cache = await caches.open(OFFLINE_CACHE);
  // The covers first (mostly in the browser's cache already); one that fails is left out.
  await Promise.all(posts.map((post) => (post.cover ? cache.add(post.cover).catch(() => {}) : undefined)));
  await cache.put(
    LAST_FEED_KEY,
    new Response(JSON.stringify(feed), { headers: { 'content-type': 'application/json' } }),
  );
  localStorage.setItem(SAVED_AT_KEY, `${stamp}${Date.now()}`);
}

/** Forgets the saved feed and its covers (another account, or logged out). */
export async function clearLastFeed(): Promise<void> {
  localStorage.removeItem(SAVED_AT_KEY);
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE_CACHE);
}
