// A person's recent URLs (SPEC.md §7 bookmark/url-history, add-url, delete-url-post,
// clear-url-post): one row per person and URL, the newest BOOKMARK_HISTORY_LIMIT kept.
// Modelled on the search history (modules/search/history.service.ts).
import { AppError, BOOKMARK_HISTORY_LIMIT, type UrlHistoryEntry } from '@evcircle/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { keepNewest } from '../../platform/keep-newest.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { assertUrlAllowed } from './bookmarks.service.ts';
import { bookmarkUrlHistory } from './bookmarks.tables.ts';

function toEntry(row: typeof bookmarkUrlHistory.$inferSelect): UrlHistoryEntry {
  return { hid: row.id, url: row.url, title: row.title, visitedAt: row.visitedAt.toISOString() };
}

const newestFirst = [desc(bookmarkUrlHistory.visitedAt), desc(bookmarkUrlHistory.id)];

/** The viewer's recent URLs, newest first. */
export async function listUrlHistory(db: Db, userId: number): Promise<UrlHistoryEntry[]> {
  const rows = await db
    .select()
    .from(bookmarkUrlHistory)
    .where(eq(bookmarkUrlHistory.userId, userId))
    .orderBy(...newestFirst)
    .limit(BOOKMARK_HISTORY_LIMIT);
  return rows.map(toEntry);
}

/**
 * Adds `url` (normalised) to the viewer's history: a URL already there moves to the top,
 * keeping its hid (and takes `title` when one is given), and only the newest
 * BOOKMARK_HISTORY_LIMIT stay. The URL passes the same checks as a bookmark's (domain
 * blocklist, prohibited words), the title the prohibited words.
 */
export async function addUrlToHistory(db: Db, userId: number, url: string, title: string): Promise<UrlHistoryEntry> {
  assertNoProhibitedWords(title, 'title');
  await assertUrlAllowed(db, url);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookmarkUrlHistory)
      // NOTE: clock_timestamp(), not a JS Date: microseconds, so two adds in one
      // millisecond still order as they happened.
      .values({ userId, url, title, visitedAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: [bookmarkUrlHistory.userId, bookmarkUrlHistory.url],
        set: {
          visitedAt: sql`excluded.visited_at`,
          title: sql`case when excluded.title <> '' then excluded.title else ${bookmarkUrlHistory.title} end`,
        },
      })
      .returning();
    if (!row) throw new Error('url history upsert returned no row');
    await keepNewest(tx, {
      table: bookmarkUrlHistory,
      id: bookmarkUrlHistory.id,
      where: eq(bookmarkUrlHistory.userId, userId),
      order: newestFirst,
      limit: BOOKMARK_HISTORY_LIMIT,
    });
    return toEntry(row);
  });
}

/** Deletes one entry of the viewer's own history; BOOKMARK_HISTORY_NOT_FOUND for any other hid. */
export async function deleteUrlFromHistory(db: Db, userId: number, hid: number): Promise<void> {
  const deleted = await db
    .delete(bookmarkUrlHistory)
    .where(and(eq(bookmarkUrlHistory.id, hid), eq(bookmarkUrlHistory.userId, userId)))
    .returning({ id: bookmarkUrlHistory.id });
  if (deleted.length === 0) throw new AppError('BOOKMARK_HISTORY_NOT_FOUND');
}

/** Clears the viewer's history; answers how many entries went. */
export async function clearUrlHistory(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(bookmarkUrlHistory)
    .where(eq(bookmarkUrlHistory.userId, userId))
    .returning({ id: bookmarkUrlHistory.id });
  return deleted.length;
}
