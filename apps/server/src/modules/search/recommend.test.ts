// Recommendations before typing (search/info/recommend): popular posts for a visitor;
// for a viewer, lifted by followed authors and liked themes, without their own posts,
// posts they liked and blocked authors.
import { blockAct, followAct, likeAct, PAGE_SIZE, PostSchema, STATUS, searchRecommend } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { posts } from '../posts/posts.tables.ts';

let t: TestApp;
let viewer: Person;
const ids: Record<string, number> = {};

/** A post whose hot score is `hot` (the feed's rank), by `userId`, in `theme`. */
async function post(name: string, userId: number, hot: number, theme = 'mod'): Promise<void> {
  const created = await createPost(t.app.db, { userId, hotScore: hot, type: theme, likeCount: 0 });
  ids[name] = created.id;
}

const order = (list: { pid: number }[]) => list.map((p) => Object.entries(ids).find(([, id]) => id === p.pid)?.[0]);

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await newPerson(t);
  const [a, b, c, d] = [
    await createUser(t.app.db),
    await createUser(t.app.db),
    await createUser(t.app.db),
    await createUser(t.app.db),
  ];
  await post('hottest', a.id, 100);
  await post('second', a.id, 99.6);
  await post('byFollowed', b.id, 99.2);
  await post('travel', a.id, 99.1, 'travel');
  await post('liked', a.id, 99.05, 'travel');
  await post('byBlocked', c.id, 99.9);
  await post('own', viewer.id, 99.95);
  await post('deleted', d.id, 100.5);
  await post('cold', d.id, 90);
  await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, ids.deleted!));
  await viewer.api.call(followAct, { uid: b.id });
  await viewer.api.call(blockAct, { uid: c.id });
  await viewer.api.call(likeAct, { pid: ids.liked! });
  // The like recomputed that post's score from its age; put back the one this test ranks by.
  await t.app.db.update(posts).set({ hotScore: 99.05 }).where(eq(posts.id, ids.liked!));
});
afterAll(() => t.close());

describe('GET /api/v1/search/info/recommend', () => {
  it('gives a visitor the popular posts, hottest first, as Posts', async () => {
    const list = await t.api.call(searchRecommend, {});
    expect(order(list)).toEqual(['hottest', 'own', 'byBlocked', 'second', 'byFollowed', 'travel', 'liked', 'cold']);
    for (const item of list) expect(PostSchema.strict().parse(item)).toEqual(item);
  });

  it('lifts followed authors and liked themes for a viewer; leaves out their own, liked and blocked', async () => {
    const list = await viewer.api.call(searchRecommend, {});
    // byFollowed: 99.2 + 1; travel: 99.1 + 0.6 × 1 (the viewer's one like is of a travel post).
    expect(order(list)).toEqual(['byFollowed', 'hottest', 'travel', 'second', 'cold']);
    expect(list.find((p) => p.pid === ids.byFollowed)?.isfollow).toBe(1);
  });

  it(`pages with idx and size (default ${PAGE_SIZE.recommend})`, async () => {
    const first = await viewer.api.call(searchRecommend, { idx: 1, size: 2 });
    const second = await viewer.api.call(searchRecommend, { idx: 2, size: 2 });
    const third = await viewer.api.call(searchRecommend, { idx: 3, size: 2 });
    expect([...order(first), ...order(second), ...order(third)]).toEqual([
      'byFollowed',
      'hottest',
      'travel',
      'second',
      'cold',
    ]);
    expect(await viewer.api.call(searchRecommend, { idx: 4, size: 2 })).toEqual([]);
  });

  it('refuses a bad idx or size with the validation status', async () => {
    for (const query of [{ idx: 0 }, { size: 'many' }, { idx: 1.5 }]) {
      expect(await apiFailure(t.api.call(searchRecommend, query as never))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
      });
    }
  });
});
