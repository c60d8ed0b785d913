import {
  ApiError,
  beautyPosts,
  expPosts,
  followAct,
  followingFeed,
  modPosts,
  POST_THEMES,
  PostSchema,
  type PostTheme,
  postsNoAds,
  STATUS,
  THEME_FEEDS,
  teslaPosts,
  travelPosts,
  userInfo,
  userPosts,
} from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { executeRows } from '../../platform/db.ts';
import { SerializedAnswer } from '../../platform/endpoints.ts';
import { settleEvents } from '../../platform/events.ts';
import { users } from '../accounts/accounts.tables.ts';
import { toggleBlock } from '../relations/blocks.service.ts';
import { blocks } from '../relations/blocks.tables.ts';
import { follows } from '../relations/follows.tables.ts';
import { FEED_CACHE_MS, feedAnswer, invalidateFeed, listFeed, selectFeedRows } from './posts.service.ts';
import { posts } from './posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.delete(posts);
  invalidateFeed(t.app.db);
});

/** Blocks (or, called again, unblocks) as the app does: the viewer's remembered relations follow at once. */
async function block(blockerId: number, blockedId: number) {
  await toggleBlock(t.app.db, blockerId, blockedId);
}

describe('themed feeds /api/v1/{mod,beauty,travel,tesla,exp}/posts', () => {
  it('declares one endpoint per theme', () => {
    expect(THEME_FEEDS).toEqual({
      mod: modPosts,
      beauty: beautyPosts,
      travel: travelPosts,
      tesla: teslaPosts,
      exp: expPosts,
    });
  });

  it('answers only its theme, hottest first, then newest id; deleted posts left out', async () => {
    const author = await createUser(t.app.db);
    const made: Record<PostTheme, number[]> = { mod: [], beauty: [], travel: [], tesla: [], exp: [] };
    for (const [i, theme] of POST_THEMES.entries()) {
      const low = await createPost(t.app.db, { userId: author.id, type: theme, hotScore: 10 + i });
      const high = await createPost(t.app.db, { userId: author.id, type: theme, hotScore: 100 + i });
      const tieOld = await createPost(t.app.db, { userId: author.id, type: theme, hotScore: 50 });
      const tieNew = await createPost(t.app.db, { userId: author.id, type: theme, hotScore: 50 });
      const gone = await createPost(t.app.db, { userId: author.id, type: theme, hotScore: 1000 });
      await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, gone.id));
      made[theme] = [high.id, tieNew.id, tieOld.id, low.id];
    }
    invalidateFeed(t.app.db);
    for (const theme of POST_THEMES) {
      const feed = await t.api.call(THEME_FEEDS[theme], {});
      expect({ theme, pids: feed.map((p) => p.pid) }).toEqual({ theme, pids: made[theme] });
      for (const post of feed) expect(PostSchema.strict().parse(post)).toEqual(post);
      expect(new Set(feed.map((p) => p.type))).toEqual(new Set([theme]));
    }
  });

  it('pages with page and size (default 20), and checks them', async () => {
    const author = await createUser(t.app.db);
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push((await createPost(t.app.db, { userId: author.id, type: 'exp', hotScore: 1000 - i })).id);
    }
    await createPost(t.app.db, { userId: author.id, type: 'mod', hotScore: 999.5 });
    expect((await t.api.call(expPosts, {})).map((p) => p.pid)).toEqual(ids.slice(0, 20));
    expect((await t.api.call(expPosts, { page: 2 })).map((p) => p.pid)).toEqual(ids.slice(20));
    expect((await t.api.call(expPosts, { page: 2, size: 5 })).map((p) => p.pid)).toEqual(ids.slice(5, 10));
    const error = await t.api.call(expPosts, { page: 0 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '参数错误：page 须为不小于 1 的整数' });
  });

  it('marks the viewer’s own posts and followed authors', async () => {
    const me = await createUser(t.app.db);
    const idol = await createUser(t.app.db);
    await t.app.db.insert(follows).values({ followerId: me.id, followeeId: idol.id });
    const mine = await createPost(t.app.db, { userId: me.id, type: 'beauty', hotScore: 2 });
    const theirs = await createPost(t.app.db, { userId: idol.id, type: 'beauty', hotScore: 1 });
    const { api } = await loginAs(t, me.id);
    expect(await api.call(beautyPosts, {})).toEqual([
      expect.objectContaining({ pid: mine.id, ismine: 1, isfollow: 0 }),
      expect.objectContaining({ pid: theirs.id, ismine: 0, isfollow: 1 }),
    ]);
  });

  it('caches one page per theme, page and size, all cleared by invalidateFeed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const author = await createUser(t.app.db);
    await createPost(t.app.db, { userId: author.id, type: 'mod' });
    await createPost(t.app.db, { userId: author.id, type: 'tesla' });
    const select = vi.spyOn(t.app.db, 'select');
    try {
      const [mod, tesla] = await Promise.all([
        listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'mod' }),
        listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'tesla' }),
        listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'mod' }),
      ]);
      expect(select).toHaveBeenCalledTimes(2);
      expect(mod?.map((p) => p.type)).toEqual(['mod']);
      expect(tesla?.map((p) => p.type)).toEqual(['tesla']);

      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null });
      expect(select).toHaveBeenCalledTimes(3);
      vi.advanceTimersByTime(FEED_CACHE_MS - 10);
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'tesla' });
      expect(select).toHaveBeenCalledTimes(3);

      invalidateFeed(t.app.db);
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'tesla' });
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null, theme: 'mod' });
      expect(select).toHaveBeenCalledTimes(5);
    } finally {
      select.mockRestore();
      vi.useRealTimers();
    }
  });

  it('serves anonymous visitors a shared answer per theme until invalidated', async () => {
    const author = await createUser(t.app.db, { nickname: '旧名字' });
    await createPost(t.app.db, { userId: author.id, type: 'travel' });
    expect((await t.api.call(travelPosts, {}))[0]?.uname).toBe('旧名字');
    // A write that skips invalidateFeed is not seen within FEED_CACHE_MS…
    await t.app.db.update(users).set({ nickname: '新名字' }).where(eq(users.id, author.id));
    expect((await t.api.call(travelPosts, {}))[0]?.uname).toBe('旧名字');
    // …and is once the feeds are invalidated.
    invalidateFeed(t.app.db);
    expect((await t.api.call(travelPosts, {}))[0]?.uname).toBe('新名字');
  });

  it('reads posts_type_feed_idx in order instead of sorting', async () => {
    for (const hiddenAuthors of [[], [1, 2]]) {
      const plan = await explain(selectFeedRows(t.app.db, { page: 1, size: 20, theme: 'mod', hiddenAuthors }).toSQL());
      expect(plan).toContain('posts_type_feed_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    }
    const home = await explain(selectFeedRows(t.app.db, { page: 1, size: 20, hiddenAuthors: [3] }).toSQL());
    expect(home).toContain('posts_feed_idx');
    expect(home).not.toMatch(/\bSort\b/);
  });
});

describe('a logged-in feed page', () => {
  afterEach(async () => {
    await t.app.db.delete(blocks);
    await t.app.db.delete(follows);
  });

  it('is the shared page marked with one query; a viewer who blocked someone reads their own', async () => {
    const viewer = await createUser(t.app.db);
    const followed = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await createPost(t.app.db, { userId: followed.id, hotScore: 100 - 2 * i }));
      made.push(await createPost(t.app.db, { userId: other.id, hotScore: 99 - 2 * i }));
    }
    await createPost(t.app.db, { userId: viewer.id, hotScore: 1 });
    await t.app.db.insert(follows).values({ followerId: viewer.id, followeeId: followed.id });
    // The shared page is read (and cached) once, by anybody.
    await listFeed(t.app.db, { page: 1, size: 10, viewerId: null });

    // Both drivers (PGlite and node-postgres' pool) send every query outside a transaction through `query`.
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const page = await listFeed(t.app.db, { page: 1, size: 10, viewerId: viewer.id });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(page.map((p) => [p.uid, p.isfollow, p.ismine])).toEqual([
        ...made.map((p) => [p.userId, p.userId === followed.id ? 1 : 0, 0]),
        [viewer.id, 0, 1],
      ]);

      await block(viewer.id, other.id);
      // What the block set going after its commit (notifications) is not the feed's.
      await settleEvents(t.app.db);
      spy.mockClear();
      const mine = await listFeed(t.app.db, { page: 1, size: 10, viewerId: viewer.id });
      expect(mine.map((p) => [p.uid, p.isfollow])).toEqual([
        ...made.filter((p) => p.userId === followed.id).map((p) => [p.userId, 1]),
        [viewer.id, 0],
      ]);
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the feed route’s answer (feedAnswer)', () => {
  afterEach(async () => {
    await t.app.db.delete(blocks);
    await t.app.db.delete(follows);
  });

  it('is the page serialized once, marked per viewer in its bytes exactly as listFeed marks it', async () => {
    const me = await createUser(t.app.db);
    const friend = await createUser(t.app.db);
    const stranger = await createUser(t.app.db);
    await createPost(t.app.db, { userId: friend.id, hotScore: 30, content: '周末自驾，"ismine":0 看这里' });
    await createPost(t.app.db, { userId: me.id, hotScore: 20, content: '我的第一台电车' });
    await createPost(t.app.db, { userId: stranger.id, hotScore: 10 });
    await t.app.db.insert(follows).values({ followerId: me.id, followeeId: friend.id });
    let serialized = 0;
    const serialize = (data: unknown) => {
      serialized += 1;
      return Buffer.from(JSON.stringify({ status: 200, data, message: '' }));
    };
    const page = { page: 1, size: 10 };
    const answerFor = async (viewerId: number | null) => {
      const answer = await feedAnswer(t.app.db, { ...page, viewerId }, serialize);
      expect(answer).toBeInstanceOf(SerializedAnswer);
      return answer as SerializedAnswer;
    };

    const anonymous = await answerFor(null);
    const mine = await answerFor(me.id);
    const theirs = await answerFor(stranger.id);
    expect(serialized).toBe(1);
    expect(JSON.parse(mine.body.toString()).data).toEqual(await listFeed(t.app.db, { ...page, viewerId: me.id }));
    expect(JSON.parse(theirs.body.toString()).data).toEqual(
      await listFeed(t.app.db, { ...page, viewerId: stranger.id }),
    );
    expect(JSON.parse(anonymous.body.toString()).data).toEqual(await listFeed(t.app.db, { ...page, viewerId: null }));
    // The stranger's page holds their own post: a marked copy. Nobody's shared bytes change.
    expect(anonymous.body.toString()).not.toContain('"ismine":1');
  });

  it('is listFeed’s own read for a viewer who blocked someone', async () => {
    const me = await createUser(t.app.db);
    const pest = await createUser(t.app.db);
    await createPost(t.app.db, { userId: pest.id, hotScore: 5 });
    await block(me.id, pest.id);
    const answer = await feedAnswer(t.app.db, { page: 1, size: 10, viewerId: me.id }, () => Buffer.from(''));
    expect(answer).toEqual([]);
  });
});

describe('a logged-in viewer’s remembered relations', () => {
  it('follow a follow and an unfollow through the API at once, however recently the feed was read', async () => {
    const viewer = await createUser(t.app.db);
    const author = await createUser(t.app.db);
    await createPost(t.app.db, { userId: author.id, hotScore: 500 });
    const { api } = await loginAs(t, viewer.id);
    const mark = async () => (await api.call(postsNoAds, { size: 5 })).find((p) => p.uid === author.id)?.isfollow;
    expect(await mark()).toBe(0);
    await api.call(followAct, { uid: author.id });
    expect(await mark()).toBe(1);
    await api.call(followAct, { uid: author.id });
    expect(await mark()).toBe(0);
  });
});

describe('blocked authors in feeds', () => {
  afterEach(async () => {
    await t.app.db.delete(blocks);
  });

  it('vanish from the home and themed feeds of the viewer who blocked them, pages staying full', async () => {
    const viewer = await createUser(t.app.db);
    const pest = await createUser(t.app.db);
    const friend = await createUser(t.app.db);
    const pestPosts: number[] = [];
    const friendPosts: number[] = [];
    for (let i = 0; i < 6; i++) {
      pestPosts.push((await createPost(t.app.db, { userId: pest.id, type: 'mod', hotScore: 100 - 2 * i })).id);
      friendPosts.push((await createPost(t.app.db, { userId: friend.id, type: 'mod', hotScore: 99 - 2 * i })).id);
    }
    await block(viewer.id, pest.id);
    const { api } = await loginAs(t, viewer.id);

    expect((await api.call(postsNoAds, { size: 4 })).map((p) => p.pid)).toEqual(friendPosts.slice(0, 4));
    expect((await api.call(postsNoAds, { page: 2, size: 4 })).map((p) => p.pid)).toEqual(friendPosts.slice(4));
    expect((await api.call(modPosts, {})).map((p) => p.pid)).toEqual(friendPosts);

    // Not for anyone else: the anonymous answer and another viewer keep them.
    const all = await t.api.call(postsNoAds, { size: 4 });
    expect(all.map((p) => p.uid)).toEqual([pest.id, friend.id, pest.id, friend.id]);
    const { api: other } = await loginAs(t, friend.id);
    expect((await other.call(modPosts, {})).filter((p) => p.uid === pest.id)).toHaveLength(6);
    // Blocking goes one way: the blocked user still sees the blocker's posts.
    const mine = await createPost(t.app.db, { userId: viewer.id, type: 'mod', hotScore: 1000 });
    const { api: pestApi } = await loginAs(t, pest.id);
    expect((await pestApi.call(modPosts, {}))[0]?.pid).toBe(mine.id);

    // Unblocked, they are back at once.
    await block(viewer.id, pest.id);
    expect((await api.call(modPosts, {})).filter((p) => p.uid === pest.id)).toHaveLength(6);
  });

  it('vanish from the following feed of the viewer who blocked them', async () => {
    const viewer = await createUser(t.app.db);
    const pest = await createUser(t.app.db);
    const friend = await createUser(t.app.db);
    await t.app.db.insert(follows).values([
      { followerId: viewer.id, followeeId: pest.id },
      { followerId: viewer.id, followeeId: friend.id },
    ]);
    const pestPost = await createPost(t.app.db, { userId: pest.id });
    const friendPost = await createPost(t.app.db, { userId: friend.id });
    const { api } = await loginAs(t, viewer.id);
    expect((await api.call(followingFeed, {})).map((p) => p.pid)).toEqual([friendPost.id, pestPost.id]);
    await block(viewer.id, pest.id);
    expect((await api.call(followingFeed, {})).map((p) => p.pid)).toEqual([friendPost.id]);
  });

  it('vanish from their profile for the viewer who blocked them, who is told so by isblock', async () => {
    const viewer = await createUser(t.app.db);
    const pest = await createUser(t.app.db);
    const pestPost = await createPost(t.app.db, { userId: pest.id });
    const { api } = await loginAs(t, viewer.id);
    expect(await api.call(userInfo, { uid: pest.id })).toMatchObject({ isblock: 0, posts: 1 });
    expect((await api.call(userPosts, { uid: pest.id })).map((p) => p.pid)).toEqual([pestPost.id]);

    await block(viewer.id, pest.id);
    expect(await api.call(userInfo, { uid: pest.id })).toMatchObject({ isblock: 1 });
    expect(await api.call(userPosts, { uid: pest.id })).toEqual([]);
    // Only for the blocker: anonymous readers and the blocked user see the posts, with isblock 0.
    expect(await t.api.call(userInfo, { uid: pest.id })).toMatchObject({ isblock: 0 });
    expect((await t.api.call(userPosts, { uid: pest.id })).map((p) => p.pid)).toEqual([pestPost.id]);
    const { api: pestApi } = await loginAs(t, pest.id);
    expect(await pestApi.call(userInfo, { uid: viewer.id })).toMatchObject({ isblock: 0 });
    expect(await pestApi.call(userInfo, { uid: pest.id })).toMatchObject({ isblock: 0, ismine: 1 });
  });
});

async function explain(query: { sql: string; params: unknown[] }): Promise<string> {
  return t.app.db.transaction(async (tx) => {
    // The test table is tiny, so make the planner show what it would do at scale.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const rows = await executeRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${inline(query.sql, query.params)}`));
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Inlines bind parameters for EXPLAIN (numbers and plain theme words only). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (typeof value === 'string' && /^[a-z]+$/.test(value)) return `'${value}'`;
    throw new Error(`unexpected parameter ${String(value)}`);
  });
}
