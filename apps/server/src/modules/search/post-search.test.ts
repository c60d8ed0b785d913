// Post search through the API: posts published through the real release endpoint are
// found by Chinese words and characters, pinyin and initials, and Latin words.
import { type ApiClient, blockAct, postDelete, postRelease, postSearch, STATUS } from '@evcircle/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createFaker } from '../../../test/factories/faker.ts';
import { buildPost } from '../../../test/factories/posts.ts';
import { createImageUpload } from '../../../test/factories/uploads.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { executeRows } from '../../platform/db.ts';
import { posts } from '../posts/posts.tables.ts';
import { backfillPostIndex, SEARCH_CANDIDATES } from './post-search.service.ts';

let t: TestApp;
let alice: Person;
let bob: Person;
const pids: Record<string, number> = {};

type ReleaseBody = z.input<NonNullable<(typeof postRelease)['body']>>;

async function publish(person: Person, content: string, location = ''): Promise<number> {
  const image = await createImageUpload(t.app.db, person.id);
  const body = { content, type: 'exp', imgpack: JSON.stringify([{ src: image.key }]), location };
  const { pid } = await person.api.call(postRelease, {
    latitude: '',
    longitude: '',
    checkin: '',
    ...body,
  } as ReleaseBody);
  return pid;
}

function search(word: string, extra: { idx?: number; size?: number } = {}, api: ApiClient = t.api) {
  return api.call(postSearch, { word, ...extra } as z.input<NonNullable<(typeof postSearch)['query']>>);
}

async function found(word: string, api?: ApiClient, extra: { idx?: number; size?: number } = {}): Promise<number[]> {
  return (await search(word, extra, api)).map((post) => post.pid);
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await newPerson(t);
  bob = await newPerson(t);
  pids.seal = await publish(alice, '比亚迪海豹续航实测，高速跑了三百公里', '广东·深圳');
  pids.tesla = await publish(bob, '特斯拉 Model Y 冬季续航，FSD 体验');
  pids.xiaomi = await publish(alice, '小米SU7 充电桩安装，物业同意了');
  pids.script = await publish(bob, '<script>alert(1)</script> 充电 & 续航');
});
afterAll(() => t.close());

describe('GET /api/v1/cms/post/search', () => {
  it.each([
    ['续', ['seal', 'tesla', 'script']],
    ['续航', ['seal', 'tesla', 'script']],
    ['海豹', ['seal']],
    ['深圳', ['seal']],
    ['特斯拉', ['tesla']],
    ['tesila', ['tesla']],
    ['tsl', ['tesla']],
    ['model y', ['tesla']],
    ['MODEL Y 续航', ['tesla']],
    ['fsd', ['tesla']],
    ['Fsd', ['tesla']],
    ['su7', ['xiaomi']],
    ['海豹 特斯拉', []],
    ['桩充', []],
  ])('%s finds %j', async (word, names) => {
    expect((await found(word)).sort()).toEqual(names.map((name) => pids[name]).sort());
  });

  it('answers Posts with the content highlighted as escaped HTML', async () => {
    const [seal] = await search('海豹');
    expect(seal).toMatchObject({ pid: pids.seal, uid: alice.id, content: '比亚迪海豹续航实测，高速跑了三百公里' });
    expect(seal?.highlight).toBe('比亚迪<em>海豹</em>续航实测，高速跑了三百公里');
    const [script] = await search('充电 script');
    expect(script?.pid).toBe(pids.script);
    expect(script?.highlight).toBe('&lt;<em>script</em>&gt;alert(1)&lt;/<em>script</em>&gt; <em>充电</em> &amp; 续航');
    expect(script?.highlight).not.toContain('<script>');
  });

  it('marks the viewer’s own posts and leaves out authors the viewer blocked', async () => {
    const mine = await search('续航', {}, alice.api);
    expect(mine.find((post) => post.pid === pids.seal)?.ismine).toBe(1);
    expect(mine.find((post) => post.pid === pids.tesla)?.ismine).toBe(0);
    const viewer = await newPerson(t);
    await viewer.api.call(blockAct, { uid: bob.id });
    expect(await found('续航', viewer.api)).toEqual([pids.seal]);
  });

  it('pages by idx and size, most relevant then newest first', async () => {
    const first = await search('续航', { idx: 1, size: 2 });
    const second = await search('续航', { idx: 2, size: 2 });
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect([...first, ...second].map((post) => post.pid).sort()).toEqual([pids.seal, pids.tesla, pids.script].sort());
    expect(await search('续航', { idx: 3, size: 2 })).toEqual([]);
  });

  it('refuses an empty or blank word with a validation status', async () => {
    for (const word of ['', '   ']) {
      const error = await apiFailure(search(word));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toContain('请输入搜索词');
    }
    expect((await apiFailure(search('续'.repeat(101)))).status).toBe(STATUS.VALIDATION_FAILED);
  });

  it('never errors on tsquery syntax in the word', async () => {
    for (const word of ['a & !b | c:* \' " \\', '!海豹', '(续航) <-> 冬', "')::tsquery; --", '&', ':*']) {
      await expect(search(word)).resolves.toBeInstanceOf(Array);
    }
    expect(await found('!海豹')).toEqual([pids.seal]);
  });

  it('drops a deleted post from the results, with its index row', async () => {
    const pid = await publish(alice, '蔚来换电站排队两小时');
    expect(await found('换电站')).toEqual([pid]);
    await alice.api.call(postDelete, { pid });
    expect(await found('换电站')).toEqual([]);
    expect(await executeRows(t.app.db, sql`select 1 from search_posts where post_id = ${pid}`)).toHaveLength(0);
  });

  it('backfills posts that have no index row', async () => {
    const pid = await publish(bob, '理想 L9 露营模式');
    await t.app.db.execute(sql`delete from search_posts where post_id = ${pid}`);
    expect(await found('露营')).toEqual([]);
    expect(await backfillPostIndex(t.app.db)).toBe(1);
    expect(await found('露营')).toEqual([pid]);
    expect(await backfillPostIndex(t.app.db)).toBe(0);
  });

  it(`ranks the newest ${SEARCH_CANDIDATES} matches of a word found in more posts than that`, async () => {
    const author = await createUser(t.app.db);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // Five old posts that say 飞鸟 many times, then SEARCH_CANDIDATES newer ones that say it once.
    const rows = Array.from({ length: SEARCH_CANDIDATES + 5 }, (_, i) =>
      buildPost(createFaker(i), {
        userId: author.id,
        content: i < 5 ? '飞鸟飞鸟飞鸟飞鸟飞鸟，一只又一只飞鸟' : `今天看见一只飞鸟 ${i}`,
        createdAt: new Date(base + i * 60_000),
      }),
    );
    const inserted = await t.app.db.insert(posts).values(rows).returning({ id: posts.id });
    await backfillPostIndex(t.app.db);
    const oldest = new Set(inserted.slice(0, 5).map((row) => row.id));
    const all: number[] = [];
    for (let idx = 1; ; idx++) {
      const page = await found('飞鸟', undefined, { idx, size: 100 });
      if (page.length === 0) break;
      all.push(...page);
    }
    expect(all).toHaveLength(SEARCH_CANDIDATES);
    expect(all.some((pid) => oldest.has(pid))).toBe(false);
  });
});
