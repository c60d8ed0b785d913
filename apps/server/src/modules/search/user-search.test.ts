// User search (user/info/pager): nickname substrings as before, and the search index of
// nicknames, car models and bios (Chinese words and characters, pinyin, Latin words).
import { randomBytes } from 'node:crypto';
import {
  deleteAccount,
  SEARCH_WORD_MAX_LENGTH,
  STATUS,
  UserSearchHitSchema,
  updateProfile,
  userSearch,
} from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs, newPerson } from '../../../test/login-as.ts';
import { executeRows } from '../../platform/db.ts';
import { escapeLike, selectUserSearchRows } from '../accounts/accounts.service.ts';
import { users } from '../accounts/accounts.tables.ts';
import { followerCountSql } from '../relations/follows.service.ts';
import { follows } from '../relations/follows.tables.ts';
import { searchUsers } from './search.tables.ts';
import { backfillUserIndex } from './user-search.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A tag no other test's nicknames contain, so searches see only this test's users. */
function tag(): string {
  return `t${randomBytes(3).toString('hex')}`;
}

async function follow(followerId: number, followeeId: number) {
  await t.app.db.insert(follows).values({ followerId, followeeId });
}

async function softDeleteUser(id: number) {
  await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
}

async function uids(word: string, size = 100): Promise<number[]> {
  return (await t.api.call(userSearch, { word, size })).map((u) => u.uid);
}

/** Inlines bind parameters for EXPLAIN (test-only; the values are our own constants). */
function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe('GET /api/v1/user/info/pager', () => {
  it('finds nicknames containing the word, ignoring case, as UserCards', async () => {
    const k = tag();
    const upper = await createUser(t.app.db, { nickname: `${k}TeslaFan` });
    const inside = await createUser(t.app.db, { nickname: `老王tesla车主${k}` });
    await createUser(t.app.db, { nickname: `${k}蔚来` });
    const found = await t.api.call(userSearch, { word: `${k}TESLA` });
    expect(found.map((u) => u.uid)).toEqual([upper.id]);
    const anywhere = await t.api.call(userSearch, { word: 'tesla', size: 100 });
    expect(anywhere.map((u) => u.uid)).toEqual(expect.arrayContaining([upper.id, inside.id]));
    const [card] = await t.api.call(userSearch, { word: `车主${k}` });
    expect(UserSearchHitSchema.strict().parse(card)).toEqual(card);
    expect(card).toMatchObject({ uid: inside.id, nickname: `老王tesla车主${k}`, uname: `老王tesla车主${k}` });
  });

  it('takes % and _ literally', async () => {
    const k = tag();
    const percent = await createUser(t.app.db, { nickname: `${k}满电100%` });
    await createUser(t.app.db, { nickname: `${k}满电1000` });
    const underscore = await createUser(t.app.db, { nickname: `${k}a_b` });
    await createUser(t.app.db, { nickname: `${k}axb` });
    const backslash = await createUser(t.app.db, { nickname: `${k}c\\d` });
    await createUser(t.app.db, { nickname: `${k}cd` });
    expect((await t.api.call(userSearch, { word: `${k}满电100%` })).map((u) => u.uid)).toEqual([percent.id]);
    expect((await t.api.call(userSearch, { word: `${k}a_b` })).map((u) => u.uid)).toEqual([underscore.id]);
    expect((await t.api.call(userSearch, { word: `${k}c\\d` })).map((u) => u.uid)).toEqual([backslash.id]);
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('leaves deleted accounts out', async () => {
    const k = tag();
    const live = await createUser(t.app.db, { nickname: `${k}在线` });
    const gone = await createUser(t.app.db, { nickname: `${k}离开` });
    await softDeleteUser(gone.id);
    expect((await t.api.call(userSearch, { word: k })).map((u) => u.uid)).toEqual([live.id]);
  });

  it('answers [] for an empty or blank word', async () => {
    await createUser(t.app.db, { nickname: '空格测试' });
    expect(await t.api.call(userSearch, { word: '' })).toEqual([]);
    expect(await t.api.call(userSearch, { word: '   ' })).toEqual([]);
    expect(await t.api.call(userSearch, {})).toEqual([]);
  });

  it('puts the exact name first, then the most followed, then the newest, and pages', async () => {
    const k = tag();
    const [fan1, fan2] = [await createUser(t.app.db), await createUser(t.app.db)];
    const older = await createUser(t.app.db, { nickname: `${k}小米SU7车主` });
    const popular = await createUser(t.app.db, { nickname: `${k}小米之家` });
    const newer = await createUser(t.app.db, { nickname: `${k}小米粉` });
    const exact = await createUser(t.app.db, { nickname: `${k}小米` });
    await follow(fan1.id, popular.id);
    await follow(fan2.id, popular.id);
    const order = [exact.id, popular.id, newer.id, older.id];
    expect((await t.api.call(userSearch, { word: `${k}小米` })).map((u) => u.uid)).toEqual(order);
    const page1 = await t.api.call(userSearch, { word: `${k}小米`, page: 1, size: 3 });
    const page2 = await t.api.call(userSearch, { word: `${k}小米`, page: 2, size: 3 });
    expect([...page1, ...page2].map((u) => u.uid)).toEqual(order);
    expect(page2).toHaveLength(1);
    expect(await t.api.call(userSearch, { word: `${k}小米`, page: 3, size: 3 })).toEqual([]);
    expect(page1.find((u) => u.uid === popular.id)?.followers).toBe(2);
  });

  it('marks cards for the viewer', async () => {
    const k = tag();
    const me = await createUser(t.app.db);
    const followed = await createUser(t.app.db, { nickname: `${k}甲` });
    const fan = await createUser(t.app.db, { nickname: `${k}乙` });
    await follow(me.id, followed.id);
    await follow(fan.id, me.id);
    const { api } = await loginAs(t, me.id);
    const cards = await api.call(userSearch, { word: k });
    expect(cards.find((c) => c.uid === followed.id)).toMatchObject({ isfollow: true, istfollow: false });
    expect(cards.find((c) => c.uid === fan.id)).toMatchObject({ isfollow: false, istfollow: true });
    const anonymous = await t.api.call(userSearch, { word: k });
    expect(anonymous.every((c) => !c.isfollow && !c.istfollow)).toBe(true);
  });

  it('reads the trigram index for the ILIKE match', async () => {
    const query = selectUserSearchRows(t.app.db, 'tesla', { page: 1, size: 20 }, followerCountSql(users.id)).toSQL();
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain ${inline(query.sql, query.params)}`),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_nickname_trgm_idx');
  });
});

describe('user search over the index', () => {
  it('finds a profile edited through the API by its bio, car model and pinyin at once', async () => {
    const k = tag();
    const owner = await newPerson(t, { nickname: `${k}阿杰` });
    expect(await uids(`${k} 换电`)).toEqual([]);
    await owner.api.call(updateProfile, { bio: '蔚来换电站常客，喜欢自驾', car_model: '极氪001' });
    // Nickname part and a bio word, a 1-character bio word, the car model, pinyin of the bio.
    expect(await uids(`${k} 换电`)).toEqual([owner.id]);
    expect(await uids(`${k} 驾`)).toEqual([owner.id]);
    expect(await uids(`${k} 极氪`)).toEqual([owner.id]);
    expect(await uids(`${k} zijia`)).toEqual([owner.id]);
    // The old bio is forgotten with the edit.
    await owner.api.call(updateProfile, { bio: '周末露营' });
    expect(await uids(`${k} 换电`)).toEqual([]);
    expect(await uids(`${k} 露营`)).toEqual([owner.id]);
  });

  it('highlights the matched part of the nickname, escaped', async () => {
    const k = tag();
    const person = await createUser(t.app.db, { nickname: `<b>${k}</b>特斯拉车主` });
    await backfillUserIndex(t.app.db);
    const [hit] = await t.api.call(userSearch, { word: `${k} 特斯拉` });
    expect(hit?.uid).toBe(person.id);
    expect(hit?.highlight).toBe(`&lt;b&gt;<em>${k}</em>&lt;/b&gt;<em>特斯拉</em>车主`);
  });

  it('indexes accounts that have no row at start-up, and a deleted account leaves the index', async () => {
    const k = tag();
    const person = await createUser(t.app.db, { nickname: `${k}老张`, bio: '充电桩安装师傅' });
    expect(await uids(`${k} 安装`)).toEqual([]);
    expect(await backfillUserIndex(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await uids(`${k} 安装`)).toEqual([person.id]);
    expect(await backfillUserIndex(t.app.db)).toBe(0);
    const { api } = await loginAs(t, person.id);
    await api.call(deleteAccount, { confirm: '注销' });
    const rows = await t.app.db.select().from(searchUsers).where(eq(searchUsers.userId, person.id));
    expect(rows).toEqual([]);
    expect(await uids(`${k} 安装`)).toEqual([]);
  });

  it(`refuses a word over ${SEARCH_WORD_MAX_LENGTH} characters with the validation status, as the other searches do`, async () => {
    expect(await t.api.call(userSearch, { word: '电'.repeat(SEARCH_WORD_MAX_LENGTH) })).toEqual([]);
    expect(await apiFailure(t.api.call(userSearch, { word: '电'.repeat(SEARCH_WORD_MAX_LENGTH + 1) }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
  });
});
