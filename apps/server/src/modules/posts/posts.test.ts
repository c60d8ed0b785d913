import { ApiError, PostSchema, postsNoAds, STATUS } from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createFaker } from '../../../test/factories/faker.ts';
import { buildPost, createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { executeRows } from '../../platform/db.ts';
import { users } from '../accounts/accounts.tables.ts';
import { FEED_CACHE_MS, hotScore, invalidateFeed, listFeed, selectFeedRows } from './posts.service.ts';
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

/** Inserts `count` posts by one author in one statement, hottest first by index. */
async function insertPosts(count: number, userId: number) {
  const faker = createFaker(7);
  const rows = Array.from({ length: count }, (_, i) => buildPost(faker, { userId, hotScore: 1_000_000 - i }));
  const ids = await t.app.db.insert(posts).values(rows).returning({ id: posts.id });
  invalidateFeed(t.app.db);
  return ids;
}

async function expectValidation(input: Record<string, unknown>, message: string) {
  const error = await t.api.call(postsNoAds, input).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: STATUS.VALIDATION_FAILED, message });
}

describe('GET /api/v1/cms/posts/no-ads', () => {
  it('defaults to page 1 and size 20', async () => {
    const author = await createUser(t.app.db);
    const ids = (await insertPosts(25, author.id)).map((r) => r.id);
    const first = await t.api.call(postsNoAds, {});
    expect(first.map((p) => p.pid)).toEqual(ids.slice(0, 20));
    const second = await t.api.call(postsNoAds, { page: 2 });
    expect(second.map((p) => p.pid)).toEqual(ids.slice(20));
    expect(await t.api.call(postsNoAds, { page: 3 })).toEqual([]);
  });

  it('caps size at 100', async () => {
    const author = await createUser(t.app.db);
    await insertPosts(105, author.id);
    expect(await t.api.call(postsNoAds, { size: 500 })).toHaveLength(100);
    expect(await t.api.call(postsNoAds, { size: 7 })).toHaveLength(7);
  });

  it('refuses page 0, non-numeric pages and bad sizes with a clear message', async () => {
    await expectValidation({ page: 0 }, '参数错误：page 须为不小于 1 的整数');
    await expectValidation({ page: 'abc' }, '参数错误：page 须为数字');
    await expectValidation({ page: '1.5' }, '参数错误：page 须为整数');
    await expectValidation({ size: 0 }, '参数错误：size 须为不小于 1 的整数');
  });

  it('returns every Post field of SPEC.md §3, valid against the contract', async () => {
    const author = await createUser(t.app.db, { nickname: '电车老司机', avatar: 'seed/avatars/1.png' });
    await createPost(t.app.db, {
      userId: author.id,
      type: 'travel',
      content: '川西自驾第三天',
      images: [
        { src: 'seed/posts/a.jpg', width: 1080, height: 1440 },
        { src: 'seed/posts/b.jpg', width: 1080, height: 810 },
      ],
      xyPrice: '12.3',
      location: '四川·甘孜',
      likeCount: 5,
      commentCount: 2,
      shareCount: 1,
    });
    const [post] = await t.api.call(postsNoAds, {});
    expect(post).toBeDefined();
    expect(Object.keys(post ?? {}).sort()).toEqual(Object.keys(PostSchema.shape).sort());
    expect(PostSchema.strict().parse(post)).toEqual(post);
    expect(post).toMatchObject({
      uid: author.id,
      type: 'travel',
      isvio: 0,
      likenum: 5,
      comments: 2,
      sharenum: 1,
      vioinfo: [],
      viosrc: '',
      imgsrc: 'seed/posts/a.jpg',
      imgpack: [
        { src: 'seed/posts/a.jpg', width: 1080, height: 1440 },
        { src: 'seed/posts/b.jpg', width: 1080, height: 810 },
      ],
      avatar: 'seed/avatars/1.png',
      uname: '电车老司机',
      xy_price: '12.30',
      content: '川西自驾第三天',
      location: '四川·甘孜',
      ismine: 0,
      isfollow: 0,
    });
    expect(new Date(post?.atime ?? '').toISOString()).toBe(post?.atime);
  });

  it('describes a video post by its video and cover', async () => {
    const author = await createUser(t.app.db);
    await createPost(t.app.db, {
      userId: author.id,
      images: [],
      videoSrc: 'seed/videos/1.mp4',
      videoCover: 'seed/videos/1.jpg',
    });
    await createPost(t.app.db, { userId: author.id, images: [], videoSrc: 'seed/videos/2.mp4', videoCover: '' });
    const feed = await t.api.call(postsNoAds, {});
    const withCover = feed.find((p) => p.viosrc === 'seed/videos/1.mp4');
    expect(withCover).toMatchObject({
      isvio: 1,
      vioinfo: [{ src: 'seed/videos/1.mp4' }],
      imgsrc: 'seed/videos/1.jpg',
      imgpack: [],
    });
    // No cover: the client takes the first frame of the video (SPEC.md §3 image rules).
    expect(feed.find((p) => p.viosrc === 'seed/videos/2.mp4')).toMatchObject({ isvio: 1, imgsrc: '' });
  });

  it('orders by hot score, then newest id', async () => {
    const author = await createUser(t.app.db);
    const low = await createPost(t.app.db, { userId: author.id, hotScore: 10 });
    const high = await createPost(t.app.db, { userId: author.id, hotScore: 30 });
    const tieOlder = await createPost(t.app.db, { userId: author.id, hotScore: 20 });
    const tieNewer = await createPost(t.app.db, { userId: author.id, hotScore: 20 });
    const feed = await t.api.call(postsNoAds, {});
    expect(feed.map((p) => p.pid)).toEqual([high.id, tieNewer.id, tieOlder.id, low.id]);
  });

  it('leaves deleted posts out', async () => {
    const author = await createUser(t.app.db);
    const kept = await createPost(t.app.db, { userId: author.id });
    const deleted = await createPost(t.app.db, { userId: author.id });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, deleted.id));
    invalidateFeed(t.app.db);
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).toEqual([kept.id]);
  });

  it('marks the viewer’s own posts with ismine', async () => {
    const me = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const mine = await createPost(t.app.db, { userId: me.id, hotScore: 2 });
    const theirs = await createPost(t.app.db, { userId: other.id, hotScore: 1 });
    const { api } = await loginAs(t, me.id);
    const feed = await api.call(postsNoAds, {});
    expect(feed).toEqual([
      expect.objectContaining({ pid: mine.id, ismine: 1 }),
      expect.objectContaining({ pid: theirs.id, ismine: 0 }),
    ]);
    const anonymous = await t.api.call(postsNoAds, {});
    expect(anonymous.map((p) => p.ismine)).toEqual([0, 0]);
  });

  it('shares one answer among anonymous visitors but never gives it to a logged-in viewer', async () => {
    const me = await createUser(t.app.db);
    const mine = await createPost(t.app.db, { userId: me.id });
    invalidateFeed(t.app.db);
    const first = await t.api.call(postsNoAds, {});
    expect(first).toEqual([expect.objectContaining({ pid: mine.id, ismine: 0 })]);
    // A write that skips invalidateFeed is not seen by anonymous visitors within FEED_CACHE_MS…
    await t.app.db.update(users).set({ nickname: '改过的名字' }).where(eq(users.id, me.id));
    expect((await t.api.call(postsNoAds, {}))[0]?.uname).toBe(first[0]?.uname);
    // …while a logged-in viewer gets an answer marked for them.
    const { api } = await loginAs(t, me.id);
    expect(await api.call(postsNoAds, {})).toEqual([expect.objectContaining({ pid: mine.id, ismine: 1 })]);
  });

  it('reads posts_feed_idx in order instead of sorting', async () => {
    const query = selectFeedRows(t.app.db, { page: 1, size: 20 }).toSQL();
    const plan = await t.app.db.transaction(async (tx) => {
      // The test table is tiny, so make the planner show what it would do at scale.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain ${inline(query.sql, query.params)}`),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('posts_feed_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('listFeed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a page read in the last FEED_CACHE_MS, per page and size, until invalidated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const author = await createUser(t.app.db);
    await createPost(t.app.db, { userId: author.id });
    const select = vi.spyOn(t.app.db, 'select');
    try {
      const [a, b] = await Promise.all([
        listFeed(t.app.db, { page: 1, size: 20, viewerId: author.id }),
        listFeed(t.app.db, { page: 1, size: 20, viewerId: null }),
      ]);
      // One page read, shared (the logged-in viewer's blocks and follows are one raw query besides).
      expect(select).toHaveBeenCalledTimes(1);
      // Shared rows, but marked for each viewer.
      expect(a[0]?.ismine).toBe(1);
      expect(b[0]?.ismine).toBe(0);

      vi.advanceTimersByTime(FEED_CACHE_MS - 10);
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null });
      expect(select).toHaveBeenCalledTimes(1);

      await listFeed(t.app.db, { page: 1, size: 10, viewerId: null });
      await listFeed(t.app.db, { page: 2, size: 20, viewerId: null });
      expect(select).toHaveBeenCalledTimes(3);

      vi.advanceTimersByTime(20);
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null });
      expect(select).toHaveBeenCalledTimes(4);

      invalidateFeed(t.app.db);
      await listFeed(t.app.db, { page: 1, size: 20, viewerId: null });
      expect(select).toHaveBeenCalledTimes(5);
    } finally {
      select.mockRestore();
    }
  });
});

describe('hotScore', () => {
  const createdAt = new Date('2026-01-01T00:00:00Z');

  it('follows log10(max(1, likes + 2·comments + 3·shares + plays/10)) + seconds/45000', () => {
    const seconds = createdAt.getTime() / 1000;
    expect(hotScore({ likes: 0, comments: 0, shares: 0, plays: 0, createdAt })).toBeCloseTo(seconds / 45000, 9);
    expect(hotScore({ likes: 4, comments: 1, shares: 1, plays: 10, createdAt })).toBeCloseTo(1 + seconds / 45000, 9);
  });

  it('needs ten times the engagement to match a post 45000 s newer', () => {
    const newer = new Date(createdAt.getTime() + 45_000_000);
    const old = hotScore({ likes: 100, comments: 0, shares: 0, plays: 0, createdAt });
    const fresh = hotScore({ likes: 10, comments: 0, shares: 0, plays: 0, createdAt: newer });
    expect(fresh).toBeCloseTo(old, 9);
  });
});

/** Inlines bind parameters for EXPLAIN (numbers only in this query). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== 'number') throw new Error(`unexpected parameter ${String(value)}`);
    return String(value);
  });
}
