// Hot words (SPEC.md §7 search/info/hot): counted from who searched which word on which
// day. A person counts once per word, weighted by how recently they last searched it
// (halved every HOT_HALF_LIFE_DAYS), over the last HOT_WINDOW_DAYS; a word needs
// HOT_MIN_PEOPLE different people. So nobody makes a word hot by repeating it, and last
// week's words give way to today's. The list is computed on a schedule into
// search_hot_words (one process at a time, under an advisory lock) and read from there.
import { HOT_WORD_MAX_LENGTH, HOT_WORDS_LIMIT, type HotWord } from '@evcircle/contract';
import { asc, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../platform/db.ts';
import { createPerDatabaseCache } from '../../platform/per-database-cache.ts';
import { daysBefore, shanghaiDay } from '../../platform/shanghai-day.ts';
import { findProhibitedWord } from '../moderation/index.ts';
import { searchHotWords, searchWordDays } from './search.tables.ts';

/** Searches older than this many days do not count. */
export const HOT_WINDOW_DAYS = 7;
/** A person's search counts half as much every this many days. */
export const HOT_HALF_LIFE_DAYS = 2;
/** Different people who must have searched a word for it to be hot. */
export const HOT_MIN_PEOPLE = 2;
/** How often the list is computed again. */
export const HOT_REFRESH_MS = 5 * 60_000;
/** How long a process answers the computed list from memory. */
const HOT_READ_CACHE_MS = 30_000;
/** Lock id of the computation (any process may start it; one at a time runs it). */
const HOT_LOCK = 'evcircle:search-hot-words';

const remembered = createPerDatabaseCache<'hot', HotWord[]>(1);

/**
 * The form a searched word is counted under, or null when it can never be hot: spaces
 * collapsed, full-width forms folded (NFKC), 2 to HOT_WORD_MAX_LENGTH characters, no
 * prohibited word. Case is kept (Model Y is shown as typed); counting ignores it.
 */
export function hotWordForm(word: string): string | null {
  const form = word.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const length = Array.from(form).length;
  if (length < 2 || length > HOT_WORD_MAX_LENGTH) return null;
  if (findProhibitedWord(form) !== null) return null;
  return form;
}

/** Counts `userId` as having searched `word` today (once per person, word and day). */
export async function countSearch(tx: Db, userId: number, word: string, now: Date): Promise<void> {
  const form = hotWordForm(word);
  if (form === null) return;
  await tx
    .insert(searchWordDays)
    .values({ word: form, userId, day: shanghaiDay(now) })
    .onConflictDoNothing();
}

/** The hot words as of `now`, best first (computed, not stored). */
async function computeHotWords(db: Db, now: Date): Promise<HotWord[]> {
  const today = shanghaiDay(now);
  const since = daysBefore(today, HOT_WINDOW_DAYS - 1);
  const rows = await executeRows<{ word: string; score: number | string; people: number | string }>(
    db,
    sql`with per_person as (
          select lower(${searchWordDays.word}) as key, ${searchWordDays.userId} as person,
                 max(${searchWordDays.day}) as last_day,
                 mode() within group (order by ${searchWordDays.word}) as shown
          from ${searchWordDays}
          where ${searchWordDays.day} >= ${since}::date
          group by lower(${searchWordDays.word}), ${searchWordDays.userId}
        )
        select mode() within group (order by shown) as word,
               sum(power(0.5, (${today}::date - last_day)::float8 / ${HOT_HALF_LIFE_DAYS})) as score,
               count(*) as people
        from per_person
        group by key
        having count(*) >= ${HOT_MIN_PEOPLE}
        order by score desc, people desc, key
        limit ${HOT_WORDS_LIMIT * 3}`,
  );
  return rows
    .filter((row) => hotWordForm(row.word) !== null)
    .slice(0, HOT_WORDS_LIMIT)
    .map((row) => ({ word: row.word, score: Math.round(Number(row.score) * 1000) / 1000 }));
}

/**
 * Computes the hot words into search_hot_words when the stored list is older than
 * HOT_REFRESH_MS (or `force`), and drops the counts that fell out of the window. Several
 * processes may call it at once: one computes, the others return. Answers whether it computed.
 */
export async function refreshHotWords(db: Db, options: { now?: Date; force?: boolean } = {}): Promise<boolean> {
  const now = options.now ?? new Date();
  const computed = await db.transaction(async (tx) => {
    const [lock] = await executeRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${HOT_LOCK})) as locked`,
    );
    if (!lock?.locked) return false;
    if (!options.force) {
      const [last] = await executeRows<{ at: Date | string | null }>(
        tx,
        sql`select max(${searchHotWords.computedAt}) as at from ${searchHotWords}`,
      );
      const at = last?.at ? new Date(last.at).getTime() : null;
      if (at !== null && now.getTime() - at < HOT_REFRESH_MS) return false;
    }
    const oldest = daysBefore(shanghaiDay(now), HOT_WINDOW_DAYS - 1);
    await tx.delete(searchWordDays).where(sql`${searchWordDays.day} < ${oldest}::date`);
    const words = await computeHotWords(tx, now);
    await tx.delete(searchHotWords);
    if (words.length > 0) {
      await tx
        .insert(searchHotWords)
        .values(words.map((hot, position) => ({ position, word: hot.word, score: hot.score, computedAt: now })));
    }
    return true;
  });
  if (computed) remembered.forget(db);
  return computed;
}

/** The hot words as last computed, best first (from memory for HOT_READ_CACHE_MS). */
export async function hotWords(db: Db, now = Date.now()): Promise<HotWord[]> {
  const cached = remembered.get(db, 'hot', now);
  if (cached) return cached;
  const rows = await db
    .select({ word: searchHotWords.word, score: searchHotWords.score })
    .from(searchHotWords)
    .orderBy(asc(searchHotWords.position));
  remembered.set(db, 'hot', rows, now + HOT_READ_CACHE_MS, now);
  return rows;
}

/**
 * Computes the hot words now and every HOT_REFRESH_MS until `stop` is called; a failed
 * computation is reported and tried again at the next tick.
 */
export function scheduleHotWords(db: Db, onError: (error: unknown) => void): { stop: () => void } {
  const tick = () => {
    refreshHotWords(db).catch(onError);
  };
  const timer = setInterval(tick, HOT_REFRESH_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
