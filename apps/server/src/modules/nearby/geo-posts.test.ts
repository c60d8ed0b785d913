// Posts with a place around a point through the API (GET geo-posts): the radius, the
// Post shape with a distance bucket, order and pages, what is left out (no place, deleted,
// deleted authors, blocks either way), and never a coordinate.
import { deleteAccount, distanceBucketText, GeoPostSchema, geoPosts } from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { newPerson } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { block, expectBadInput, follow } from '../chat/chat.test-helper.ts';
import { posts } from '../posts/posts.tables.ts';
import { expectNoCoordinates, newArea, offset } from './nearby.test-helper.ts';
import { type GeoPoint, snapPoint } from './positions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function postAt(userId: number, point: GeoPoint | null, createdAt = new Date()) {
  return createPost(t.app.db, {
    userId,
    createdAt,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    location: point ? '人民广场' : '',
  });
}

describe('GET geo-posts', () => {
  it('answers the posts with a place within the radius, nearest bucket then newest, as Posts', async () => {
    const here = newArea();
    const author = await newPerson(t);
    const hour = 3_600_000;
    const now = Date.now();
    const near = await postAt(author.id, offset(here, 50, 0), new Date(now - 5 * hour));
    const nearNewer = await postAt(author.id, offset(here, 0, 60), new Date(now - hour));
    const mid = await postAt(author.id, offset(here, 2300, 0), new Date(now));
    const edge = await postAt(author.id, offset(here, 0, -9500));
    await postAt(author.id, offset(here, 10_600, 0)); // beyond 10 km
    await postAt(author.id, null); // no place

    const viewer = await newPerson(t);
    await follow(viewer, author);
    const answer = await viewer.api.call(geoPosts, { ...here });
    expect(answer.items.map((p) => p.pid)).toEqual([nearNewer.id, near.id, mid.id, edge.id]);
    expect(answer.hasMore).toBe(false);
    expect(answer.items.map((p) => p.distance)).toEqual([100, 100, 2500, 10_000]);
    for (const post of answer.items) {
      GeoPostSchema.strict().parse(post);
      expect(post.distance_text).toBe(distanceBucketText(post.distance));
      expect(post).toMatchObject({ uid: author.id, isfollow: 1, ismine: 0, location: '人民广场' });
    }
    expectNoCoordinates(answer, [here, offset(here, 50, 0), offset(here, 2300, 0)]);

    // A smaller radius, in km.
    expect((await viewer.api.call(geoPosts, { ...here, radius: 3 })).items.map((p) => p.pid)).toEqual([
      nearNewer.id,
      near.id,
      mid.id,
    ]);
  });

  it('measures from cell to cell, so neither buckets nor radius pin a place down', async () => {
    const cell = snapPoint(newArea());
    const author = await newPerson(t);
    // 180 m apart, in one cell: a bucket of the exact distance would say under 500 m.
    const post = await postAt(author.id, offset(cell, 90, 0));
    const from = offset(cell, -90, 0);
    expect((await t.api.call(geoPosts, { ...from })).items.map((p) => [p.pid, p.distance])).toEqual([[post.id, 100]]);
    // A radius of 150 m holds it (0 m between the cells), though it is 180 m away.
    expect((await t.api.call(geoPosts, { ...from, radius: 0.15 })).items.map((p) => p.pid)).toEqual([post.id]);
    // The next cell north is about 200 m on, whatever point in it the post is at.
    const next = offset(cell, 200, 0);
    const [a, b] = [await postAt(author.id, offset(next, -80, 30)), await postAt(author.id, offset(next, 80, -30))];
    const found = (await t.api.call(geoPosts, { ...cell, radius: 0.5 })).items;
    expect(found.find((p) => p.pid === a.id)?.distance).toBe(500);
    expect(found.find((p) => p.pid === b.id)?.distance).toBe(500);
  });

  it('pages', async () => {
    const here = newArea();
    const author = await newPerson(t);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await postAt(author.id, offset(here, i * 1000, 0)));
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await t.api.call(geoPosts, { ...here, page, size: 2 }));
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.items.map((post) => post.pid))).toEqual(made.map((p) => p.id));
  });

  it('leaves out deleted posts, deleted authors, and authors blocked either way', async () => {
    const here = newArea();
    const [author, blocked, blocker, leaving, viewer] = await Promise.all([
      newPerson(t),
      newPerson(t),
      newPerson(t),
      newPerson(t),
      newPerson(t),
    ]);
    const kept = await postAt(author.id, offset(here, 100, 0));
    const deleted = await postAt(author.id, offset(here, 200, 0));
    await t.app.db.update(posts).set({ deletedAt: sql`now()` }).where(eq(posts.id, deleted.id));
    await postAt(blocked.id, offset(here, 300, 0));
    await postAt(blocker.id, offset(here, 400, 0));
    await postAt(leaving.id, offset(here, 500, 0));
    await block(viewer, blocked);
    await block(blocker, viewer);
    await leaving.api.call(deleteAccount, { confirm: '注销' });
    await settleEvents(t.app.db);

    expect((await viewer.api.call(geoPosts, here)).items.map((p) => p.pid)).toEqual([kept.id]);
    // Logged out, only blocks do not apply.
    expect((await t.api.call(geoPosts, here)).items).toHaveLength(3);
  });

  it('marks the viewer’s own posts, and is open to anyone', async () => {
    const here = newArea();
    const me = await newPerson(t);
    const mine = await postAt(me.id, here);
    expect((await me.api.call(geoPosts, here)).items[0]).toMatchObject({ pid: mine.id, ismine: 1 });
    expect((await t.api.call(geoPosts, here)).items[0]).toMatchObject({ pid: mine.id, ismine: 0, isfollow: 0 });
  });

  it('refuses bad input with a clear answer', async () => {
    const here = newArea();
    await expectBadInput(t.api.call(geoPosts, { latitude: 100, longitude: 0 }));
    await expectBadInput(t.api.call(geoPosts, { longitude: 0 } as never));
    await expectBadInput(t.api.call(geoPosts, { ...here, radius: 0 }));
    await expectBadInput(t.api.call(geoPosts, { ...here, page: 0 }));
    await expectBadInput(t.api.call(geoPosts, { ...here, page: '1e20' }));
    await expectBadInput(t.api.call(geoPosts, { ...here, size: 'many' as never }));
  });
});
