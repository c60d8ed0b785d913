import {
  bookmarkAddUrl,
  bookmarkBlockDomain,
  bookmarkBlockedDomains,
  bookmarkClearUrls,
  bookmarkDelete,
  bookmarkDeleteUrl,
  bookmarkFolders,
  bookmarkHotUrls,
  bookmarkList,
  bookmarkMeta,
  bookmarkSave,
  bookmarkSetHot,
  bookmarkUnblockDomain,
  bookmarkUpdate,
  bookmarkUrlHistory,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { invalidateResponseCache } from '../../platform/response-cache.ts';
import './bookmarks.events.ts';
import { blockDomain, listBlockedDomains, unblockDomain } from './blocklist.service.ts';
import {
  deleteBookmark,
  forgetBookmarksOf,
  HOT_URLS_CACHE_TAG,
  listBookmarks,
  listFolders,
  saveBookmark,
  updateBookmark,
} from './bookmarks.service.ts';
import * as tables from './bookmarks.tables.ts';
import { listHotUrls, setHotUrl } from './hot-urls.service.ts';
import { readPageMeta } from './page-meta.service.ts';
import { addUrlToHistory, clearUrlHistory, deleteUrlFromHistory, listUrlHistory } from './url-history.service.ts';

/**
 * How long every caller may be served the same hot list. This process forgets it at once
 * after a save, update or delete here, and every process after a pin or a blocklist
 * change (`bookmark.hot-changed`); other processes catch up with saves within this time.
 */
const HOT_URLS_CACHE_MS = 30_000;

function depsOf(app: FastifyInstance) {
  return { db: app.db, storage: app.storage };
}

/**
 * URL bookmarks (issue 20, SPEC.md §7 "Bookmarks"): saved links with their title and
 * icon, folders, the recent-URL history, the public hot links, the admins' domain
 * blocklist and the guarded page-meta fetch.
 */
export const bookmarksModule = defineModule({
  name: 'bookmarks',
  tables,
  endpoints: (app) => [
    serve(bookmarkMeta, ({ url }) => readPageMeta({ ...depsOf(app), config: app.config }, url)),
    serve(bookmarkSave, (input, { viewer }) => saveBookmark(depsOf(app), viewer.id, input)),
    serve(bookmarkList, (query, { viewer }) => listBookmarks(depsOf(app), viewer.id, query)),
    serve(bookmarkFolders, (_input, { viewer }) => listFolders(app.db, viewer.id)),
    serve(bookmarkDelete, async ({ id }, { viewer }) => ({
      result: true,
      bookmark: await deleteBookmark(depsOf(app), viewer.id, id),
    })),
    serve(bookmarkUpdate, ({ id, fields }, { viewer }) => updateBookmark(depsOf(app), viewer.id, id, fields)),
    serve(bookmarkUrlHistory, (_input, { viewer }) => listUrlHistory(app.db, viewer.id)),
    serve(bookmarkAddUrl, ({ url, title }, { viewer }) => addUrlToHistory(app.db, viewer.id, url, title)),
    serve(bookmarkDeleteUrl, async ({ id }, { viewer }) => {
      await deleteUrlFromHistory(app.db, viewer.id, id);
      return { result: true };
    }),
    serve(bookmarkClearUrls, async (_input, { viewer }) => ({
      result: true,
      deleted: await clearUrlHistory(app.db, viewer.id),
    })),
    serve(bookmarkHotUrls, ({ size }) => listHotUrls(depsOf(app), size), {
      anonymousCacheMs: HOT_URLS_CACHE_MS,
      cacheTag: HOT_URLS_CACHE_TAG,
    }),
    serve(bookmarkSetHot, async (input, { viewer }) => {
      await setHotUrl(app.db, viewer.id, input);
      return { result: true };
    }),
    serve(bookmarkBlockedDomains, () => listBlockedDomains(app.db)),
    serve(bookmarkBlockDomain, ({ domain, reason }, { viewer }) => blockDomain(app.db, viewer.id, domain, reason)),
    serve(bookmarkUnblockDomain, async ({ domain }) => {
      await unblockDomain(app.db, domain);
      return { result: true };
    }),
  ],
  events: {
    'bookmark.hot-changed': { everywhere: () => invalidateResponseCache(HOT_URLS_CACHE_TAG) },
    // A deleted account's bookmarks and history go in its deletion's transaction.
    'account.deleted': {
      inTransaction: ({ userId }, tx) => forgetBookmarksOf(tx, userId),
      everywhere: () => invalidateResponseCache(HOT_URLS_CACHE_TAG),
    },
  },
});
