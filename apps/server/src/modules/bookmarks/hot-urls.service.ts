// The public hot links (SPEC.md §7 public/bookmark/hot-urls, bookmark/set-hot): links
// admins pinned, then links many different people saved lately. How many saved a link is
// shown, never who: nothing of a saver but a count and, when nothing better is known,
// the title the latest of them gave the link, leaves this file.
import { BOOKMARK_HOT_MIN_SAVERS, BOOKMARK_HOT_WINDOW_DAYS, bookmarkHost, type HotUrl } from '@evcircle/contract';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { assertNoProhibitedWords, findProhibitedWord } from '../moderation/index.ts';
import { domainsOf, hostNotBlockedSql } from './blocklist.service.ts';
import { assertUrlAllowed, type BookmarkDeps, faviconUrl, readableUrl } from './bookmarks.service.ts';
import { bookmarkBlockedDomains, bookmarkHotPins, bookmarkPageMeta, bookmarks } from './bookmarks.tables.ts';

const DAY_MS = 86_400_000;

/** Candidates read beyond `size`, for those dropped afterwards (a prohibited word in the URL). */
const SPARE_CANDIDATES = 20;

function windowStart(now: Date): Date {
  return new Date(now.getTime() - BOOKMARK_HOT_WINDOW_DAYS * DAY_MS);
}

/** The first candidate that is not blank and holds no prohibited word, else ''. */
function firstClean(...candidates: (string | undefined)[]): string {
  for (const text of candidates) {
    if (text !== undefined && text !== '' && findProhibitedWord(text) === null) return text;
  }
  return '';
}

/** Of `urls`, those whose host is blocked (itself or a parent domain). */
async function blockedAmong(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const domains = [...new Set(urls.flatMap((url) => domainsOf(bookmarkHost(url))))];
  const rows = await db
    .select({ domain: bookmarkBlockedDomains.domain })
    .from(bookmarkBlockedDomains)
    .where(inArray(bookmarkBlockedDomains.domain, domains));
  const blocked = new Set(rows.map((row) => row.domain));
  return new Set(urls.filter((url) => domainsOf(bookmarkHost(url)).some((domain) => blocked.has(domain))));
}

/** What is known of `urls` beside the savers: the meta cache's title and icon, the latest saver's title and icon. */
async function knownLooks(db: Db, urls: readonly string[]) {
  if (urls.length === 0) {
    return { meta: new Map<string, { title: string; faviconKey: string }>(), titles: new Map(), icons: new Map() };
  }
  const latest = (column: typeof bookmarks.title | typeof bookmarks.faviconKey) =>
    db
      .selectDistinctOn([bookmarks.url], { url: bookmarks.url, value: column })
      .from(bookmarks)
      .where(and(inArray(bookmarks.url, [...urls]), ne(column, '')))
      .orderBy(bookmarks.url, desc(bookmarks.updatedAt), desc(bookmarks.id));
  const [metaRows, titleRows, iconRows] = await Promise.all([
    db
      .select({ url: bookmarkPageMeta.url, title: bookmarkPageMeta.title, faviconKey: bookmarkPageMeta.faviconKey })
      .from(bookmarkPageMeta)
      .where(inArray(bookmarkPageMeta.url, [...urls])),
    latest(bookmarks.title),
    latest(bookmarks.faviconKey),
  ]);
  return {
    meta: new Map(metaRows.map((row) => [row.url, row])),
    titles: new Map<string, string>(titleRows.map((row) => [row.url, row.value])),
    icons: new Map<string, string>(iconRows.map((row) => [row.url, row.value])),
  };
}

/**
 * The hot list: pinned links first (newest pin first), then links saved by at least
 * BOOKMARK_HOT_MIN_SAVERS different people in the last BOOKMARK_HOT_WINDOW_DAYS days,
 * most savers first, ties by the latest save; at most `size`. A blocked domain (or a
 * parent of it) never appears, nor a URL with a prohibited word; a title is the pin's,
 * else the page-meta cache's, else the latest saver's, else the host — the first of them
 * free of prohibited words.
 */
export async function listHotUrls(deps: BookmarkDeps, size: number, now = new Date()): Promise<HotUrl[]> {
  const { db, storage } = deps;
  const since = windowStart(now);
  const pins = await db.select().from(bookmarkHotPins).orderBy(desc(bookmarkHotPins.createdAt));
  const blockedPins = await blockedAmong(
    db,
    pins.map((pin) => pin.url),
  );
  const pinned = pins.filter((pin) => !blockedPins.has(pin.url));
  const pinnedUrls = new Set(pinned.map((pin) => pin.url));

  const savers = sql<number>`count(*)::int`;
  const latestSave = sql`max(${bookmarks.createdAt})`;
  const popular = await db
    .select({ url: bookmarks.url, savers })
    .from(bookmarks)
    .where(and(gte(bookmarks.createdAt, since), hostNotBlockedSql(bookmarks.host)))
    .groupBy(bookmarks.url)
    // One row per person and URL (bookmarks_user_url_idx): count(*) counts different people.
    .having(sql`count(*) >= ${BOOKMARK_HOT_MIN_SAVERS}`)
    .orderBy(desc(savers), desc(latestSave), bookmarks.url)
    .limit(size + pinned.length + SPARE_CANDIDATES);

  const pinSavers =
    pinned.length === 0
      ? []
      : await db
          .select({ url: bookmarks.url, savers })
          .from(bookmarks)
          .where(
            and(
              gte(bookmarks.createdAt, since),
              inArray(
                bookmarks.url,
                pinned.map((pin) => pin.url),
              ),
            ),
          )
          .groupBy(bookmarks.url);
  const saversOf = new Map([...pinSavers, ...popular].map((row) => [row.url, row.savers]));

  const chosen = [
    ...pinned.map((pin) => ({ url: pin.url, pinTitle: pin.title, pinned: true })),
    ...popular.filter((row) => !pinnedUrls.has(row.url)).map((row) => ({ url: row.url, pinTitle: '', pinned: false })),
  ]
    .filter((entry) => findProhibitedWord(readableUrl(entry.url)) === null)
    .slice(0, size);

  const looks = await knownLooks(
    db,
    chosen.map((entry) => entry.url),
  );
  return chosen.map((entry) => {
    const meta = looks.meta.get(entry.url);
    return {
      url: entry.url,
      title: firstClean(entry.pinTitle, meta?.title, looks.titles.get(entry.url)) || bookmarkHost(entry.url),
      favicon: faviconUrl(storage, meta?.faviconKey || looks.icons.get(entry.url) || ''),
      savers: saversOf.get(entry.url) ?? 0,
      pinned: entry.pinned,
    };
  });
}

/**
 * Pins `url` to the hot list (admins) with `title`, else the title known for it (the
 * page-meta cache's, else the latest saver's); pinning it again moves it to the top.
 * A blocked domain is refused (BOOKMARK_DOMAIN_BLOCKED). `hot: false` unpins it.
 * Every process forgets its cached hot list at once (`bookmark.hot-changed`).
 */
export async function setHotUrl(
  db: Db,
  adminId: number,
  input: { url: string; hot: boolean; title: string },
): Promise<void> {
  if (input.hot) {
    assertNoProhibitedWords(input.title, 'title');
    await assertUrlAllowed(db, input.url);
  }
  const known = input.hot && input.title === '' ? await knownLooks(db, [input.url]) : null;
  const title = known ? firstClean(known.meta.get(input.url)?.title, known.titles.get(input.url)) : input.title;
  await transaction(db, async (tx, announce) => {
    if (input.hot) {
      await tx
        .insert(bookmarkHotPins)
        .values({ url: input.url, title, pinnedBy: adminId, createdAt: sql`clock_timestamp()` })
        .onConflictDoUpdate({
          target: bookmarkHotPins.url,
          set: { title, pinnedBy: adminId, createdAt: sql`excluded.created_at` },
        });
    } else {
      await tx.delete(bookmarkHotPins).where(eq(bookmarkHotPins.url, input.url));
    }
    await announce('bookmark.hot-changed', {});
  });
}
