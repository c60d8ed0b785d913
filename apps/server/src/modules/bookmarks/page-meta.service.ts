// The page-meta endpoint (SPEC.md §7 bookmark/meta): the blocklist first, then the cached
// answer of the last day, else the guarded fetch (page-meta.ts over platform/safe-fetch)
// whose icon is stored here under a content-hash key and whose answer is cached for
// everyone.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { fetchPolicyFromConfig } from '../../platform/safe-fetch/index.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { findProhibitedWord } from '../moderation/index.ts';
import { findBlockingDomain } from './blocklist.service.ts';
import { assertUrlAllowed, faviconUrl, iconKeyFor } from './bookmarks.service.ts';
import { bookmarkPageMeta } from './bookmarks.tables.ts';
import { fetchPageMeta } from './page-meta.ts';

/** How long a fetched title and icon are answered again without fetching (milliseconds). */
export const BOOKMARK_META_TTL = 86_400_000;
/**
 * Cache rows older than this go (checked on each fetch): the hot list still takes a
 * link's title from a row up to BOOKMARK_HOT_WINDOW_DAYS old, so that long they stay.
 */
const META_KEEP_MS = 30 * 86_400_000;

export type PageMetaDeps = {
  db: Db;
  storage: StorageProvider;
  config: Pick<Config, 'BOOKMARK_FETCH_PORTS' | 'BOOKMARK_FETCH_ALLOW_LOOPBACK' | 'PUBLIC_URL'>;
};

export type PageMetaAnswer = { url: string; title: string; favicon: string };

/** Fetches under way in this process, by database and URL: people pasting the same link at once share one fetch. */
const inFlightByDb = new WeakMap<Db, Map<string, Promise<{ title: string; faviconKey: string }>>>();

/**
 * The title and icon of the page at `url` (normalised by the contract). A blocked domain
 * or a URL with a prohibited word is refused before anything is read or fetched; the
 * cache answers for BOOKMARK_META_TTL; else the page is fetched with this deployment's
 * policy, every redirect hop's host checked against the blocklist too. The icon is
 * stored as `bookmark-icons/<sha256>.<ext>` (the same icon is one file), and the title
 * is '' when it holds a prohibited word (the person types one). Fetch failures are the
 * contract's BOOKMARK_* errors and never carry what the page said.
 */
export async function readPageMeta(deps: PageMetaDeps, url: string, now = new Date()): Promise<PageMetaAnswer> {
  const { db, storage } = deps;
  await assertUrlAllowed(db, url);
  const [cached] = await db
    .select()
    .from(bookmarkPageMeta)
    .where(
      and(eq(bookmarkPageMeta.url, url), gt(bookmarkPageMeta.fetchedAt, new Date(now.getTime() - BOOKMARK_META_TTL))),
    );
  if (cached) return { url, title: cached.title, favicon: faviconUrl(storage, cached.faviconKey) };

  let inFlight = inFlightByDb.get(db);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByDb.set(db, inFlight);
  }
  const running = inFlight;
  let fetching = running.get(url);
  if (!fetching) {
    fetching = fetchAndStore(deps, url, now).finally(() => running.delete(url));
    running.set(url, fetching);
  }
  const found = await fetching;
  return { url, title: found.title, favicon: faviconUrl(storage, found.faviconKey) };
}

async function fetchAndStore(
  deps: PageMetaDeps,
  url: string,
  now: Date,
): Promise<{ title: string; faviconKey: string }> {
  const { db, storage } = deps;
  const policy = {
    ...fetchPolicyFromConfig(deps.config),
    refuseHost: async (host: string) => (await findBlockingDomain(db, host)) !== null,
  };
  const meta = await fetchPageMeta(url, policy);
  const title = findProhibitedWord(meta.title) === null ? meta.title : '';
  let faviconKey = '';
  if (meta.icon) {
    faviconKey = iconKeyFor(meta.icon.bytes, meta.icon.ext);
    if (!(await storage.exists(faviconKey))) await storage.put(faviconKey, meta.icon.bytes, meta.icon.contentType);
  }
  await db
    .insert(bookmarkPageMeta)
    .values({ url, title, faviconKey, fetchedAt: now })
    .onConflictDoUpdate({
      target: bookmarkPageMeta.url,
      set: { title: sql`excluded.title`, faviconKey: sql`excluded.favicon_key`, fetchedAt: sql`excluded.fetched_at` },
    });
  await db.delete(bookmarkPageMeta).where(lt(bookmarkPageMeta.fetchedAt, new Date(now.getTime() - META_KEEP_MS)));
  return { title, faviconKey };
}
