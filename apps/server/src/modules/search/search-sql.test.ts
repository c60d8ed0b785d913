// The engine against a real database: PGlite by default, PostgreSQL when DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { executeRows } from '../../platform/db.ts';
import { searchTsquerySql, toTsquerySql, toTsvectorSql } from './search-sql.ts';

const POSTS = [
  { id: 1, title: '比亚迪海豹续航实测', body: '高速跑了三百公里' },
  { id: 2, title: '特斯拉 Model Y 冬季续航', body: '零下十度，暖气全开' },
  { id: 3, title: '小米SU7 充电桩安装', body: '物业同意了' },
  { id: 4, title: 'Wallbox 壁挂充电盒', body: '十一千瓦' },
];

let t: TestApp;
// A plain table, not a temporary one: on PostgreSQL the pool may hand each query another connection.
const TABLE = sql.raw(`search_engine_test_${Date.now().toString(36)}`);

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.execute(sql`create table ${TABLE} (id int primary key, doc tsvector not null)`);
  await t.app.db.execute(sql`create index on ${TABLE} using gin (doc)`);
  for (const post of POSTS) {
    const doc = toTsvectorSql([
      { text: post.title, weight: 'A' },
      { text: post.body, weight: 'B' },
    ]);
    await t.app.db.execute(sql`insert into ${TABLE} (id, doc) values (${post.id}, ${doc})`);
  }
});
afterAll(async () => {
  await t.app.db.execute(sql`drop table if exists ${TABLE}`);
  await t.close();
});

async function found(query: string): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(
    t.app.db,
    sql`select id from ${TABLE} where doc @@ ${searchTsquerySql(query)} order by id`,
  );
  return rows.map((row) => Number(row.id));
}

describe('searching indexed posts', () => {
  it.each([
    ['海豹', [1]],
    ['续航', [1, 2]],
    ['续', [1, 2]],
    ['特斯拉', [2]],
    ['tesila', [2]],
    ['tsl', [2]],
    ['TESI', [2]],
    ['model y', [2]],
    ['Model Y 续航', [2]],
    ['modely', [2]],
    ['充电桩', [3]],
    ['充电', [3, 4]],
    ['su7', [3]],
    ['wallbox', [4]],
    ['WALLBOX', [4]],
    ['冬季 续航', [2]],
    ['暖气', [2]],
    ['海豹 特斯拉', []],
    ['桩充', []],
    ['', []],
  ])('%s finds %j', async (query, ids) => {
    expect(await found(query)).toEqual(ids);
  });

  it('never lets a query become tsquery syntax', async () => {
    for (const query of [
      'a & !b | c:* \' " \\',
      "'' | !",
      '!海豹',
      '续 | 特斯拉',
      '*:',
      '(续航) <-> 冬',
      "')::tsquery; --",
    ]) {
      await expect(found(query)).resolves.toBeDefined();
    }
    expect(await found('a & !b | c:* \' " \\')).toEqual([]);
    expect(await found('!海豹')).toEqual([1]);
    expect(await found('续 | 特斯拉')).toEqual([2]);
    expect(await found("'' | !")).toEqual([]);
  });

  it('refuses a term that is not a plain word', () => {
    expect(() => toTsquerySql([{ text: "a' | 'b", prefix: false }])).toThrow(/unsafe/);
    expect(() => toTsquerySql([{ text: 'a:*', prefix: false }])).toThrow(/unsafe/);
  });

  it('weights titles above bodies', async () => {
    const rows = await executeRows<{ weighted: string }>(
      t.app.db,
      sql`select ${toTsvectorSql([
        { text: '续航', weight: 'A' },
        { text: '暖气', weight: 'B' },
      ])}::text as weighted`,
    );
    expect(rows[0]?.weighted).toMatch(/'续航':\d+A/);
    expect(rows[0]?.weighted).toMatch(/'暖气':\d+B/);
  });
});
