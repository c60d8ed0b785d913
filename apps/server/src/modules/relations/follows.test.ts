import {
  followAct,
  followCheck,
  followCheckMutual,
  followers,
  followingFeed,
  followingList,
  PostSchema,
  postsNoAds,
  STATUS,
  userInfo,
} from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { users } from '../accounts/accounts.tables.ts';
import { invalidateFeed } from '../posts/posts.service.ts';
import { posts } from '../posts/posts.tables.ts';
import { follows } from './follows.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function follow(followerId: number, followeeId: number, createdAt?: Date) {
  await t.app.db.insert(follows).values({ followerId, followeeId, ...(createdAt ? { createdAt } : {}) });
}

async function followRows(followerId: number, followeeId: number) {
  return t.app.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

describe('POST /api/v1/user/follow/act', () => {
  it('follows, then unfollows, answering the new state', async () => {
    const me = await createUser(t.app.db);
    const idol = await createUser(t.app.db);
    const { api } = await loginAs(t, me.id);

    expect(await api.call(followAct, { uid: idol.id })).toEqual({ result: true, isfollow: 1 });
    expect(await followRows(me.id, idol.id)).toHaveLength(1);
    expect(await api.call(followCheck, { uid: idol.id })).toEqual({ isfollow: 1 });
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(1);
    expect((await t.api.call(userInfo, { uid: me.id })).following).toBe(1);

    expect(await api.call(followAct, { uid: idol.id })).toEqual({ result: true, isfollow: 0 });
    expect(await followRows(me.id, idol.id)).toHaveLength(0);
    expect(await api.call(followCheck, { uid: idol.id })).toEqual({ isfollow: 0 });
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(0);
  });

  it('refuses following yourself', async () => {
    const me = await createUser(t.app.db);
    const { api } = await loginAs(t, me.id);
    expect(await apiFailure(api.call(followAct, { uid: me.id }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '不能关注自己',
    });
    expect(await followRows(me.id, me.id)).toEqual([]);
  });

  it('answers 4004 for an unknown or deleted account', async () => {
    const me = await createUser(t.app.db);
    const gone = await createUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const { api } = await loginAs(t, me.id);
    expect(await apiFailure(api.call(followAct, { uid: 987_654_321 }))).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await apiFailure(api.call(followAct, { uid: gone.id }))).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '用户不存在',
    });
    expect(await followRows(me.id, gone.id)).toEqual([]);
  });

  it('answers 2011 without login', async () => {
    const idol = await createUser(t.app.db);
    expect(await apiFailure(t.api.call(followAct, { uid: idol.id }))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(0);
  });

  it('stays consistent under 50 concurrent toggles by one user', async () => {
    const me = await createUser(t.app.db);
    const idol = await createUser(t.app.db);
    const { api } = await loginAs(t, me.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.call(followAct, { uid: idol.id })));
    // Each toggle saw the one before it: half followed, half unfollowed, back where it began.
    expect(answers.filter((a) => a.isfollow === 1)).toHaveLength(25);
    expect(answers.filter((a) => a.isfollow === 0)).toHaveLength(25);
    expect(await followRows(me.id, idol.id)).toHaveLength(0);
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(0);
    expect(await api.call(followCheck, { uid: idol.id })).toEqual({ isfollow: 0 });

    const odd = await Promise.all(Array.from({ length: 51 }, () => api.call(followAct, { uid: idol.id })));
    expect(odd.filter((a) => a.isfollow === 1)).toHaveLength(26);
    expect(await followRows(me.id, idol.id)).toHaveLength(1);
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(1);
    expect(await api.call(followCheck, { uid: idol.id })).toEqual({ isfollow: 1 });
  });
});

describe('GET /api/v1/user/follow/check and check-mutual', () => {
  it('answers both directions for the viewer, and 0 when logged out', async () => {
    const me = await createUser(t.app.db);
    const mutual = await createUser(t.app.db);
    const fan = await createUser(t.app.db);
    const stranger = await createUser(t.app.db);
    await follow(me.id, mutual.id);
    await follow(mutual.id, me.id);
    await follow(fan.id, me.id);
    const { api } = await loginAs(t, me.id);

    expect(await api.call(followCheck, { uid: mutual.id })).toEqual({ isfollow: 1 });
    expect(await api.call(followCheck, { uid: fan.id })).toEqual({ isfollow: 0 });
    expect(await api.call(followCheckMutual, { uid: mutual.id })).toEqual({ isfollow: 1, istfollow: 1 });
    expect(await api.call(followCheckMutual, { uid: fan.id })).toEqual({ isfollow: 0, istfollow: 1 });
    expect(await api.call(followCheckMutual, { uid: stranger.id })).toEqual({ isfollow: 0, istfollow: 0 });
    expect(await api.call(followCheckMutual, { uid: 987_654_321 })).toEqual({ isfollow: 0, istfollow: 0 });

    expect(await t.api.call(followCheck, { uid: mutual.id })).toEqual({ isfollow: 0 });
    expect(await t.api.call(followCheckMutual, { uid: mutual.id })).toEqual({ isfollow: 0, istfollow: 0 });
  });
});

describe('GET /api/v1/user/follow/followers and following', () => {
  it('lists newest follows first, paged, without deleted accounts, marked for the viewer', async () => {
    const star = await createUser(t.app.db);
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await createUser(t.app.db));
    const base = Date.parse('2026-02-01T00:00:00Z');
    // Followed in the order fans[0] … fans[4], one minute apart.
    for (const [i, fan] of fans.entries()) await follow(fan.id, star.id, new Date(base + i * 60_000));
    const [f0, f1, f2, f3, f4] = fans as [
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
      (typeof fans)[0],
    ];
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, f2.id));

    const all = await t.api.call(followers, { uid: star.id });
    expect(all.map((c) => c.uid)).toEqual([f4.id, f3.id, f1.id, f0.id]);
    const page1 = await t.api.call(followers, { uid: star.id, page: 1, size: 3 });
    const page2 = await t.api.call(followers, { uid: star.id, page: 2, size: 3 });
    expect(page1.map((c) => c.uid)).toEqual([f4.id, f3.id, f1.id]);
    expect(page2.map((c) => c.uid)).toEqual([f0.id]);

    // The star follows back f3; f4 looks at the list.
    await follow(star.id, f3.id, new Date(base + 10 * 60_000));
    await follow(f4.id, f3.id);
    const { api } = await loginAs(t, f4.id);
    const asF4 = await api.call(followers, { uid: star.id });
    expect(asF4.find((c) => c.uid === f3.id)).toMatchObject({ isfollow: true, istfollow: false, followers: 2 });
    expect(asF4.find((c) => c.uid === f0.id)).toMatchObject({ isfollow: false, istfollow: false });

    // Whom f4 follows: f3 (newest), then star.
    const following = await t.api.call(followingList, { uid: f4.id });
    expect(following.map((c) => c.uid)).toEqual([f3.id, star.id]);
    expect((await t.api.call(followingList, { uid: star.id })).map((c) => c.uid)).toEqual([f3.id]);
  });

  it('answers 4004 for an unknown or deleted user', async () => {
    const gone = await createUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    for (const endpoint of [followers, followingList]) {
      expect(await apiFailure(t.api.call(endpoint, { uid: 987_654_321 }))).toMatchObject({ status: STATUS.NOT_FOUND });
      expect(await apiFailure(t.api.call(endpoint, { uid: gone.id }))).toMatchObject({ status: STATUS.NOT_FOUND });
    }
  });
});

describe('GET /api/v1/cms/posts/following', () => {
  it('lists live posts of the people the viewer follows, newest first, marked isfollow', async () => {
    const me = await createUser(t.app.db);
    const a = await createUser(t.app.db);
    const b = await createUser(t.app.db);
    const stranger = await createUser(t.app.db);
    await follow(me.id, a.id);
    await follow(me.id, b.id);
    await follow(stranger.id, me.id);
    const a1 = await createPost(t.app.db, { userId: a.id });
    const b1 = await createPost(t.app.db, { userId: b.id });
    await createPost(t.app.db, { userId: stranger.id });
    await createPost(t.app.db, { userId: me.id });
    const a2 = await createPost(t.app.db, { userId: a.id });
    const deleted = await createPost(t.app.db, { userId: b.id });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, deleted.id));

    const { api } = await loginAs(t, me.id);
    const feed = await api.call(followingFeed, {});
    expect(feed.map((p) => p.pid)).toEqual([a2.id, b1.id, a1.id]);
    expect(feed.every((p) => p.isfollow === 1 && p.ismine === 0)).toBe(true);
    expect(PostSchema.strict().parse(feed[0])).toEqual(feed[0]);
    expect((await api.call(followingFeed, { page: 2, size: 2 })).map((p) => p.pid)).toEqual([a1.id]);

    // Unfollowing b drops b's posts.
    await api.call(followAct, { uid: b.id });
    expect((await api.call(followingFeed, {})).map((p) => p.pid)).toEqual([a2.id, a1.id]);

    // Someone who follows nobody sees nothing.
    const loner = await createUser(t.app.db);
    expect(await (await loginAs(t, loner.id)).api.call(followingFeed, {})).toEqual([]);
  });

  it('answers 2011 without login', async () => {
    expect(await apiFailure(t.api.call(followingFeed, {}))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
  });
});

describe('isfollow in the home feed', () => {
  it('is 1 on posts of people the viewer follows, 0 for others and when logged out', async () => {
    await t.app.db.delete(posts);
    invalidateFeed(t.app.db);
    const author = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const fan = await createUser(t.app.db);
    const passer = await createUser(t.app.db);
    const byAuthor = await createPost(t.app.db, { userId: author.id, hotScore: 3 });
    const byOther = await createPost(t.app.db, { userId: other.id, hotScore: 2 });
    const byFan = await createPost(t.app.db, { userId: fan.id, hotScore: 1 });
    await follow(fan.id, author.id);

    const asFan = (await loginAs(t, fan.id)).api;
    const asPasser = (await loginAs(t, passer.id)).api;
    // Asked at once, so both read the same cached page.
    const [fanFeed, passerFeed, anonymousFeed] = await Promise.all([
      asFan.call(postsNoAds, {}),
      asPasser.call(postsNoAds, {}),
      t.api.call(postsNoAds, {}),
    ]);
    expect(fanFeed.map((p) => [p.pid, p.isfollow, p.ismine])).toEqual([
      [byAuthor.id, 1, 0],
      [byOther.id, 0, 0],
      [byFan.id, 0, 1],
    ]);
    expect(passerFeed.map((p) => p.isfollow)).toEqual([0, 0, 0]);
    expect(anonymousFeed.map((p) => p.isfollow)).toEqual([0, 0, 0]);

    // Following takes effect on the next read even while the page is cached.
    await asPasser.call(followAct, { uid: other.id });
    expect((await asPasser.call(postsNoAds, {})).map((p) => p.isfollow)).toEqual([0, 1, 0]);
  });
});
