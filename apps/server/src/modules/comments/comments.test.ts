import {
  ApiError,
  COMMENT_MAX_LENGTH,
  COMMENT_PREVIEW_REPLIES,
  CommentSchema,
  commentDelete,
  commentPager,
  commentReply,
  commentSave,
  likeAct,
  ReplySchema,
  replyPager,
  STATUS,
} from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createFreshPost } from '../../../test/factories/posts.ts';
import { newPerson } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import { posts } from '../posts/posts.tables.ts';
import { blocks } from '../relations/blocks.tables.ts';
import { deleteComment, listComments } from './comments.service.ts';
import { comments } from './comments.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = (nickname?: string) => newPerson(t, nickname ? { nickname } : {});
const freshPost = (authorId: number) => createFreshPost(t.app.db, authorId);

async function postRow(pid: number) {
  const [row] = await t.app.db.select().from(posts).where(eq(posts.id, pid));
  if (!row) throw new Error(`post ${pid} missing`);
  return row;
}

async function commentRow(cid: number) {
  const [row] = await t.app.db.select().from(comments).where(eq(comments.id, cid));
  if (!row) throw new Error(`comment ${cid} missing`);
  return row;
}

async function block(blockerId: number, blockedId: number) {
  await t.app.db.insert(blocks).values({ blockerId, blockedId });
}

describe('POST /api/v1/cms/comment/save', () => {
  it('answers the new comment and counts it on the post in the same step', async () => {
    const author = await person();
    const me = await person('评论者小王');
    const post = await freshPost(author.id);
    const before = await postRow(post.id);

    const comment = await me.api.call(commentSave, { pid: post.id, content: '  续航确实不错  ' });
    expect(CommentSchema.parse(comment)).toEqual(comment);
    expect(comment).toMatchObject({
      pid: post.id,
      uid: me.id,
      uname: '评论者小王',
      content: '续航确实不错',
      likenum: 0,
      islike: 0,
      ismine: 1,
      reply: 0,
      replys: [],
    });
    expect(new Date(comment.atime).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const after = await postRow(post.id);
    expect(after.commentCount).toBe(1);
    expect(after.hotScore).toBeGreaterThan(before.hotScore);
    const stored = await commentRow(comment.cid);
    expect(stored).toMatchObject({ postId: post.id, userId: me.id, parentId: null, deletedAt: null });
  });

  it('requires login', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    expect(await apiFailure(t.api.call(commentSave, { pid: post.id, content: '你好' }))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
      message: '用户未登录',
    });
  });

  it('refuses empty, too long and prohibited text, writing nothing', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    expect(await apiFailure(me.api.call(commentSave, { pid: post.id, content: '   ' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: expect.stringContaining('评论内容不能为空'),
    });
    expect(
      await apiFailure(me.api.call(commentSave, { pid: post.id, content: '长'.repeat(COMMENT_MAX_LENGTH + 1) })),
    ).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: expect.stringContaining(`评论不能超过 ${COMMENT_MAX_LENGTH} 个字`),
    });
    const prohibited = await apiFailure(me.api.call(commentSave, { pid: post.id, content: '有需要的加 微 信聊' }));
    expect(prohibited).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '内容包含违规词语，请修改后再提交',
      data: { field: 'content' },
    });
    // Exactly the maximum is fine.
    await me.api.call(commentSave, { pid: post.id, content: '长'.repeat(COMMENT_MAX_LENGTH) });
    expect((await postRow(post.id)).commentCount).toBe(1);
    expect(await t.app.db.select().from(comments).where(eq(comments.postId, post.id))).toHaveLength(1);
  });

  it('answers 4004 for a missing or deleted post', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    for (const pid of [post.id, 999_999_999]) {
      expect(await apiFailure(me.api.call(commentSave, { pid, content: '还在吗' }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '帖子不存在或已删除',
      });
    }
    expect(await t.app.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);
  });

  it('refuses a viewer whom the post author blocked', async () => {
    const author = await person();
    const troll = await person();
    const post = await freshPost(author.id);
    await block(author.id, troll.id);
    expect(await apiFailure(troll.api.call(commentSave, { pid: post.id, content: '路过' }))).toMatchObject({
      status: STATUS.FORBIDDEN,
      message: '由于对方的隐私设置，你无法评论',
    });
    expect((await postRow(post.id)).commentCount).toBe(0);
    // The block is one way: the blocker may still comment on the blocked user's post.
    const other = await freshPost(troll.id);
    await author.api.call(commentSave, { pid: other.id, content: '我可以评论' });
    expect((await postRow(other.id)).commentCount).toBe(1);
  });
});

describe('POST /api/v1/cms/comment/reply', () => {
  it('replies to a comment, counting it on the comment and the post', async () => {
    const author = await person();
    const commenter = await person('楼主粉丝');
    const replier = await person('回复者');
    const post = await freshPost(author.id);
    const comment = await commenter.api.call(commentSave, { pid: post.id, content: '沙发' });

    const reply = await replier.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '板凳' });
    expect(ReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toMatchObject({
      pcid: comment.cid,
      uid: replier.id,
      uname: '回复者',
      content: '板凳',
      likenum: 0,
      islike: 0,
      ismine: 1,
      replyto: '',
      replyto_uid: 0,
    });
    expect((await commentRow(comment.cid)).replyCount).toBe(1);
    expect((await postRow(post.id)).commentCount).toBe(2);
  });

  it('puts a reply to a reply under the top-level comment, answering that reply’s author', async () => {
    const author = await person();
    const a = await person('甲');
    const b = await person('乙');
    const c = await person('丙');
    const post = await freshPost(author.id);
    const comment = await a.api.call(commentSave, { pid: post.id, content: '顶' });
    const first = await b.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '同意' });

    const second = await c.api.call(commentReply, { pid: post.id, cid: first.cid, content: '你说得对' });
    expect(second).toMatchObject({ pcid: comment.cid, replyto: '乙', replyto_uid: b.id });
    // `replyto` names someone else in the thread.
    const third = await b.api.call(commentReply, {
      pid: post.id,
      cid: second.cid,
      content: '回复甲',
      replyto: a.id,
    });
    expect(third).toMatchObject({ pcid: comment.cid, replyto: '甲', replyto_uid: a.id });
    // Naming the comment's author under their own comment is a reply to the comment.
    const fourth = await c.api.call(commentReply, {
      pid: post.id,
      cid: comment.cid,
      content: '再顶',
      replyto: a.id,
    });
    expect(fourth).toMatchObject({ replyto: '', replyto_uid: 0 });

    expect((await commentRow(comment.cid)).replyCount).toBe(4);
    expect((await commentRow(first.cid)).replyCount).toBe(0);
    expect((await postRow(post.id)).commentCount).toBe(5);
  });

  it('refuses an unknown replyto, a comment of another post, and deleted comments', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const other = await freshPost(author.id);
    const comment = await me.api.call(commentSave, { pid: post.id, content: '一楼' });

    expect(
      await apiFailure(
        me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '嗯', replyto: 999_999_999 }),
      ),
    ).toMatchObject({ status: STATUS.NOT_FOUND, message: '用户不存在' });
    expect(
      await apiFailure(me.api.call(commentReply, { pid: other.id, cid: comment.cid, content: '嗯' })),
    ).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '评论不存在或已删除',
    });
    expect(
      await apiFailure(me.api.call(commentReply, { pid: post.id, cid: 999_999_999, content: '嗯' })),
    ).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '评论不存在或已删除',
    });
    expect(
      await apiFailure(me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '加qq详聊' })),
    ).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: '内容包含违规词语，请修改后再提交' });

    const reply = await me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '补充' });
    await me.api.call(commentDelete, { cid: comment.cid });
    for (const cid of [comment.cid, reply.cid]) {
      expect(await apiFailure(me.api.call(commentReply, { pid: post.id, cid, content: '嗯' }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '评论不存在或已删除',
      });
    }
    expect((await postRow(post.id)).commentCount).toBe(0);
    expect((await postRow(other.id)).commentCount).toBe(0);
  });

  it('refuses a viewer blocked by the post author or by the person answered', async () => {
    const author = await person();
    const commenter = await person();
    const replier = await person();
    const troll = await person();
    const post = await freshPost(author.id);
    const comment = await commenter.api.call(commentSave, { pid: post.id, content: '一楼' });
    const reply = await replier.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '二楼' });

    await block(replier.id, troll.id);
    // Answering the replier (implicitly, or by replyto) is refused…
    for (const input of [
      { pid: post.id, cid: reply.cid, content: '杠一下' },
      { pid: post.id, cid: comment.cid, content: '杠一下', replyto: replier.id },
    ]) {
      expect(await apiFailure(troll.api.call(commentReply, input))).toMatchObject({
        status: STATUS.FORBIDDEN,
        message: '由于对方的隐私设置，你无法评论',
      });
    }
    // …answering the comment itself is not.
    await troll.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '路过' });

    // The comment's author blocking the viewer closes their thread to them.
    await block(commenter.id, troll.id);
    expect(
      await apiFailure(troll.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '再路过' })),
    ).toMatchObject({ status: STATUS.FORBIDDEN });
    // The post's author blocking the viewer closes every thread of the post.
    const bystander = await person();
    const open = await bystander.api.call(commentSave, { pid: post.id, content: '新楼' });
    await troll.api.call(commentReply, { pid: post.id, cid: open.cid, content: '还能回' });
    await block(author.id, troll.id);
    expect(
      await apiFailure(troll.api.call(commentReply, { pid: post.id, cid: open.cid, content: '回不了' })),
    ).toMatchObject({ status: STATUS.FORBIDDEN });
    expect((await commentRow(comment.cid)).replyCount).toBe(2);
    expect((await commentRow(open.cid)).replyCount).toBe(1);
    expect((await postRow(post.id)).commentCount).toBe(5);
  });
});

describe('GET /api/v1/cms/comment/pager', () => {
  it('lists comments newest first with a preview of the first replies and their count', async () => {
    const author = await person();
    const a = await person('一号');
    const b = await person('二号');
    const post = await freshPost(author.id);
    const older = await a.api.call(commentSave, { pid: post.id, content: '早来的' });
    const newer = await b.api.call(commentSave, { pid: post.id, content: '晚来的' });
    const replies = [];
    for (let i = 1; i <= 5; i++) {
      const api = i % 2 === 0 ? a.api : b.api;
      replies.push(await api.call(commentReply, { pid: post.id, cid: older.cid, content: `回复${i}` }));
    }

    const page = await a.api.call(commentPager, { pid: post.id });
    expect(page.map((c) => c.cid)).toEqual([newer.cid, older.cid]);
    for (const c of page) expect(CommentSchema.parse(c)).toEqual(c);
    const [first, second] = page;
    expect(first).toMatchObject({ content: '晚来的', ismine: 0, reply: 0, replys: [] });
    expect(second).toMatchObject({ content: '早来的', uname: '一号', ismine: 1, reply: 5 });
    expect(second?.replys).toHaveLength(COMMENT_PREVIEW_REPLIES);
    expect(second?.replys.map((r) => r.content)).toEqual(['回复1', '回复2', '回复3']);
    expect(second?.replys.map((r) => r.ismine)).toEqual([0, 1, 0]);
    expect(second?.replys.every((r) => r.pcid === older.cid)).toBe(true);

    // Paging: one a page.
    expect((await t.api.call(commentPager, { pid: post.id, page: 1, size: 1 })).map((c) => c.cid)).toEqual([newer.cid]);
    expect((await t.api.call(commentPager, { pid: post.id, page: 2, size: 1 })).map((c) => c.cid)).toEqual([older.cid]);
    expect(await t.api.call(commentPager, { pid: post.id, page: 3, size: 1 })).toEqual([]);

    // A deleted reply leaves the preview and the count.
    await b.api.call(commentDelete, { cid: replies[0]?.cid ?? 0 });
    const again = await t.api.call(commentPager, { pid: post.id });
    expect(again[1]?.reply).toBe(4);
    expect(again[1]?.replys.map((r) => r.content)).toEqual(['回复2', '回复3', '回复4']);
    // Logged out, nothing is mine or liked.
    expect(again.flatMap((c) => [c.ismine, c.islike, ...c.replys.map((r) => r.ismine + r.islike)])).toEqual(
      Array(again.length * 2 + 3).fill(0),
    );
  });

  it('marks what the viewer liked', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '作者自评' });
    const reply = await author.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '补一句' });
    await me.api.call(likeAct, { cid: comment.cid });
    await me.api.call(likeAct, { cid: reply.cid });
    await author.api.call(likeAct, { cid: reply.cid });

    const [mine] = await me.api.call(commentPager, { pid: post.id });
    expect(mine).toMatchObject({ islike: 1, likenum: 1, ismine: 0 });
    expect(mine?.replys[0]).toMatchObject({ islike: 1, likenum: 2 });
    const [theirs] = await author.api.call(commentPager, { pid: post.id });
    expect(theirs).toMatchObject({ islike: 0, likenum: 1, ismine: 1 });
    expect(theirs?.replys[0]).toMatchObject({ islike: 1, likenum: 2, ismine: 1 });
  });

  it('leaves out comments and replies by users the viewer blocked, for that viewer only', async () => {
    const author = await person();
    const me = await person();
    const nice = await person();
    const rude = await person();
    const post = await freshPost(author.id);
    const good = await nice.api.call(commentSave, { pid: post.id, content: '写得好' });
    const bad = await rude.api.call(commentSave, { pid: post.id, content: '不怎么样' });
    await rude.api.call(commentReply, { pid: post.id, cid: good.cid, content: '一般般' });
    await nice.api.call(commentReply, { pid: post.id, cid: good.cid, content: '谢谢' });
    await block(me.id, rude.id);

    const mine = await me.api.call(commentPager, { pid: post.id });
    expect(mine.map((c) => c.cid)).toEqual([good.cid]);
    expect(mine[0]?.replys.map((r) => r.content)).toEqual(['谢谢']);
    expect(mine[0]?.reply).toBe(1);
    const replies = await me.api.call(replyPager, { cid: good.cid });
    expect(replies.map((r) => r.content)).toEqual(['谢谢']);

    const everyone = await t.api.call(commentPager, { pid: post.id });
    expect(everyone.map((c) => c.cid)).toEqual([bad.cid, good.cid]);
    expect(everyone[1]?.reply).toBe(2);
  });

  it('reads a page in four queries, however many comments and replies it holds', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    for (let i = 0; i < 8; i++) {
      const comment = await author.api.call(commentSave, { pid: post.id, content: `评论${i}` });
      for (let j = 0; j < 4; j++) {
        await me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: `回复${i}-${j}` });
      }
    }
    // What the comments set going after their commits (notifications) is not the page's.
    await settleEvents(t.app.db);
    // Both drivers (PGlite and node-postgres' pool) send every query outside a transaction through `query`.
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      const page = await listComments(t.app.db, post.id, { page: 1, size: 20 }, me.id);
      expect(page).toHaveLength(8);
      expect(page.every((c) => c.reply === 4 && c.replys.length === COMMENT_PREVIEW_REPLIES)).toBe(true);
      expect(spy).toHaveBeenCalledTimes(4);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 4004 for a missing or deleted post', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    await author.api.call(commentSave, { pid: post.id, content: '一楼' });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    for (const pid of [post.id, 999_999_999]) {
      expect(await apiFailure(t.api.call(commentPager, { pid }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '帖子不存在或已删除',
      });
    }
  });
});

describe('GET /api/v1/cms/comment/reply-pager', () => {
  it('pages through every live reply, oldest first', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '大家怎么看' });
    const replies = [];
    for (let i = 1; i <= 7; i++) {
      replies.push(await me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: `第${i}条` }));
    }
    await me.api.call(commentDelete, { cid: replies[1]?.cid ?? 0 });

    const all = await me.api.call(replyPager, { cid: comment.cid });
    expect(all.map((r) => r.content)).toEqual(['第1条', '第3条', '第4条', '第5条', '第6条', '第7条']);
    for (const r of all) expect(ReplySchema.parse(r)).toEqual(r);
    expect(all.every((r) => r.ismine === 1 && r.pcid === comment.cid)).toBe(true);
    expect((await t.api.call(replyPager, { cid: comment.cid, page: 2, size: 4 })).map((r) => r.content)).toEqual([
      '第6条',
      '第7条',
    ]);
    // A reply's id reads its thread.
    expect(await t.api.call(replyPager, { cid: replies[0]?.cid ?? 0, size: 2 })).toEqual(
      (await t.api.call(replyPager, { cid: comment.cid, size: 2 })).map((r) => ({ ...r, ismine: 0 })),
    );
  });

  it('answers 4004 for a missing or deleted comment', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '一楼' });
    await author.api.call(commentDelete, { cid: comment.cid });
    for (const cid of [comment.cid, 999_999_999]) {
      expect(await apiFailure(t.api.call(replyPager, { cid }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '评论不存在或已删除',
      });
    }
  });
});

describe('POST /api/v1/cms/comment/delete', () => {
  it('lets the comment’s author delete it, and nobody else but the post’s author', async () => {
    const author = await person();
    const commenter = await person();
    const stranger = await person();
    const post = await freshPost(author.id);
    const first = await commenter.api.call(commentSave, { pid: post.id, content: '第一条' });
    const second = await commenter.api.call(commentSave, { pid: post.id, content: '第二条' });

    expect(await apiFailure(stranger.api.call(commentDelete, { cid: first.cid }))).toMatchObject({
      status: STATUS.FORBIDDEN,
      message: '无权进行此操作',
    });
    expect((await commentRow(first.cid)).deletedAt).toBeNull();
    expect((await postRow(post.id)).commentCount).toBe(2);
    expect(await apiFailure(t.api.call(commentDelete, { cid: first.cid }))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
    });

    expect(await commenter.api.call(commentDelete, { cid: first.cid })).toEqual({ result: true });
    expect(await author.api.call(commentDelete, { cid: second.cid })).toEqual({ result: true });
    expect(await t.api.call(commentPager, { pid: post.id })).toEqual([]);
    expect((await postRow(post.id)).commentCount).toBe(0);
    expect((await commentRow(first.cid)).deletedAt).not.toBeNull();

    expect(await apiFailure(commenter.api.call(commentDelete, { cid: first.cid }))).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '评论不存在或已删除',
    });
    expect(await apiFailure(commenter.api.call(commentDelete, { cid: 999_999_999 }))).toMatchObject({
      status: STATUS.NOT_FOUND,
    });
  });

  it('takes a comment’s replies with it and fixes the counters', async () => {
    const author = await person();
    const a = await person();
    const b = await person();
    const post = await freshPost(author.id);
    const keep = await a.api.call(commentSave, { pid: post.id, content: '留着' });
    const doomed = await a.api.call(commentSave, { pid: post.id, content: '要删的' });
    const r1 = await b.api.call(commentReply, { pid: post.id, cid: doomed.cid, content: '回复一' });
    await b.api.call(commentReply, { pid: post.id, cid: doomed.cid, content: '回复二' });
    const r3 = await a.api.call(commentReply, { pid: post.id, cid: r1.cid, content: '回复三' });
    await b.api.call(commentReply, { pid: post.id, cid: keep.cid, content: '留着的回复' });
    expect((await postRow(post.id)).commentCount).toBe(6);

    // A reply: the comment loses one reply, the post one comment.
    await b.api.call(commentDelete, { cid: r1.cid });
    expect((await commentRow(doomed.cid)).replyCount).toBe(2);
    expect((await postRow(post.id)).commentCount).toBe(5);
    const afterReply = await t.api.call(commentPager, { pid: post.id });
    expect(afterReply.find((c) => c.cid === doomed.cid)?.replys.map((r) => r.content)).toEqual(['回复二', '回复三']);

    // The comment: itself and its two live replies.
    await a.api.call(commentDelete, { cid: doomed.cid });
    expect((await postRow(post.id)).commentCount).toBe(2);
    const page = await t.api.call(commentPager, { pid: post.id });
    expect(page.map((c) => c.cid)).toEqual([keep.cid]);
    expect(page[0]?.reply).toBe(1);
    // Its replies are gone too: deleting one again changes nothing.
    expect((await commentRow(r3.cid)).deletedAt).not.toBeNull();
    expect(await apiFailure(a.api.call(commentDelete, { cid: r3.cid }))).toMatchObject({ status: STATUS.NOT_FOUND });
    expect((await postRow(post.id)).commentCount).toBe(2);
  });

  it('keeps the counters equal to the live rows under parallel replies and a delete', async () => {
    const author = await person();
    const post = await freshPost(author.id);
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    const keep = await author.api.call(commentSave, { pid: post.id, content: '留着' });
    const doomed = await author.api.call(commentSave, { pid: post.id, content: '要删的' });

    const keepReplies = people.map((p) => p.api.call(commentReply, { pid: post.id, cid: keep.cid, content: '同意' }));
    const doomedReplies = people.map((p) =>
      p.api.call(commentReply, { pid: post.id, cid: doomed.cid, content: '抢楼' }).then(
        () => 'replied',
        (err: unknown) => (err instanceof ApiError ? err.status : err),
      ),
    );
    const deletion = author.api.call(commentDelete, { cid: doomed.cid });
    await Promise.all([...keepReplies, deletion]);
    // A reply either landed before the delete (and went with it) or found the comment gone.
    for (const outcome of await Promise.all(doomedReplies)) expect(['replied', STATUS.NOT_FOUND]).toContain(outcome);

    expect((await commentRow(keep.cid)).replyCount).toBe(20);
    const live = await t.app.db
      .select()
      .from(comments)
      .where(and(eq(comments.postId, post.id), isNull(comments.deletedAt)));
    expect(live).toHaveLength(21);
    expect((await postRow(post.id)).commentCount).toBe(21);
  });

  it('lets the post’s author delete a reply on their post', async () => {
    const author = await person();
    const a = await person();
    const b = await person();
    const post = await freshPost(author.id);
    const comment = await a.api.call(commentSave, { pid: post.id, content: '一楼' });
    const reply = await b.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '广告' });
    // The comment's author is not the post's author: they may not delete replies to them.
    expect(await apiFailure(a.api.call(commentDelete, { cid: reply.cid }))).toMatchObject({ status: STATUS.FORBIDDEN });
    await author.api.call(commentDelete, { cid: reply.cid });
    expect((await commentRow(comment.cid)).replyCount).toBe(0);
    expect((await postRow(post.id)).commentCount).toBe(1);
  });

  it('deleteComment lets moderators delete any comment', async () => {
    const author = await person();
    const a = await person();
    const moderator = await person();
    const post = await freshPost(author.id);
    const comment = await a.api.call(commentSave, { pid: post.id, content: '违规内容' });
    await expect(deleteComment(t.app.db, { cid: comment.cid, actorId: moderator.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await deleteComment(t.app.db, { cid: comment.cid, actorId: moderator.id, asModerator: true });
    expect((await postRow(post.id)).commentCount).toBe(0);
    expect(await t.api.call(commentPager, { pid: post.id })).toEqual([]);
  });
});

describe('the one retry of comment save and reply (SPEC.md §7): client_msg_id', () => {
  async function commentsOf(userId: number, clientMsgId: string) {
    return t.app.db
      .select()
      .from(comments)
      .where(and(eq(comments.userId, userId), eq(comments.clientMsgId, clientMsgId)));
  }

  it('a retried save answers the same comment, stored and counted once, even when both arrive together', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const send = { pid: post.id, content: '充电桩在地下二层', client_msg_id: 'c-retry-1' };

    const first = await me.api.call(commentSave, send);
    const again = await me.api.call(commentSave, send);
    expect(again).toEqual(first);
    // The first answer lost on the network while the retry is already on its way.
    const [a, b] = await Promise.all([
      me.api.call(commentSave, { ...send, client_msg_id: 'c-retry-2' }),
      me.api.call(commentSave, { ...send, client_msg_id: 'c-retry-2' }),
    ]);
    expect(a.cid).toBe(b.cid);
    await settleEvents(t.app.db);

    expect(await commentsOf(me.id, 'c-retry-1')).toHaveLength(1);
    expect(await commentsOf(me.id, 'c-retry-2')).toHaveLength(1);
    expect((await postRow(post.id)).commentCount).toBe(2);
  });

  it('a retried reply answers the same reply and counts it once on the comment and the post', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const comment = await author.api.call(commentSave, { pid: post.id, content: '有人试过吗' });
    const send = { pid: post.id, cid: comment.cid, content: '试过，很好用', client_msg_id: 'r-retry-1' };

    const [first, second] = await Promise.all([me.api.call(commentReply, send), me.api.call(commentReply, send)]);
    const third = await me.api.call(commentReply, send);
    expect(second.cid).toBe(first.cid);
    expect(third).toEqual(first);
    await settleEvents(t.app.db);

    expect(await commentsOf(me.id, 'r-retry-1')).toHaveLength(1);
    expect((await commentRow(comment.cid)).replyCount).toBe(1);
    expect((await postRow(post.id)).commentCount).toBe(2);
  });

  it('refuses the same id for another text, post or place, and changes nothing; other people and no id are free', async () => {
    const author = await person();
    const me = await person();
    const other = await person();
    const post = await freshPost(author.id);
    const otherPost = await freshPost(author.id);
    const first = await me.api.call(commentSave, { pid: post.id, content: '第一条', client_msg_id: 'same-id' });

    for (const reuse of [
      () => me.api.call(commentSave, { pid: post.id, content: '第二条', client_msg_id: 'same-id' }),
      () => me.api.call(commentSave, { pid: otherPost.id, content: '第一条', client_msg_id: 'same-id' }),
      () => me.api.call(commentReply, { pid: post.id, cid: first.cid, content: '第一条', client_msg_id: 'same-id' }),
    ]) {
      expect(await apiFailure(reuse())).toMatchObject({ status: STATUS.CONFLICT, message: '评论编号已被使用' });
    }
    expect(await commentsOf(me.id, 'same-id')).toHaveLength(1);
    expect((await commentRow(first.cid)).replyCount).toBe(0);

    // Another author's id space is their own; without an id every send is a new comment.
    const theirs = await other.api.call(commentSave, { pid: post.id, content: '第一条', client_msg_id: 'same-id' });
    expect(theirs.cid).not.toBe(first.cid);
    const plain = [
      await me.api.call(commentSave, { pid: post.id, content: '无编号' }),
      await me.api.call(commentSave, { pid: post.id, content: '无编号' }),
    ];
    expect(plain[0]?.cid).not.toBe(plain[1]?.cid);
    await settleEvents(t.app.db);
    expect((await postRow(post.id)).commentCount).toBe(4);
  });

  it('a retry of a comment deleted meanwhile is 评论不存在, not a new comment; a bad id is refused', async () => {
    const author = await person();
    const me = await person();
    const post = await freshPost(author.id);
    const send = { pid: post.id, content: '马上删', client_msg_id: 'gone-1' };
    const first = await me.api.call(commentSave, send);
    await me.api.call(commentDelete, { cid: first.cid });
    expect(await apiFailure(me.api.call(commentSave, send))).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await commentsOf(me.id, 'gone-1')).toHaveLength(1);

    expect(
      await apiFailure(me.api.call(commentSave, { pid: post.id, content: '好', client_msg_id: "x' or 1=1" })),
    ).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: expect.stringContaining('client_msg_id 只能包含字母、数字、- 和 _'),
    });
  });
});
