// A person's search history (SPEC.md §7 search/info/record, del, clear-all): one row per
// word, the newest SEARCH_HISTORY_LIMIT kept. Recording also counts the word toward the
// hot words (hot-words.ts).
import { AppError, SEARCH_HISTORY_LIMIT, type SearchHistoryEntry } from '@evcircle/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { keepNewest } from '../../platform/keep-newest.ts';
import { countSearch } from './hot-words.ts';
import { searchHistory, searchWordDays } from './search.tables.ts';

function toEntry(row: { id: number; word: string; searchedAt: Date }): SearchHistoryEntry {
  return { hid: row.id, word: row.word, atime: row.searchedAt.toISOString() };
}

const newestFirst = [desc(searchHistory.searchedAt), desc(searchHistory.id)];

/** The viewer's history, newest first. */
export async function listHistory(db: Db, userId: number): Promise<SearchHistoryEntry[]> {
  const rows = await db
    .select()
    .from(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .orderBy(...newestFirst)
    .limit(SEARCH_HISTORY_LIMIT);
  return rows.map(toEntry);
}

/**
 * Records a search of `word` (trimmed, spaces inside collapsed): a new word goes on top,
 * a word searched before moves there (keeping its hid), and only the newest
 * SEARCH_HISTORY_LIMIT stay. A blank word records nothing.
 */
export async function recordSearch(
  db: Db,
  userId: number,
  word: string,
  now = new Date(),
): Promise<{ result: boolean; entry: SearchHistoryEntry | null }> {
  const cleaned = word.replace(/\s+/g, ' ').trim();
  if (cleaned === '') return { result: false, entry: null };
  const entry = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(searchHistory)
      .values({ userId, word: cleaned, searchedAt: now })
      .onConflictDoUpdate({
        target: [searchHistory.userId, searchHistory.word],
        set: { searchedAt: sql`excluded.searched_at` },
      })
      .returning();
    if (!row) throw new Error('search history upsert returned no row');
    await keepNewest(tx, {
      table: searchHistory,
      id: searchHistory.id,
      where: eq(searchHistory.userId, userId),
      order: newestFirst,
      limit: SEARCH_HISTORY_LIMIT,
    });
    await countSearch(tx, userId, cleaned, now);
    return toEntry(row);
  });
  return { result: true, entry };
}

/** Deletes one word of the viewer's own history; SEARCH_HISTORY_NOT_FOUND for any other hid. */
export async function deleteHistoryEntry(db: Db, userId: number, hid: number): Promise<void> {
  const deleted = await db
    .delete(searchHistory)
    .where(and(eq(searchHistory.id, hid), eq(searchHistory.userId, userId)))
    .returning({ id: searchHistory.id });
  if (deleted.length === 0) throw new AppError('SEARCH_HISTORY_NOT_FOUND');
}

/** Clears the viewer's history; answers how many words went. */
export async function clearHistory(db: Db, userId: number): Promise<number> {
  const deleted = await db
    .delete(searchHistory)
    .where(eq(searchHistory.userId, userId))
    .returning({ id: searchHistory.id });
  return deleted.length;
}

/** A deleted account's searches go with it: its history and what it counted toward hot words. */
export async function forgetSearchesOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(searchHistory).where(eq(searchHistory.userId, userId));
  await tx.delete(searchWordDays).where(eq(searchWordDays.userId, userId));
}
