import { commentDelete, commentPager, commentSave, likeAct, STATUS } from '@evcircle/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createFreshPost } from '../../../test/factories/posts.ts';
import { newPerson } from '../../../test/login-as.ts';
import { commentLikes, comments } from '../comments/comments.tables.ts';
import { hotScore } from '../posts/posts.service.ts';
import { postLikes, posts } from '../posts/posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = () => newPerson(t);
const freshPost = (authorId: number) => createFreshPost(t.app.db, authorId);

async function postState(pid: number) {
  const [post] = await t.app.db.select().from(posts).where(eq(posts.id, pid));
  const [likes] = await t.app.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, pid));
  return { likeCount: post?.likeCount, hotScore: post?.hotScore, rows: likes?.n };
}

async function commentState(cid: number) {
  const [comment] = await t.app.db.select().from(comments).where(eq(comments.id, cid));
  const [likes] = await t.app.db.select({ n: count() }).from(commentLikes).where(eq(commentLikes.commentId, cid));
  return { likeCount: comment?.likeCount, rows: likes?.n };
}

async function likedPost(pid: number, userId: number): Promise<boolean> {
  const rows = await t.app.db
    .select()
    .from(postLikes)
    .where(and(eq(postLikes.postId, pid), eq(postLikes.userId, userId)));
  return rows.length === 1;
}

describe('GET /api/v1/cms/like/act (posts)', () => {
  it('likes, then takes the like back, counting on the post', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);

    expect(await me.api.call(likeAct, { pid: post.id })).toEqual({ islike: 1, likenum: 1 });
    expect(await postState(post.id)).toMatchObject({ likeCount: 1, rows: 1 });
    expect(await likedPost(post.id, me.id)).toBe(true);

    expect(await author.api.call(likeAct, { pid: post.id })).toEqual({ islike: 1, likenum: 2 });
    // The hot score follows the new count.
    const score = hotScore({ likes: 2, comments: 0, shares: 0, plays: 0, createdAt: post.createdAt });
    expect((await postState(post.id)).hotScore).toBeCloseTo(score, 9);
    expect(await me.api.call(likeAct, { pid: post.id })).toEqual({ islike: 0, likenum: 1 });
    expect(await likedPost(post.id, me.id)).toBe(false);
    expect(await postState(post.id)).toMatchObject({ likeCount: 1, rows: 1 });
  });

  it('requires login, and exactly one of pid and cid', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '一楼' });
    expect(await apiFailure(t.api.call(likeAct, { pid: post.id }))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
      message: '用户未登录',
    });
    for (const query of [{}, { pid: post.id, cid: comment.cid }]) {
      expect(await apiFailure(me.api.call(likeAct, query))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: expect.stringContaining('须且只能提供 pid 或 cid 之一'),
      });
    }
    expect(await postState(post.id)).toMatchObject({ likeCount: 0, rows: 0 });
    expect(await commentState(comment.cid)).toMatchObject({ likeCount: 0, rows: 0 });
  });

  it('answers 4004 for a missing or deleted post', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    for (const pid of [post.id, 999_999_999]) {
      expect(await apiFailure(me.api.call(likeAct, { pid }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '帖子不存在或已删除',
      });
    }
    expect(await postState(post.id)).toMatchObject({ likeCount: 0, rows: 0 });
  });

  it('50 people toggling at once leave likenum equal to the like rows', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    const people = await Promise.all(Array.from({ length: 50 }, () => person()));

    const answers = await Promise.all(people.map((p) => p.api.call(likeAct, { pid: post.id })));
    expect(answers.every((a) => a.islike === 1)).toBe(true);
    // Each toggle saw the ones before it: the counts answered are 1..50, once each.
    expect(answers.map((a) => a.likenum).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await postState(post.id)).toMatchObject({ likeCount: 50, rows: 50 });

    // Half of them take it back, at once.
    const second = await Promise.all(people.slice(0, 25).map((p) => p.api.call(likeAct, { pid: post.id })));
    expect(second.every((a) => a.islike === 0)).toBe(true);
    expect(await postState(post.id)).toMatchObject({ likeCount: 25, rows: 25 });
  });

  it('one person toggling 50 times at once ends consistent', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);

    const answers = await Promise.all(Array.from({ length: 50 }, () => me.api.call(likeAct, { pid: post.id })));
    // The toggles ran one after another: they alternate like, unlike…
    expect(answers.filter((a) => a.islike === 1)).toHaveLength(25);
    for (const a of answers) expect(a.likenum).toBe(a.islike);
    // …and ended where they began, the counter agreeing with the rows.
    expect(await postState(post.id)).toMatchObject({ likeCount: 0, rows: 0 });
    expect(await likedPost(post.id, me.id)).toBe(false);

    const odd = await Promise.all(Array.from({ length: 49 }, () => me.api.call(likeAct, { pid: post.id })));
    expect(odd.filter((a) => a.islike === 1)).toHaveLength(25);
    expect(await postState(post.id)).toMatchObject({ likeCount: 1, rows: 1 });
  });
});

describe('GET /api/v1/cms/like/act (comments and replies)', () => {
  it('likes, then takes the like back, counting on the comment only', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '一楼' });

    expect(await me.api.call(likeAct, { cid: comment.cid })).toEqual({ islike: 1, likenum: 1 });
    expect(await commentState(comment.cid)).toMatchObject({ likeCount: 1, rows: 1 });
    expect((await me.api.call(commentPager, { pid: post.id }))[0]).toMatchObject({ islike: 1, likenum: 1 });
    expect(await postState(post.id)).toMatchObject({ likeCount: 0, rows: 0 });

    expect(await me.api.call(likeAct, { cid: comment.cid })).toEqual({ islike: 0, likenum: 0 });
    expect(await commentState(comment.cid)).toMatchObject({ likeCount: 0, rows: 0 });
  });

  it('answers 4004 for a missing or deleted comment, or one on a deleted post', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const gone = await author.api.call(commentSave, { pid: post.id, content: '要删的' });
    const orphan = await author.api.call(commentSave, { pid: post.id, content: '帖子没了' });
    await author.api.call(commentDelete, { cid: gone.cid });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    for (const cid of [gone.cid, orphan.cid, 999_999_999]) {
      expect(await apiFailure(me.api.call(likeAct, { cid }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '评论不存在或已删除',
      });
    }
    expect(await commentState(orphan.cid)).toMatchObject({ likeCount: 0, rows: 0 });
  });

  it('50 people toggling at once leave likenum equal to the like rows', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '点赞楼' });
    const people = await Promise.all(Array.from({ length: 50 }, () => person()));

    const answers = await Promise.all(people.map((p) => p.api.call(likeAct, { cid: comment.cid })));
    expect(answers.every((a) => a.islike === 1)).toBe(true);
    expect(answers.map((a) => a.likenum).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await commentState(comment.cid)).toMatchObject({ likeCount: 50, rows: 50 });
  });

  it('one person toggling 50 times at once ends consistent', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '点赞楼' });

    const answers = await Promise.all(Array.from({ length: 50 }, () => me.api.call(likeAct, { cid: comment.cid })));
    expect(answers.filter((a) => a.islike === 1)).toHaveLength(25);
    for (const a of answers) expect(a.likenum).toBe(a.islike);
    expect(await commentState(comment.cid)).toMatchObject({ likeCount: 0, rows: 0 });
  });
});
