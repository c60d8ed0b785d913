import {
  postsNoAds,
  type ReportItem,
  ReportItemSchema,
  reportQueue,
  reportResolve,
  reportSave,
  STATUS,
} from '@evcircle/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson } from '../../../test/login-as.ts';
import { users } from '../accounts/accounts.tables.ts';
import { comments } from '../comments/comments.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { reports } from './reports.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = (role: 'user' | 'admin' = 'user') => newPerson(t, { role });

async function comment(postId: number, userId: number, content = '这条评论有问题') {
  const [row] = await t.app.db.insert(comments).values({ postId, userId, content }).returning();
  if (!row) throw new Error('comment insert returned no row');
  return row;
}

async function reportRows(where: { reporterId?: number; targetId?: number }) {
  const conditions = [];
  if (where.reporterId !== undefined) conditions.push(eq(reports.reporterId, where.reporterId));
  if (where.targetId !== undefined) conditions.push(eq(reports.targetId, where.targetId));
  return t.app.db
    .select()
    .from(reports)
    .where(and(...conditions))
    .orderBy(asc(reports.id));
}

describe('POST /api/v1/cms/report/save', () => {
  it('reports a post, a comment and a user, storing the owner of each', async () => {
    const me = await person();
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    const c = await comment(post.id, author.id);

    expect(await me.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' })).toEqual({
      result: true,
    });
    await me.api.call(reportSave, { target_type: 'comment', target_id: c.id, reason: 'abuse', detail: '  骂人了  ' });
    await me.api.call(reportSave, { target_type: 'user', target_id: author.id, reason: 'fraud' });

    const rows = await reportRows({ reporterId: me.id });
    expect(rows.map((r) => [r.targetType, r.targetId, r.targetUserId, r.reason, r.detail, r.status])).toEqual([
      ['post', post.id, author.id, 'spam', '', 'open'],
      ['comment', c.id, author.id, 'abuse', '骂人了', 'open'],
      ['user', author.id, author.id, 'fraud', '', 'open'],
    ]);
  });

  it('refuses a missing or deleted target with 4004', async () => {
    const me = await person();
    const author = await person();
    const deletedPost = await createPost(t.app.db, { userId: author.id, deletedAt: new Date() });
    const livePost = await createPost(t.app.db, { userId: author.id });
    const deletedComment = await comment(livePost.id, author.id);
    await t.app.db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, deletedComment.id));
    const postGone = await createPost(t.app.db, { userId: author.id });
    const onGonePost = await comment(postGone.id, author.id);
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, postGone.id));
    const goneUser = await createUser(t.app.db, { deletedAt: new Date() });

    for (const [target_type, target_id] of [
      ['post', 987_654_321],
      ['post', deletedPost.id],
      ['comment', 987_654_321],
      ['comment', deletedComment.id],
      ['comment', onGonePost.id],
      ['user', 987_654_321],
      ['user', goneUser.id],
    ] as const) {
      expect(await apiFailure(me.api.call(reportSave, { target_type, target_id, reason: 'spam' }))).toMatchObject({
        status: STATUS.NOT_FOUND,
        message: '举报的内容不存在或已删除',
      });
    }
    expect(await reportRows({ reporterId: me.id })).toEqual([]);
  });

  it('refuses reporting yourself or your own content', async () => {
    const me = await person();
    const post = await createPost(t.app.db, { userId: me.id });
    const c = await comment(post.id, me.id);
    for (const [target_type, target_id] of [
      ['post', post.id],
      ['comment', c.id],
      ['user', me.id],
    ] as const) {
      expect(await apiFailure(me.api.call(reportSave, { target_type, target_id, reason: 'spam' }))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: '不能举报自己',
      });
    }
    expect(await reportRows({ reporterId: me.id })).toEqual([]);
  });

  it('keeps one open report per reporter and target, even when sent at once', async () => {
    const me = await person();
    const other = await person();
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        me.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' }),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 'rejected') {
        expect(a.reason).toMatchObject({ status: STATUS.CONFLICT, message: '你已举报过，我们会尽快处理' });
      }
    }
    expect(await reportRows({ reporterId: me.id })).toHaveLength(1);
    // Someone else may report it too; a different target is a different report.
    await other.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'porn' });
    await me.api.call(reportSave, { target_type: 'user', target_id: author.id, reason: 'spam' });
    expect(await reportRows({ targetId: post.id })).toHaveLength(2);
    // Once settled, the same reporter may report it again.
    await t.app.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.reporterId, me.id));
    await me.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    expect((await reportRows({ reporterId: me.id })).map((r) => r.status)).toEqual(['dismissed', 'dismissed', 'open']);
  });

  it('validates the input and needs login', async () => {
    const me = await person();
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    const bad = [
      { target_type: 'shop', target_id: post.id, reason: 'spam' },
      { target_type: 'post', target_id: post.id, reason: 'boring' },
      { target_type: 'post', target_id: 0, reason: 'spam' },
      { target_type: 'post', target_id: post.id, reason: 'spam', detail: '长'.repeat(201) },
    ];
    for (const body of bad) {
      expect(await apiFailure(me.api.call(reportSave, body as never))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
      });
    }
    expect(
      await apiFailure(t.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' })),
    ).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    expect(await reportRows({ targetId: post.id })).toEqual([]);
  });
});

describe('the moderation queue', () => {
  it('is for admins only: 2011 logged out, 4003 for others', async () => {
    const user = await person();
    await expect(t.api.call(reportQueue, {})).rejects.toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    expect(await apiFailure(user.api.call(reportQueue, {}))).toMatchObject({
      status: STATUS.FORBIDDEN,
      message: '需要管理员权限',
    });
    expect(await apiFailure(user.api.call(reportResolve, { id: 1, action: 'dismiss' }))).toMatchObject({
      status: STATUS.FORBIDDEN,
    });
    // The role is read with the session on each request: granting takes effect at once.
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect(Array.isArray(await user.api.call(reportQueue, {}))).toBe(true);
  });

  it('lists open reports oldest first with reporter, target summary, owner and report count', async () => {
    await t.app.db.delete(reports);
    const admin = await person('admin');
    const [r1, r2] = [await person(), await person()];
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id, content: '加微信买便宜充电桩' });
    const c = await comment(post.id, author.id, '你这个车真丑');

    await r1.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam', detail: '广告' });
    await r2.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'fraud' });
    await r1.api.call(reportSave, { target_type: 'comment', target_id: c.id, reason: 'abuse' });
    await r2.api.call(reportSave, { target_type: 'user', target_id: author.id, reason: 'other' });

    const queue = await admin.api.call(reportQueue, {});
    expect(queue).toHaveLength(4);
    for (const item of queue) expect(ReportItemSchema.strict().parse(item)).toEqual(item);
    const brief = (i: ReportItem) => [
      i.target_type,
      i.target_id,
      i.reporter.uid,
      i.target_summary,
      i.target_uid,
      i.target_reports,
    ];
    expect(queue.map(brief)).toEqual([
      ['post', post.id, r1.id, '加微信买便宜充电桩', author.id, 2],
      ['post', post.id, r2.id, '加微信买便宜充电桩', author.id, 2],
      ['comment', c.id, r1.id, '你这个车真丑', author.id, 1],
      ['user', author.id, r2.id, author.nickname, author.id, 1],
    ]);
    expect(queue[0]).toMatchObject({
      reason: 'spam',
      reason_label: '垃圾广告',
      detail: '广告',
      status: 'open',
      reporter: { uid: r1.id, uname: r1.nickname },
    });
    expect((await admin.api.call(reportQueue, { page: 2, size: 3 })).map((i) => i.target_type)).toEqual(['user']);
    expect(await admin.api.call(reportQueue, { status: 'removed' })).toEqual([]);
  });

  it('remove deletes the post and settles every open report of it; the feed drops it', async () => {
    await t.app.db.delete(reports);
    const admin = await person('admin');
    const [r1, r2] = [await person(), await person()];
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id, hotScore: 1e6 });
    const other = await createPost(t.app.db, { userId: author.id });
    await r1.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await r2.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'porn' });
    await r1.api.call(reportSave, { target_type: 'post', target_id: other.id, reason: 'spam' });
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).toContain(post.id);

    const [first] = await admin.api.call(reportQueue, {});
    expect(await admin.api.call(reportResolve, { id: first?.id ?? 0, action: 'remove' })).toEqual({ result: true });

    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const settled = await reportRows({ targetId: post.id });
    expect(settled.map((r) => [r.status, r.resolvedBy])).toEqual([
      ['removed', admin.id],
      ['removed', admin.id],
    ]);
    expect(settled.every((r) => r.resolvedAt instanceof Date)).toBe(true);
    expect((await reportRows({ targetId: other.id })).map((r) => r.status)).toEqual(['open']);
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).not.toContain(post.id);

    const removed = await admin.api.call(reportQueue, { status: 'removed' });
    expect(removed.map((i) => i.target_id)).toEqual([post.id, post.id]);
    expect(removed[0]?.target_summary).toBe('');
    // Settled once: a second resolve of it answers 4009.
    expect(await apiFailure(admin.api.call(reportResolve, { id: first?.id ?? 0, action: 'dismiss' }))).toMatchObject({
      status: STATUS.CONFLICT,
      message: '该举报已处理过了',
    });
  });

  it('remove deletes a reported comment', async () => {
    const admin = await person('admin');
    const reporter = await person();
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    const c = await comment(post.id, author.id);
    await reporter.api.call(reportSave, { target_type: 'comment', target_id: c.id, reason: 'abuse' });
    const [report] = await reportRows({ targetId: c.id });
    await admin.api.call(reportResolve, { id: report?.id ?? 0, action: 'remove' });
    const [row] = await t.app.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await reportRows({ targetId: c.id })).map((r) => r.status)).toEqual(['removed']);
  });

  it('dismiss keeps the content and settles the target’s open reports', async () => {
    const admin = await person('admin');
    const [r1, r2] = [await person(), await person()];
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    await r1.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await r2.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    const [report] = await reportRows({ targetId: post.id });
    await admin.api.call(reportResolve, { id: report?.id ?? 0, action: 'dismiss' });
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeNull();
    expect((await reportRows({ targetId: post.id })).map((r) => r.status)).toEqual(['dismissed', 'dismissed']);
  });

  it('refuses remove on a user report (accounts are not deleted here); dismiss works', async () => {
    const admin = await person('admin');
    const reporter = await person();
    const target = await person();
    await reporter.api.call(reportSave, { target_type: 'user', target_id: target.id, reason: 'fraud' });
    const [report] = await reportRows({ targetId: target.id });
    expect(await apiFailure(admin.api.call(reportResolve, { id: report?.id ?? 0, action: 'remove' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '账号不能由管理员删除，用户举报只能驳回',
    });
    expect((await reportRows({ targetId: target.id })).map((r) => r.status)).toEqual(['open']);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, target.id));
    expect(user?.deletedAt).toBeNull();
    await admin.api.call(reportResolve, { id: report?.id ?? 0, action: 'dismiss' });
    expect((await reportRows({ targetId: target.id })).map((r) => r.status)).toEqual(['dismissed']);
  });

  it('settles content its author already deleted as removed', async () => {
    const admin = await person('admin');
    const reporter = await person();
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    await reporter.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    const [report] = await reportRows({ targetId: post.id });
    await admin.api.call(reportResolve, { id: report?.id ?? 0, action: 'remove' });
    expect((await reportRows({ targetId: post.id })).map((r) => r.status)).toEqual(['removed']);
  });

  it('answers 4004 for an unknown report and 4001 for a bad action', async () => {
    const admin = await person('admin');
    expect(await apiFailure(admin.api.call(reportResolve, { id: 987_654_321, action: 'dismiss' }))).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '举报记录不存在',
    });
    expect(await apiFailure(admin.api.call(reportResolve, { id: 1, action: 'ban' as never }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
  });

  it('two moderators settling reports of one target at once: one wins, the other gets 4009', async () => {
    const [a1, a2] = [await person('admin'), await person('admin')];
    const [r1, r2] = [await person(), await person()];
    const author = await person();
    const post = await createPost(t.app.db, { userId: author.id });
    await r1.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    await r2.api.call(reportSave, { target_type: 'post', target_id: post.id, reason: 'spam' });
    const [x, y] = await reportRows({ targetId: post.id });
    const results = await Promise.allSettled([
      a1.api.call(reportResolve, { id: x?.id ?? 0, action: 'remove' }),
      a2.api.call(reportResolve, { id: y?.id ?? 0, action: 'dismiss' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const statuses = (await reportRows({ targetId: post.id })).map((r) => r.status);
    expect(new Set(statuses).size).toBe(1);
    expect(statuses[0]).not.toBe('open');
  });
});
