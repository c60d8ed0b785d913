import {
  createApiClient,
  PostDetailSchema,
  postDelete,
  postDetail,
  postInfo,
  postPlay,
  postShare,
  postsNoAds,
  STATUS,
} from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { users } from '../accounts/accounts.tables.ts';
import { follows } from '../relations/follows.tables.ts';
import { playBucket, playPost, shareBucket, sharePost } from './post-acts.service.ts';
import { deletePost } from './posts.service.ts';
import { postCountedActs, postLikes, posts } from './posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://evcircle.example' });
});
afterAll(() => t.close());

async function expectNotFound(promise: Promise<unknown>) {
  const error = await apiFailure(promise);
  expect({ status: error.status, message: error.message }).toEqual({
    status: STATUS.NOT_FOUND,
    message: '帖子不存在或已删除',
  });
}

/** An anonymous client calling from `address`. */
function fromAddress(address: string) {
  return createApiClient({
    baseUrl: '',
    signSecret: t.config.API_SIGN_SECRET,
    fetch: createInjectFetch(t.app, {}, { remoteAddress: address }),
  });
}

async function row(pid: number) {
  const [found] = await t.app.db.select().from(posts).where(eq(posts.id, pid));
  if (!found) throw new Error(`post ${pid} missing`);
  return found;
}

describe('GET /api/v1/cms/post/detail and post/info', () => {
  it('answers the post with the viewer’s relation, check-in, duration and share link', async () => {
    const writer = await createUser(t.app.db, { nickname: '川西老司机' });
    const reader = await createUser(t.app.db);
    const post = await createPost(t.app.db, {
      userId: writer.id,
      type: 'travel',
      content: '川西自驾',
      checkin: 1,
      likeCount: 3,
      location: '四川·甘孜',
    });
    await t.app.db.insert(follows).values({ followerId: reader.id, followeeId: writer.id });
    await t.app.db.insert(postLikes).values({ postId: post.id, userId: reader.id });

    const anonymous = await t.api.call(postDetail, { pid: post.id, uid: writer.id });
    expect(anonymous).toHaveLength(1);
    const [first] = anonymous;
    expect(PostDetailSchema.strict().parse(first)).toEqual(first);
    expect(first).toMatchObject({
      pid: post.id,
      uid: writer.id,
      uname: '川西老司机',
      type: 'travel',
      content: '川西自驾',
      likenum: 3,
      location: '四川·甘孜',
      checkin: 1,
      duration: 0,
      ismine: 0,
      isfollow: 0,
      islike: 0,
      share_url: `https://evcircle.example/post/${post.id}`,
    });

    const { api } = await loginAs(t, reader.id);
    expect((await api.call(postDetail, { pid: post.id }))[0]).toMatchObject({ ismine: 0, isfollow: 1, islike: 1 });
    const mine = await loginAs(t, writer.id);
    expect((await mine.api.call(postDetail, { pid: post.id }))[0]).toMatchObject({ ismine: 1, isfollow: 0, islike: 0 });

    // post/info answers the same object, not a list.
    expect(await api.call(postInfo, { id: post.id })).toEqual((await api.call(postDetail, { pid: post.id }))[0]);
  });

  it('is POST_NOT_FOUND for a missing post, a deleted one, and one of a deleted account', async () => {
    const writer = await createUser(t.app.db);
    const gone = await createPost(t.app.db, { userId: writer.id });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, gone.id));
    const leaver = await createUser(t.app.db);
    const orphan = await createPost(t.app.db, { userId: leaver.id });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.id));

    for (const pid of [gone.id, orphan.id, 999_999_999]) {
      await expectNotFound(t.api.call(postDetail, { pid }));
      await expectNotFound(t.api.call(postInfo, { id: pid }));
    }
    const bad = await apiFailure(t.api.call(postDetail, { pid: 'abc' as never }));
    expect({ status: bad.status, message: bad.message }).toEqual({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：pid 须为数字',
    });
  });
});

describe('POST /api/v1/cms/post/delete', () => {
  it('deletes the author’s own post (soft), and the feeds forget it at once', async () => {
    const writer = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id, hotScore: 1e9 });
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).toContain(post.id);
    const { api } = await loginAs(t, writer.id);
    expect(await api.call(postDelete, { pid: post.id })).toEqual({ result: true });
    expect((await row(post.id)).deletedAt).toBeInstanceOf(Date);
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).not.toContain(post.id);
    await expectNotFound(t.api.call(postDetail, { pid: post.id }));
    await expectNotFound(api.call(postDelete, { pid: post.id }));
  });

  it('refuses someone else’s post (FORBIDDEN) and leaves it; a missing one is POST_NOT_FOUND', async () => {
    const writer = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id });
    const { api } = await loginAs(t, other.id);
    const error = await apiFailure(api.call(postDelete, { pid: post.id }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: STATUS.FORBIDDEN,
      message: '无权进行此操作',
    });
    expect((await row(post.id)).deletedAt).toBeNull();
    await expectNotFound(api.call(postDelete, { pid: 999_999_999 }));
    expect((await apiFailure(t.api.call(postDelete, { pid: post.id }))).status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('lets a moderator delete anyone’s post through deletePost', async () => {
    const writer = await createUser(t.app.db);
    const moderator = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id });
    await expect(
      deletePost(t.app.db, { pid: post.id, actorId: moderator.id, asModerator: false }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await deletePost(t.app.db, { pid: post.id, actorId: moderator.id, asModerator: true });
    expect((await row(post.id)).deletedAt).toBeInstanceOf(Date);
    await expect(
      deletePost(t.app.db, { pid: post.id, actorId: moderator.id, asModerator: true }),
    ).rejects.toMatchObject({ code: 'POST_NOT_FOUND' });
  });
});

describe('POST /api/v1/cms/post/share', () => {
  it('counts once per viewer per day, answering the count and the share link', async () => {
    const writer = await createUser(t.app.db);
    const reader = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id, shareCount: 0, likeCount: 0, commentCount: 0 });
    const { api } = await loginAs(t, reader.id);
    const link = `https://evcircle.example/post/${post.id}`;
    expect(await api.call(postShare, { pid: post.id })).toEqual({ sharenum: 1, share_url: link });
    expect(await api.call(postShare, { pid: post.id })).toEqual({ sharenum: 1, share_url: link });
    // Another viewer counts; so does an anonymous visitor, once per address.
    expect((await (await loginAs(t, writer.id)).api.call(postShare, { pid: post.id })).sharenum).toBe(2);
    expect((await fromAddress('10.0.0.1').call(postShare, { pid: post.id })).sharenum).toBe(3);
    expect((await fromAddress('10.0.0.1').call(postShare, { pid: post.id })).sharenum).toBe(3);
    expect((await fromAddress('10.0.0.2').call(postShare, { pid: post.id })).sharenum).toBe(4);

    // Counter, act rows and hot score agree.
    const stored = await row(post.id);
    expect(stored.shareCount).toBe(4);
    const acts = await t.app.db.select().from(postCountedActs).where(eq(postCountedActs.postId, post.id));
    expect(acts.map((a) => a.actor).sort()).toEqual(
      ['ip:10.0.0.1', 'ip:10.0.0.2', `u:${reader.id}`, `u:${writer.id}`].sort(),
    );
    expect(new Set(acts.map((a) => `${a.kind}/${a.bucket}`))).toEqual(new Set([`share/${shareBucket(new Date())}`]));
    expect(stored.hotScore).toBeCloseTo(Math.log10(12) + stored.createdAt.getTime() / 1000 / 45000, 6);
  });

  it('counts again the next day (China Standard Time)', async () => {
    const writer = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id, shareCount: 0 });
    const actor = { viewerId: writer.id, ip: '127.0.0.1' };
    // 15:59 and 16:01 UTC are 23:59 and 00:01 the next day in Beijing.
    expect(await sharePost(t.app.db, post.id, actor, new Date('2026-11-23T15:59:00Z'))).toBe(1);
    expect(await sharePost(t.app.db, post.id, actor, new Date('2026-11-23T15:59:30Z'))).toBe(1);
    expect(await sharePost(t.app.db, post.id, actor, new Date('2026-11-23T16:01:00Z'))).toBe(2);
    expect(shareBucket(new Date('2026-11-23T16:01:00Z'))).toBe('2026-11-24');
  });

  it('counts 20 parallel shares by 20 people exactly', async () => {
    const writer = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id, shareCount: 0 });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => sharePost(t.app.db, post.id, { viewerId: null, ip: `10.1.0.${i}` })),
    );
    expect((await row(post.id)).shareCount).toBe(20);
  });

  it('is POST_NOT_FOUND for a deleted or missing post, writing nothing', async () => {
    const writer = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: writer.id });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    await expectNotFound(t.api.call(postShare, { pid: post.id }));
    await expectNotFound(t.api.call(postShare, { pid: 999_999_999 }));
    expect(await t.app.db.select().from(postCountedActs).where(eq(postCountedActs.postId, post.id))).toEqual([]);
  });
});

describe('POST /api/v1/cms/post/play', () => {
  it('counts plays of a video post once per actor per hour', async () => {
    const writer = await createUser(t.app.db);
    const viewer = await createUser(t.app.db);
    const post = await createPost(t.app.db, {
      userId: writer.id,
      images: [],
      videoSrc: 'videos/a.mp4',
      playCount: 0,
      likeCount: 0,
      commentCount: 0,
      shareCount: 0,
    });
    const { api } = await loginAs(t, viewer.id);
    expect(await api.call(postPlay, { pid: post.id })).toEqual({ playnum: 1 });
    expect(await api.call(postPlay, { pid: post.id })).toEqual({ playnum: 1 });
    expect(await fromAddress('10.2.0.1').call(postPlay, { pid: post.id })).toEqual({ playnum: 2 });
    expect(await fromAddress('10.2.0.1').call(postPlay, { pid: post.id })).toEqual({ playnum: 2 });

    const actor = { viewerId: viewer.id, ip: '127.0.0.1' };
    const nextHour = new Date(Date.now() + 3600 * 1000);
    expect(await playPost(t.app.db, post.id, actor, nextHour)).toBe(3);
    expect(playBucket(new Date('2026-11-23T15:30:00Z'))).toBe('2026-11-23T23');

    const stored = await row(post.id);
    expect(stored.playCount).toBe(3);
    const acts = await t.app.db
      .select()
      .from(postCountedActs)
      .where(and(eq(postCountedActs.postId, post.id), eq(postCountedActs.kind, 'play')));
    expect(acts).toHaveLength(3);
    // 3 plays weigh 0.3, below the floor of 1: the score is the age term alone.
    expect(stored.hotScore).toBeCloseTo(stored.createdAt.getTime() / 1000 / 45000, 6);
  });

  it('refuses plays of an image post, and of a deleted one', async () => {
    const writer = await createUser(t.app.db);
    const still = await createPost(t.app.db, { userId: writer.id, videoSrc: '' });
    const error = await apiFailure(t.api.call(postPlay, { pid: still.id }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：只有视频帖子才计播放次数',
    });
    expect((await row(still.id)).playCount).toBe(0);
    const clip = await createPost(t.app.db, { userId: writer.id, images: [], videoSrc: 'videos/b.mp4' });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, clip.id));
    await expectNotFound(t.api.call(postPlay, { pid: clip.id }));
  });
});
