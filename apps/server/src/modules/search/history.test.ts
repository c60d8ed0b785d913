// Search history (record, del, clear-all, index) and hot words.
import {
  deleteAccount,
  HOT_WORDS_LIMIT,
  SEARCH_HISTORY_LIMIT,
  STATUS,
  searchHistoryClear,
  searchHistoryDelete,
  searchHot,
  searchIndex,
  searchRecord,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { recordSearch } from './history.service.ts';
import { HOT_REFRESH_MS, hotWordForm, hotWords, refreshHotWords } from './hot-words.ts';
import { searchHistory, searchWordDays } from './search.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function words(person: Person): Promise<string[]> {
  return (await person.api.call(searchIndex)).history.map((entry) => entry.word);
}

describe('search history', () => {
  it('records trimmed words newest first; a repeated word moves to the top with its hid', async () => {
    const me = await newPerson(t);
    const first = await me.api.call(searchRecord, { word: '  续航  ' });
    expect(first).toMatchObject({ result: true, entry: { word: '续航' } });
    await me.api.call(searchRecord, { word: '充电桩' });
    await me.api.call(searchRecord, { word: 'Model   Y' });
    expect(await words(me)).toEqual(['Model Y', '充电桩', '续航']);
    const again = await me.api.call(searchRecord, { word: '续航' });
    expect(again.entry?.hid).toBe(first.entry?.hid);
    expect(await words(me)).toEqual(['续航', 'Model Y', '充电桩']);
  });

  it('records nothing for a blank word', async () => {
    const me = await newPerson(t);
    expect(await me.api.call(searchRecord, { word: '   ' })).toEqual({ result: false, entry: null });
    expect(await me.api.call(searchRecord, {})).toEqual({ result: false, entry: null });
    expect(await words(me)).toEqual([]);
  });

  it(`keeps only the newest ${SEARCH_HISTORY_LIMIT} words`, async () => {
    const me = await newPerson(t);
    const base = Date.parse('2026-11-01T00:00:00Z');
    for (let i = 0; i < SEARCH_HISTORY_LIMIT + 5; i++)
      await recordSearch(t.app.db, me.id, `词${i}`, new Date(base + i));
    const kept = await words(me);
    expect(kept).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(kept[0]).toBe(`词${SEARCH_HISTORY_LIMIT + 4}`);
    expect(kept.at(-1)).toBe('词5');
    const rows = await t.app.db.select().from(searchHistory).where(eq(searchHistory.userId, me.id));
    expect(rows).toHaveLength(SEARCH_HISTORY_LIMIT);
  });

  it('deletes one of one’s own words; another person’s hid is not found and stays', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    const mine = await me.api.call(searchRecord, { word: '轮胎' });
    const theirs = await other.api.call(searchRecord, { word: '贴膜' });
    expect(await me.api.call(searchHistoryDelete, { hid: mine.entry!.hid })).toEqual({ result: true });
    expect(await words(me)).toEqual([]);
    expect(await apiFailure(me.api.call(searchHistoryDelete, { hid: theirs.entry!.hid }))).toMatchObject({
      status: STATUS.NOT_FOUND,
    });
    expect(await apiFailure(me.api.call(searchHistoryDelete, { hid: mine.entry!.hid }))).toMatchObject({
      status: STATUS.NOT_FOUND,
    });
    expect(await words(other)).toEqual(['贴膜']);
  });

  it('clears all of one’s own words and nobody else’s', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    await me.api.call(searchRecord, { word: '露营' });
    await me.api.call(searchRecord, { word: '自驾' });
    await other.api.call(searchRecord, { word: '充电' });
    expect(await me.api.call(searchHistoryClear, {})).toEqual({ result: true, deleted: 2 });
    expect(await words(me)).toEqual([]);
    expect(await words(other)).toEqual(['充电']);
  });

  it('needs login to record, delete and clear; a visitor’s index has no history', async () => {
    for (const call of [
      t.api.call(searchRecord, { word: '续航' }),
      t.api.call(searchHistoryDelete, { hid: 1 }),
      t.api.call(searchHistoryClear, {}),
    ]) {
      expect(await apiFailure(call)).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    }
    expect((await t.api.call(searchIndex)).history).toEqual([]);
  });

  it('refuses a bad hid and a word over 100 characters with the validation status', async () => {
    const me = await newPerson(t);
    expect(await apiFailure(me.api.call(searchHistoryDelete, { hid: 'x' as never }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await apiFailure(me.api.call(searchRecord, { word: '电'.repeat(101) }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await words(me)).toEqual([]);
  });

  it('forgets a deleted account’s history and searches', async () => {
    const me = await newPerson(t);
    await me.api.call(searchRecord, { word: '注销前搜过' });
    await me.api.call(deleteAccount, { confirm: '注销' });
    expect(await t.app.db.select().from(searchHistory).where(eq(searchHistory.userId, me.id))).toEqual([]);
    expect(await t.app.db.select().from(searchWordDays).where(eq(searchWordDays.userId, me.id))).toEqual([]);
  });
});

describe('hot words', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 4)); // noon in Shanghai

  beforeEach(async () => {
    await t.app.db.delete(searchWordDays);
  });

  async function searchedBy(count: number, word: string, when: Date): Promise<void> {
    for (let i = 0; i < count; i++) {
      const person = await newPerson(t);
      await recordSearch(t.app.db, person.id, word, when);
    }
  }

  it('counts people, not searches: one person repeating a word never makes it hot', async () => {
    const spammer = await newPerson(t);
    for (let d = 20; d <= 26; d++) {
      for (let i = 0; i < 5; i++) await recordSearch(t.app.db, spammer.id, '刷榜词', day(d));
    }
    await searchedBy(2, '冬季续航', day(26));
    await refreshHotWords(t.app.db, { now: day(26), force: true });
    const hot = await t.api.call(searchHot);
    expect(hot.map((h) => h.word)).toEqual(['冬季续航']);
    expect(hot[0]?.score).toBe(2);
  });

  it('weighs recent searches more and forgets those older than 7 days', async () => {
    await searchedBy(3, '老话题', day(20)); // 6 days before the 26th: 3 × 0.5^3
    await searchedBy(2, '新话题', day(26)); // today: 2 × 1
    await searchedBy(5, '过期话题', day(19)); // 7 days before: out of the window
    await refreshHotWords(t.app.db, { now: day(26), force: true });
    const hot = await t.api.call(searchHot);
    expect(hot).toEqual([
      { word: '新话题', score: 2 },
      { word: '老话题', score: 0.375 },
    ]);
    // The counts that fell out of the window are gone.
    const rows = await t.app.db.select().from(searchWordDays).where(eq(searchWordDays.word, '过期话题'));
    expect(rows).toEqual([]);
  });

  it('leaves out single characters and prohibited words, and counts Model Y and model y as one', async () => {
    await searchedBy(3, '电', day(26));
    await searchedBy(3, '加微信看车', day(26));
    await searchedBy(2, 'Model Y', day(26));
    await searchedBy(1, 'model  y', day(26));
    await refreshHotWords(t.app.db, { now: day(26), force: true });
    expect(await t.api.call(searchHot)).toEqual([{ word: 'Model Y', score: 3 }]);
    expect(hotWordForm('电')).toBeNull();
    expect(hotWordForm('加微信看车')).toBeNull();
    expect(hotWordForm(' Ｍｏｄｅｌ  Y ')).toBe('Model Y');
  });

  it(`lists at most ${HOT_WORDS_LIMIT}, in the index too`, async () => {
    for (let i = 0; i < HOT_WORDS_LIMIT + 2; i++) await searchedBy(2 + i, `话题${i}`, day(26));
    await refreshHotWords(t.app.db, { now: day(26), force: true });
    const hot = await t.api.call(searchHot);
    expect(hot).toHaveLength(HOT_WORDS_LIMIT);
    expect(hot[0]?.word).toBe(`话题${HOT_WORDS_LIMIT + 1}`);
    expect((await t.api.call(searchIndex)).hot).toEqual(hot);
  });

  it(`is computed again only after ${HOT_REFRESH_MS / 60_000} minutes unless forced`, async () => {
    await searchedBy(2, '第一批', day(26));
    expect(await refreshHotWords(t.app.db, { now: day(26), force: true })).toBe(true);
    await searchedBy(2, '第二批', day(26));
    const soon = new Date(day(26).getTime() + HOT_REFRESH_MS - 1000);
    expect(await refreshHotWords(t.app.db, { now: soon })).toBe(false);
    expect((await hotWords(t.app.db, soon.getTime() + 60_000)).map((h) => h.word)).toEqual(['第一批']);
    const later = new Date(day(26).getTime() + HOT_REFRESH_MS);
    expect(await refreshHotWords(t.app.db, { now: later })).toBe(true);
    expect((await hotWords(t.app.db)).map((h) => h.word).sort()).toEqual(['第一批', '第二批']);
  });
});
