import {
  blockAct,
  commentDelete,
  commentReply,
  commentSave,
  followAct,
  likeAct,
  type Notification,
  NotificationSchema,
  notifyInteraction,
  notifyPager,
  notifySysPager,
  notifyTeam,
  postRelease,
  reportQueue,
  reportResolve,
  reportSave,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createImageUpload } from '../../../test/factories/uploads.ts';
import { loginAs, newPerson, type Person } from '../../../test/login-as.ts';
import { settleEvents, transaction } from '../../platform/events.ts';
import { createUserAtSignup, deleteAccount, draftNewUser } from '../accounts/index.ts';
import { posts } from '../posts/posts.tables.ts';
import { markNotificationsRead } from './index.ts';
import { notifications } from './notify.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = (nickname?: string) => newPerson(t, nickname === undefined ? {} : { nickname });

type PagerQuery = { action?: 'like' | 'comment' | 'reply' | 'follow' | 'mention'; idx?: number; size?: number };

async function interactionsOf(p: Person, query: PagerQuery = {}): Promise<Notification[]> {
  return (await p.api.call(notifyPager, { size: 100, ...query })).items;
}

/**
 * Notifications are made after the fact's commit, so they may lag its answer: waits for
 * that work (settleEvents), then answers `p`'s interaction list, which must pass `check`.
 */
async function eventually(p: Person, check: (items: Notification[]) => void, query: PagerQuery = {}) {
  await settleEvents(t.app.db);
  const items = await interactionsOf(p, query);
  check(items);
  return items;
}

/** Lets the notifications of what was done so far be made (for tests asserting that nothing was). */
function settle(): Promise<void> {
  return settleEvents(t.app.db);
}

async function postOf(author: Person, content = '今天去超充站补能，二十分钟就充到了百分之八十。') {
  return createPost(t.app.db, { userId: author.id, content });
}

const like = (p: Person, pid: number) => p.api.call(likeAct, { pid });

describe('likes', () => {
  it('tell the post’s author who liked it, with the post and where it leads', async () => {
    const author = await person();
    const fan = await person('李雷');
    const post = await postOf(author);
    await like(fan, post.id);

    const [n] = await eventually(author, (items) => expect(items).toHaveLength(1));
    expect(NotificationSchema.strict().parse(n)).toEqual(n);
    expect(n).toMatchObject({
      category: 'interaction',
      action: 'like',
      actors: [{ uid: fan.id, nickname: '李雷', avatar: '' }],
      actor_count: 1,
      text: '李雷赞了你的帖子',
      title: '',
      post_id: post.id,
      post_excerpt: '今天去超充站补能，二十分钟就充到了百分之八十。',
      comment_id: 0,
      link: `/post/${post.id}`,
      is_read: false,
    });
    // Nobody else is told.
    expect(await interactionsOf(fan)).toEqual([]);
  });

  it('of one post collapse into one row while unread: the latest three named, all counted', async () => {
    const author = await person();
    const post = await postOf(author);
    const fans: Person[] = [];
    for (const name of ['张一', '张二', '张三', '张四', '张五']) {
      const fan = await person(name);
      fans.push(fan);
      await like(fan, post.id);
      // One at a time, so "latest" is well defined.
      await eventually(author, (items) => expect(items[0]?.actor_count).toBe(fans.length));
    }
    const items = await interactionsOf(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ actor_count: 5, text: '张五等 5 人赞了你的帖子' });
    expect(items[0]?.actors.map((a) => a.nickname)).toEqual(['张五', '张四', '张三']);
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(row?.actorId).toBe(fans[4]?.id);
  });

  it('of a comment name two people side by side and carry the comment', async () => {
    const author = await person();
    const post = await postOf(await person());
    const comment = await author.api.call(commentSave, { pid: post.id, content: '同款车，冬天续航确实掉得多' });
    const [a, b] = [await person('韩梅梅'), await person('李雷')];
    await a.api.call(likeAct, { cid: comment.cid });
    await eventually(author, (items) => expect(items).toHaveLength(1));
    await b.api.call(likeAct, { cid: comment.cid });
    const [n] = await eventually(author, (items) => expect(items[0]?.actor_count).toBe(2));
    expect(n).toMatchObject({
      action: 'like',
      text: '李雷、韩梅梅赞了你的评论',
      content: '同款车，冬天续航确实掉得多',
      comment_id: comment.cid,
      post_id: post.id,
      link: `/post/${post.id}`,
    });
  });

  it('count a person once: like, unlike and like again', async () => {
    const author = await person();
    const post = await postOf(author);
    const fan = await person('反复横跳');
    await like(fan, post.id);
    await like(fan, post.id);
    await like(fan, post.id);
    const other = await person('路人甲');
    await like(other, post.id);
    const [n] = await eventually(author, (items) => expect(items[0]?.actors).toHaveLength(2));
    expect(n).toMatchObject({ actor_count: 2, text: '路人甲、反复横跳赞了你的帖子' });
    expect(await interactionsOf(author)).toHaveLength(1);
  });

  it('of many people at once make one row counting each', async () => {
    const author = await person();
    const post = await postOf(author);
    const fans = await Promise.all(Array.from({ length: 20 }, () => person()));
    await Promise.all(fans.map((fan) => like(fan, post.id)));
    const [n] = await eventually(author, (items) => expect(items[0]?.actor_count).toBe(20));
    expect(n?.text).toMatch(/^.+等 20 人赞了你的帖子$/);
    expect(await interactionsOf(author)).toHaveLength(1);
  });

  it('start a new row once the collapsed one was read', async () => {
    const author = await person();
    const post = await postOf(author);
    const [a, b] = [await person('甲'), await person('乙')];
    await like(a, post.id);
    await eventually(author, (items) => expect(items).toHaveLength(1));
    expect(await markNotificationsRead(t.app.db, author.id, 'interaction')).toBe(0);

    await like(b, post.id);
    const items = await eventually(author, (list) => expect(list).toHaveLength(2));
    expect(items.map((n) => [n.text, n.actor_count, n.is_read])).toEqual([
      ['乙赞了你的帖子', 1, false],
      ['甲赞了你的帖子', 1, true],
    ]);
  });

  it('of one’s own post or comment tell nobody', async () => {
    const me = await person();
    const post = await postOf(me);
    await like(me, post.id);
    const comment = await me.api.call(commentSave, { pid: post.id, content: '自己顶一下' });
    await me.api.call(likeAct, { cid: comment.cid });
    await me.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '再补充一句' });
    expect(await apiFailure(me.api.call(followAct, { uid: me.id }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    await settle();
    expect(await interactionsOf(me)).toEqual([]);
  });
});

describe('blocks', () => {
  it('between the two, either way, stop notifications', async () => {
    const author = await person();
    const post = await postOf(author);
    const [blockedByAuthor, blockerOfAuthor] = [await person(), await person()];
    await author.api.call(blockAct, { uid: blockedByAuthor.id });
    await blockerOfAuthor.api.call(blockAct, { uid: author.id });
    await like(blockedByAuthor, post.id);
    await like(blockerOfAuthor, post.id);
    await settle();
    expect(await interactionsOf(author)).toEqual([]);
    expect((await author.api.call(notifyInteraction, {})).unread.total).toBe(0);
  });

  it('made later hide what the blocked person did, and take them out of collapsed rows', async () => {
    const author = await person();
    const post = await postOf(author);
    const [pest, friend] = [await person('烦人精'), await person('好朋友')];
    await friend.api.call(followAct, { uid: author.id });
    await pest.api.call(followAct, { uid: author.id });
    await like(friend, post.id);
    await like(pest, post.id);
    await pest.api.call(commentSave, { pid: post.id, content: '路过' });
    await eventually(author, (items) => {
      expect(items).toHaveLength(3);
      expect(items.find((n) => n.action === 'like')?.actor_count).toBe(2);
    });

    await author.api.call(blockAct, { uid: pest.id });
    const items = await eventually(author, (list) => expect(list.every((n) => n.actor_count === 1)).toBe(true));
    expect(items.map((n) => n.text).sort()).toEqual(['好朋友关注了你', '好朋友赞了你的帖子']);
    expect((await author.api.call(notifyInteraction, {})).unread).toMatchObject({ interaction: 2, like: 1, follow: 1 });
    expect((await author.api.call(notifyInteraction, {})).unread.comment).toBe(0);

    // One made in a race with the block (after it) is hidden when read, and not counted.
    await t.app.db.insert(notifications).values({
      userId: author.id,
      category: 'interaction',
      action: 'mention',
      actorId: pest.id,
      actorCount: 1,
      postId: post.id,
    });
    expect(await interactionsOf(author)).toHaveLength(2);
    expect((await author.api.call(notifyInteraction, {})).unread.total).toBe(2);
  });
});

describe('comments and replies', () => {
  it('a comment tells the post’s author; a reply tells whom it answers, not the post’s author', async () => {
    const author = await person('楼主');
    const post = await postOf(author);
    const [b, c, d] = [await person('小白'), await person('小陈'), await person('小邓')];

    const comment = await b.api.call(commentSave, { pid: post.id, content: '这个充电速度可以啊' });
    const [n] = await eventually(author, (items) => expect(items).toHaveLength(1));
    expect(n).toMatchObject({
      action: 'comment',
      text: '小白评论了你的帖子',
      content: '这个充电速度可以啊',
      comment_id: comment.cid,
      post_id: post.id,
      link: `/post/${post.id}`,
    });

    const reply = await c.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '我也想知道' });
    const [r] = await eventually(b, (items) => expect(items).toHaveLength(1));
    expect(r).toMatchObject({
      action: 'reply',
      text: '小陈回复了你的评论',
      content: '我也想知道',
      comment_id: reply.cid,
    });

    // A reply to a reply answers that reply's author, not the comment's.
    await d.api.call(commentReply, { pid: post.id, cid: reply.cid, content: '同问' });
    await eventually(c, (items) => expect(items.map((x) => x.text)).toEqual(['小邓回复了你的评论']));
    await settle();
    expect(await interactionsOf(b)).toHaveLength(1);
    expect((await interactionsOf(author)).map((x) => x.action)).toEqual(['comment']);
  });

  it('stay when the comment is deleted, reading as deleted', async () => {
    const author = await person();
    const post = await postOf(author);
    const fan = await person();
    const comment = await fan.api.call(commentSave, { pid: post.id, content: '说错了，删掉' });
    await eventually(author, (items) => expect(items).toHaveLength(1));
    await fan.api.call(commentDelete, { cid: comment.cid });
    const [n] = await interactionsOf(author);
    expect(n).toMatchObject({ action: 'comment', content: '', link: '', comment_id: comment.cid });
    expect(n?.post_excerpt).not.toBe('');

    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    expect((await interactionsOf(author))[0]).toMatchObject({ post_excerpt: '', link: '' });
  });
});

describe('follows', () => {
  it('tell the followee and collapse while unread', async () => {
    const idol = await person();
    const names = ['粉丝一', '粉丝二', '粉丝三'];
    const fans: Person[] = [];
    for (const name of names) {
      const fan = await person(name);
      fans.push(fan);
      await fan.api.call(followAct, { uid: idol.id });
      await eventually(idol, (items) => expect(items[0]?.actor_count).toBe(fans.length));
    }
    const [n] = await interactionsOf(idol);
    expect(n).toMatchObject({
      action: 'follow',
      text: '粉丝三等 3 人关注了你',
      actor_count: 3,
      post_id: 0,
      post_excerpt: '',
      link: `/user/${fans[2]?.id}`,
    });
  });
});

describe('mentions', () => {
  it('resolve @昵称 among the people the author follows or who follow the author', async () => {
    const author = await person('发帖人');
    const friend = await person('小明同学');
    const stranger = await person('小明同学');
    const fan = await person('老王');
    const [twinA, twinB] = [await person('阿杰'), await person('阿杰')];
    await author.api.call(followAct, { uid: friend.id });
    await fan.api.call(followAct, { uid: author.id });
    await author.api.call(followAct, { uid: twinA.id });
    await author.api.call(followAct, { uid: twinB.id });
    await settle();

    const post = await postOf(await person());
    const comment = await author.api.call(commentSave, {
      pid: post.id,
      content: '@小明同学你看这个 @老王 @阿杰 @发帖人 @不存在的人',
    });
    const mentions = { action: 'mention' } as const;
    const [m] = await eventually(friend, (items) => expect(items).toHaveLength(1), mentions);
    expect(m).toMatchObject({
      action: 'mention',
      text: '发帖人在评论中提到了你',
      content: '@小明同学你看这个 @老王 @阿杰 @发帖人 @不存在的人',
      comment_id: comment.cid,
      post_id: post.id,
    });
    await eventually(fan, (items) => expect(items.map((n) => n.text)).toEqual(['发帖人在评论中提到了你']), mentions);
    await settle();
    // Same nickname outside the circle: not them. Two in the circle share it: nobody.
    expect(await interactionsOf(stranger)).toEqual([]);
    expect(await interactionsOf(twinA, mentions)).toEqual([]);
    expect(await interactionsOf(twinB, mentions)).toEqual([]);
    // Mentioning yourself tells nobody (the author has their follows and nothing else).
    expect((await interactionsOf(author)).map((n) => n.action)).toEqual(['follow']);
  });

  it('in a post tell the people mentioned, once each', async () => {
    const author = await person('车主甲');
    const friend = await person('车主乙');
    await friend.api.call(followAct, { uid: author.id });
    const upload = await createImageUpload(t.app.db, author.id);
    const { pid } = await author.api.call(postRelease, {
      content: '和 @车主乙 一起去川西，@车主乙 开的是 Model Y',
      type: 'travel',
      imgpack: JSON.stringify([{ src: upload.key, width: 1080, height: 1440 }]),
      latitude: '',
      longitude: '',
      checkin: '',
    } as never);
    const [n] = await eventually(friend, (items) => expect(items).toHaveLength(1));
    expect(n).toMatchObject({
      action: 'mention',
      text: '车主甲在帖子中提到了你',
      post_id: pid,
      comment_id: 0,
      link: `/post/${pid}`,
    });
  });

  it('a reply that also mentions whom it answers tells them once, as a reply', async () => {
    const author = await person('回复者');
    const target = await person('被回复者');
    await target.api.call(followAct, { uid: author.id });
    const post = await postOf(await person());
    const comment = await target.api.call(commentSave, { pid: post.id, content: '有人去过川西吗' });
    await author.api.call(commentReply, { pid: post.id, cid: comment.cid, content: '@被回复者 去过，路况不错' });
    await eventually(target, (items) => expect(items.map((n) => n.action)).toEqual(['reply']));
    await settle();
    expect(await interactionsOf(target)).toHaveLength(1);
  });
});

describe('system notices', () => {
  it('welcome a new account', async () => {
    const draft = await draftNewUser(t.app.db);
    const created = await transaction(t.app.db, (tx, announce) =>
      createUserAtSignup(
        tx,
        t.app.storage,
        { acode: '86', mobile: '18600009999', draft, now: new Date() },
        [],
        announce,
      ),
    );
    const me = await loginAs(t, created.userId);
    await settle();
    const page = await me.api.call(notifySysPager, {});
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      category: 'system',
      action: 'notice',
      text: '欢迎来到车友圈',
      title: '欢迎来到车友圈',
      actors: [],
      actor_count: 0,
      link: '/publish',
      is_read: false,
    });
    expect(page.items[0]?.content).toContain('欢迎加入车友圈');
    expect((await me.api.call(notifyInteraction, {})).unread).toMatchObject({ system: 1, interaction: 0, total: 1 });
  });

  it('tell reporters the outcome and the author of removed content why', async () => {
    const admin = await newPerson(t, { role: 'admin' });
    const [r1, r2, r3] = [await person(), await person(), await person()];
    const author = await person();
    const bad = await postOf(author, '加微信买便宜充电桩');
    const fine = await postOf(author, '分享一下我的车内收纳小技巧。');
    await r1.api.call(reportSave, { target_type: 'post', target_id: bad.id, reason: 'spam' });
    await r2.api.call(reportSave, { target_type: 'post', target_id: bad.id, reason: 'fraud' });
    await r3.api.call(reportSave, { target_type: 'post', target_id: fine.id, reason: 'other' });
    const queue = await admin.api.call(reportQueue, { size: 100 });
    const reportOf = (reporter: Person) => queue.find((i) => i.reporter.uid === reporter.id)?.id ?? 0;
    await admin.api.call(reportResolve, { id: reportOf(r1), action: 'remove' });
    await admin.api.call(reportResolve, { id: reportOf(r3), action: 'dismiss' });

    await settle();
    const sysOf = async (p: Person) => (await p.api.call(notifySysPager, { type: 'moderation' })).items;
    for (const reporter of [r1, r2]) {
      expect(await sysOf(reporter)).toEqual([
        expect.objectContaining({
          action: 'moderation',
          title: '举报处理结果',
          content: '你举报的帖子已被处理，感谢你帮助维护社区环境。',
          post_id: bad.id,
          link: '',
        }),
      ]);
    }
    expect(await sysOf(r3)).toEqual([
      expect.objectContaining({
        content: '你举报的帖子经核实未发现违规，感谢你的反馈。',
        post_id: fine.id,
        link: `/post/${fine.id}`,
        post_excerpt: '分享一下我的车内收纳小技巧。',
      }),
    ]);
    const authorNotices = await sysOf(author);
    expect(authorNotices).toEqual([
      expect.objectContaining({
        title: '内容违规处理通知',
        text: '内容违规处理通知',
        content: '你发布的帖子「加微信买便宜充电桩」因「垃圾广告」违反社区规范，已被删除。',
        post_id: bad.id,
        post_excerpt: '',
        link: '',
      }),
    ]);
    // The type filter: no welcome notices for factory-made people, and nothing of another type.
    expect((await author.api.call(notifySysPager, { type: 'notice' })).items).toEqual([]);
    expect((await author.api.call(notifySysPager, {})).items).toHaveLength(1);
  });
});

describe('lists and counts', () => {
  it('pager filters by action and pages newest first', async () => {
    const me = await person();
    const post = await postOf(me);
    const [a, b, c] = [await person('阿一'), await person('阿二'), await person('阿三')];
    await like(a, post.id);
    await eventually(me, (items) => expect(items).toHaveLength(1));
    await b.api.call(followAct, { uid: me.id });
    await eventually(me, (items) => expect(items).toHaveLength(2));
    await c.api.call(commentSave, { pid: post.id, content: '不错' });
    await eventually(me, (items) => expect(items).toHaveLength(3));

    expect((await interactionsOf(me)).map((n) => n.action)).toEqual(['comment', 'follow', 'like']);
    expect((await interactionsOf(me, { action: 'follow' })).map((n) => n.text)).toEqual(['阿二关注了你']);
    expect(await interactionsOf(me, { action: 'mention' })).toEqual([]);
    const pages = await Promise.all([1, 2, 3, 4].map((idx) => me.api.call(notifyPager, { idx, size: 1 })));
    expect(pages.map((p) => [p.items.map((n) => n.action), p.hasMore])).toEqual([
      [['comment'], true],
      [['follow'], true],
      [['like'], false],
      [[], false],
    ]);
    expect((await me.api.call(notifyPager, { action: '' as never })).items).toHaveLength(3);
    expect(await apiFailure(me.api.call(notifyPager, { action: 'poke' as never }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
  });

  it('unified lists answer the unread counts of every list; team is empty for now', async () => {
    const me = await person();
    const post = await postOf(me);
    const [a, b] = [await person(), await person()];
    // Each notification is made after its fact's commit, concurrently with the next; settling
    // between the facts makes the list's order (latest activity first) the order they happened.
    await like(a, post.id);
    await like(b, post.id);
    await settle();
    await a.api.call(followAct, { uid: me.id });
    await settle();
    await b.api.call(commentSave, { pid: post.id, content: '好看' });
    await eventually(me, (items) => expect(items.map((n) => n.actor_count)).toEqual([1, 1, 2]));

    const unified = await me.api.call(notifyInteraction, {});
    expect(unified.items).toHaveLength(3);
    expect(unified.hasMore).toBe(false);
    expect(unified.unread).toEqual({
      interaction: 3,
      system: 0,
      team: 0,
      like: 1,
      comment: 1,
      reply: 0,
      follow: 1,
      mention: 0,
      total: 3,
    });
    const team = await me.api.call(notifyTeam, {});
    expect(team).toEqual({ items: [], hasMore: false, unread: unified.unread });
  });

  it('need login', async () => {
    for (const endpoint of [notifyPager, notifySysPager, notifyInteraction, notifyTeam]) {
      expect(await apiFailure(t.api.call(endpoint as typeof notifyTeam, {}))).toMatchObject({
        status: STATUS.NOT_LOGGED_IN,
      });
    }
  });
});

describe('markNotificationsRead', () => {
  it('marks one or the whole list, answering what stays unread; never another person’s', async () => {
    const me = await person();
    const other = await person();
    const post = await postOf(me);
    const otherPost = await postOf(other);
    const [a, b] = [await person(), await person()];
    await a.api.call(followAct, { uid: me.id });
    await like(a, post.id);
    await b.api.call(commentSave, { pid: post.id, content: '路过' });
    await like(a, otherPost.id);
    const mine = await eventually(me, (items) => expect(items).toHaveLength(3));
    const [theirs] = await eventually(other, (items) => expect(items).toHaveLength(1));

    // Another person's id: nothing changes, for either of them.
    expect(await markNotificationsRead(t.app.db, me.id, 'interaction', theirs?.id)).toBe(3);
    expect((await interactionsOf(other))[0]?.is_read).toBe(false);
    // An id of another list: nothing either.
    expect(await markNotificationsRead(t.app.db, me.id, 'system', mine[0]?.id)).toBe(0);
    expect((await me.api.call(notifyInteraction, {})).unread.interaction).toBe(3);

    expect(await markNotificationsRead(t.app.db, me.id, 'interaction', mine[0]?.id)).toBe(2);
    expect((await interactionsOf(me)).map((n) => n.is_read)).toEqual([true, false, false]);
    // Twice is fine.
    expect(await markNotificationsRead(t.app.db, me.id, 'interaction', mine[0]?.id)).toBe(2);
    expect(await markNotificationsRead(t.app.db, me.id, 'interaction')).toBe(0);
    expect((await interactionsOf(me)).every((n) => n.is_read)).toBe(true);
    expect((await me.api.call(notifyInteraction, {})).unread.total).toBe(0);
    expect((await other.api.call(notifyInteraction, {})).unread.total).toBe(1);
  });
});

describe('deleted accounts', () => {
  it('lose their notifications and leave the rows they were gathered in', async () => {
    const author = await person();
    const post = await postOf(author);
    const [stay, leave] = [await person('留下的'), await person('注销的')];
    await like(stay, post.id);
    await eventually(author, (items) => expect(items).toHaveLength(1));
    await like(leave, post.id);
    // The follow's notification after the like's (each is made after its own commit).
    await settle();
    await leave.api.call(followAct, { uid: author.id });
    await stay.api.call(followAct, { uid: leave.id });
    await eventually(author, (items) => expect(items.map((n) => n.actor_count)).toEqual([1, 2]));
    await eventually(leave, (items) => expect(items).toHaveLength(1));

    await deleteAccount({ db: t.app.db, storage: t.app.storage, log: t.app.log }, leave.id);
    expect((await interactionsOf(author)).map((n) => [n.text, n.actor_count])).toEqual([['留下的赞了你的帖子', 1]]);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, leave.id))).toEqual([]);
  });
});
