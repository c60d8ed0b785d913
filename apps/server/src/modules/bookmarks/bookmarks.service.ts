// A person's saved links (SPEC.md §7 bookmark/save, list, delete, update; contract
// bookmarks.ts): one row per person and normalised URL, in folders, with a note, and the
// icon copy the meta fetch stored on this server.
import { createHash } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { AppError, BOOKMARK_MAX_PER_USER, type Bookmark, bookmarkHost } from '@evcircle/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { invalidateResponseCache } from '../../platform/response-cache.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { escapeLike, lockLiveUsers } from '../accounts/index.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { assertHostAllowed } from './blocklist.service.ts';
import { bookmarkBlockedDomains, bookmarkHotPins, bookmarks, bookmarkUrlHistory } from './bookmarks.tables.ts';

export type BookmarkDeps = { db: Db; storage: StorageProvider };

/** Tag of the cached public hot-urls answers (invalidateResponseCache). */
export const HOT_URLS_CACHE_TAG = 'bookmark-hot-urls';

/**
 * Where the meta fetch stores icon copies: `bookmark-icons/<sha256 of the bytes>.<ext>`,
 * so the same icon is one file whoever fetched it. A favicon a client sends is accepted
 * only in this form (or as its public URL) and only when the file exists.
 */
export const ICON_KEY_PREFIX = 'bookmark-icons/';
const ICON_KEY = /^bookmark-icons\/[0-9a-f]{64}\.(?:png|ico)$/;
const ICON_KEY_AT_END = /bookmark-icons\/[0-9a-f]{64}\.(?:png|ico)$/;

/** The storage key of an icon's bytes (same bytes → same key); `ext` is png or ico. */
export function iconKeyFor(bytes: Buffer, ext: 'png' | 'ico'): string {
  return `${ICON_KEY_PREFIX}${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
}

/** The public URL of a stored icon key, '' for none. */
export function faviconUrl(storage: StorageProvider, key: string): string {
  return key === '' ? '' : storage.publicUrl(key);
}

/**
 * The storage key of the favicon a client sent: '' for none; else the key of an icon
 * copy this server stored, given as the key or as exactly its public URL, whose file
 * exists. Anything else (another site's address, a made-up key, a key of some other
 * upload) is BOOKMARK_FAVICON_INVALID, so a bookmark never makes a page load a picture
 * from a site the viewer did not choose to visit.
 */
export async function faviconKeyOf(storage: StorageProvider, favicon: string): Promise<string> {
  if (favicon === '') return '';
  const candidate = ICON_KEY.test(favicon) ? favicon : (ICON_KEY_AT_END.exec(favicon)?.[0] ?? null);
  const valid =
    candidate !== null &&
    (candidate === favicon || storage.publicUrl(candidate) === favicon) &&
    (await storage.exists(candidate));
  if (!valid) throw new AppError('BOOKMARK_FAVICON_INVALID');
  return candidate;
}

/**
 * The readable text of a normalised URL for the prohibited-words filter: the URL with
 * its percent-escapes decoded (where they decode) and its host in Unicode (an IDN's
 * punycode hides its words otherwise).
 */
export function readableUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch {
    // A stray `%` that is not an escape: the text as it is.
  }
  let plus = decoded;
  try {
    plus = decodeURIComponent(url);
  } catch {
    // As above.
  }
  return `${decoded} ${plus} ${domainToUnicode(bookmarkHost(url))}`;
}

/**
 * What every link a person stores must pass: no prohibited word in the URL (decoded) and
 * a domain that is not blocked. Throws CONTENT_PROHIBITED or BOOKMARK_DOMAIN_BLOCKED.
 */
export async function assertUrlAllowed(db: Db, url: string): Promise<void> {
  assertNoProhibitedWords(readableUrl(url), 'url');
  await assertHostAllowed(db, bookmarkHost(url));
}

type BookmarkRow = typeof bookmarks.$inferSelect;

function toBookmark(storage: StorageProvider, row: BookmarkRow): Bookmark {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    favicon: faviconUrl(storage, row.faviconKey),
    note: row.note,
    folder: row.folder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SaveInput = { url: string; title: string; favicon: string; note?: string; folder?: string };

/**
 * Saves `input.url` (already normalised by the contract) for the viewer. The same URL
 * again updates that bookmark — title and favicon, and note and folder when given — and
 * answers `created: false`; a new one past BOOKMARK_MAX_PER_USER is BOOKMARK_LIMIT.
 * Per person, saves run one after another (an advisory lock) so the count is exact, and
 * the insert is ON CONFLICT on (user, url), so even racing saves of one URL leave one row.
 * The account is locked FOR KEY SHARE: a save never commits beside its deletion.
 */
export async function saveBookmark(
  deps: BookmarkDeps,
  userId: number,
  input: SaveInput,
): Promise<{ bookmark: Bookmark; created: boolean }> {
  assertNoProhibitedWords(input.title, 'title');
  if (input.note !== undefined) assertNoProhibitedWords(input.note, 'note');
  if (input.folder !== undefined) assertNoProhibitedWords(input.folder, 'folder');
  await assertUrlAllowed(deps.db, input.url);
  const faviconKey = await faviconKeyOf(deps.storage, input.favicon);

  const saved = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bookmarks:${userId}`}, 0))`);
    if (!(await lockLiveUsers(tx, [userId])).has(userId)) throw new AppError('NOT_LOGGED_IN');
    const [existing] = await tx
      .select({ id: bookmarks.id })
      .from(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.url, input.url)));
    if (!existing) {
      const [kept] = await tx.select({ n: count() }).from(bookmarks).where(eq(bookmarks.userId, userId));
      if ((kept?.n ?? 0) >= BOOKMARK_MAX_PER_USER)
        throw new AppError('BOOKMARK_LIMIT', { limit: BOOKMARK_MAX_PER_USER });
    }
    const [row] = await tx
      .insert(bookmarks)
      .values({
        userId,
        url: input.url,
        host: bookmarkHost(input.url),
        title: input.title,
        faviconKey,
        note: input.note ?? '',
        folder: input.folder ?? '',
      })
      .onConflictDoUpdate({
        target: [bookmarks.userId, bookmarks.url],
        set: {
          title: sql`excluded.title`,
          faviconKey: sql`excluded.favicon_key`,
          ...(input.note !== undefined ? { note: sql`excluded.note` } : {}),
          ...(input.folder !== undefined ? { folder: sql`excluded.folder` } : {}),
          updatedAt: sql`now()`,
        },
      })
      // NOTE: xmax is 0 on a row this statement inserted, the updating transaction's id otherwise.
      .returning({ ...getTableColumns(bookmarks), created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('bookmark upsert returned no row');
    return row;
  });
  invalidateResponseCache(HOT_URLS_CACHE_TAG);
  const { created, ...row } = saved;
  return { bookmark: toBookmark(deps.storage, row), created };
}

export type ListQuery = { page: number; size: number; folder: string; word: string };

/**
 * One page of the viewer's bookmarks, newest saved first (by id: stable, and what
 * bookmarks_user_id_idx walks); `folder` keeps one folder ('' = all), `word` finds a text
 * in title, URL or note, case-insensitively, `%` and `_` taken literally.
 */
export async function listBookmarks(
  deps: BookmarkDeps,
  userId: number,
  query: ListQuery,
): Promise<{ items: Bookmark[]; total: number; hasMore: boolean }> {
  const conditions: SQL[] = [eq(bookmarks.userId, userId)];
  if (query.folder !== '') conditions.push(eq(bookmarks.folder, query.folder));
  if (query.word !== '') {
    const pattern = `%${escapeLike(query.word)}%`;
    const found = or(ilike(bookmarks.title, pattern), ilike(bookmarks.url, pattern), ilike(bookmarks.note, pattern));
    if (found) conditions.push(found);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(bookmarks)
      .where(where)
      .orderBy(desc(bookmarks.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    deps.db.select({ n: count() }).from(bookmarks).where(where),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    items: rows.map((row) => toBookmark(deps.storage, row)),
    total,
    hasMore: query.page * query.size < total,
  };
}

/** The viewer's folders with how many bookmarks each holds ('' = 未分类), by name. */
export async function listFolders(db: Db, userId: number): Promise<{ folder: string; count: number }[]> {
  return db
    .select({ folder: bookmarks.folder, count: count() })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .groupBy(bookmarks.folder)
    .orderBy(asc(bookmarks.folder));
}

/** Deletes one of the viewer's bookmarks and answers it (for undo); BOOKMARK_NOT_FOUND for any other id. */
export async function deleteBookmark(deps: BookmarkDeps, userId: number, id: number): Promise<Bookmark> {
  const [row] = await deps.db
    .delete(bookmarks)
    .where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId)))
    .returning();
  if (!row) throw new AppError('BOOKMARK_NOT_FOUND');
  invalidateResponseCache(HOT_URLS_CACHE_TAG);
  return toBookmark(deps.storage, row);
}

export type BookmarkFields = { title?: string; note?: string; folder?: string };

/**
 * Changes title, note or folder of one of the viewer's bookmarks (the contract refuses
 * any other field); BOOKMARK_NOT_FOUND for any other id, and nothing changes.
 */
export async function updateBookmark(
  deps: BookmarkDeps,
  userId: number,
  id: number,
  fields: BookmarkFields,
): Promise<Bookmark> {
  const set: Partial<typeof bookmarks.$inferInsert> = {};
  if (fields.title !== undefined) {
    assertNoProhibitedWords(fields.title, 'title');
    set.title = fields.title;
  }
  if (fields.note !== undefined) {
    assertNoProhibitedWords(fields.note, 'note');
    set.note = fields.note;
  }
  if (fields.folder !== undefined) {
    assertNoProhibitedWords(fields.folder, 'folder');
    set.folder = fields.folder;
  }
  if (Object.keys(set).length === 0) throw new AppError('VALIDATION_FAILED', { detail: '请指定要修改的内容' });
  const [row] = await deps.db
    .update(bookmarks)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(bookmarks.id, id), eq(bookmarks.userId, userId)))
    .returning();
  if (!row) throw new AppError('BOOKMARK_NOT_FOUND');
  invalidateResponseCache(HOT_URLS_CACHE_TAG);
  return toBookmark(deps.storage, row);
}

/**
 * A deleted account's links go with it, in the deletion's transaction: its bookmarks and
 * URL history. Pins and blocklist entries it made as an admin stay, without its id.
 */
export async function forgetBookmarksOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
  await tx.delete(bookmarkUrlHistory).where(eq(bookmarkUrlHistory.userId, userId));
  await tx.update(bookmarkHotPins).set({ pinnedBy: null }).where(eq(bookmarkHotPins.pinnedBy, userId));
  await tx.update(bookmarkBlockedDomains).set({ createdBy: null }).where(eq(bookmarkBlockedDomains.createdBy, userId));
}
