import {
  blockAct,
  CHAT_TEXT_MAX_LENGTH,
  chatCreateSession,
  chatHistory,
  deleteAccount,
  MSG_TYPE,
  STATUS,
  STRANGER_MESSAGE_LIMIT,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createImageUpload, createVideoUpload } from '../../../test/factories/uploads.ts';
import { newPerson } from '../../../test/login-as.ts';
import { posts } from '../posts/posts.tables.ts';
import { setProductOnSale } from '../shop/product-admin.service.ts';
import { createCategory, createProduct, IMAGE, storeImage } from '../shop/shop-fixtures.test-helper.ts';
import { chatMessages } from './chat.tables.ts';
import { block, expectBadInput, expectError, follow, newFriends, send } from './chat.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The messages stored from `senderId` (straight from the table: what no answer can hide). */
function storedFrom(senderId: number) {
  return t.app.db.select().from(chatMessages).where(eq(chatMessages.senderId, senderId));
}

describe('chat send: who may be written to', () => {
  it('refuses writing to oneself, to nobody and to a deleted account', async () => {
    const [me, gone] = await Promise.all([newPerson(t), newPerson(t)]);
    await expectError(send(me, me.id), 'CHAT_SELF');
    await expectError(send(me, 99_999_999), 'CHAT_USER_NOT_FOUND');
    await gone.api.call(deleteAccount, { confirm: '注销' });
    await expectError(send(me, gone.id), 'CHAT_USER_NOT_FOUND');
    await expectError(me.api.call(chatCreateSession, { receiver_id: gone.id }), 'CHAT_USER_NOT_FOUND');
    expect(await storedFrom(me.id)).toEqual([]);
  });

  it('refuses sending and opening a chat while either has blocked the other, and allows it again after unblocking', async () => {
    const [a, b] = await newFriends(t);
    await send(a, b.id, { content: '在吗' });
    await block(b, a);
    await expectError(send(a, b.id), 'CHAT_BLOCKED');
    await expectError(send(b, a.id), 'CHAT_BLOCKED');
    await expectError(a.api.call(chatCreateSession, { receiver_id: b.id }), 'CHAT_BLOCKED');
    await expectError(b.api.call(chatCreateSession, { receiver_id: a.id }), 'CHAT_BLOCKED');
    expect(await storedFrom(b.id)).toEqual([]);
    expect(await storedFrom(a.id)).toHaveLength(1);

    await b.api.call(blockAct, { uid: a.id }); // unblocks
    expect(await send(b, a.id, { content: '刚才误操作了' })).toMatchObject({ sender_id: b.id, receiver_id: a.id });
  });

  it('answers the other person in creat-sessions, and refuses bad input with a Chinese message', async () => {
    const [me, other] = await Promise.all([
      newPerson(t),
      newPerson(t, { vipUntil: new Date(Date.now() + 86_400_000), avatar: 'avatars/x.webp' }),
    ]);
    expect(await me.api.call(chatCreateSession, { receiver_id: other.id })).toMatchObject({
      receiver_id: other.id,
      talk_type: 1,
      team_id: 0,
      title: other.nickname,
      avatar: 'avatars/x.webp',
      is_vip: 1,
      last_message: null,
      unread: 0,
      send_left: STRANGER_MESSAGE_LIMIT,
    });
    await expectBadInput(me.api.call(chatCreateSession, { receiver_id: 'abc' as unknown as number }));
    await expectBadInput(send(me, other.id, { client_msg_id: '带空格 的 id' }));
    await expectBadInput(send(me, other.id, { content: '字'.repeat(CHAT_TEXT_MAX_LENGTH + 1) }));
    await expectBadInput(send(me, other.id, { msg_type: 'text' as unknown as number }));
  });
});

describe('chat send: each msg_type', () => {
  it('only opens private chats and the five message types', async () => {
    const [a, b] = await newFriends(t);
    await expectError(send(a, b.id, { talk_type: 2 }), 'CHAT_TYPE_UNSUPPORTED');
    await expectError(send(a, b.id, { msg_type: 6 }), 'CHAT_TYPE_UNSUPPORTED');
    await expectError(send(a, b.id, { msg_type: 0 }), 'CHAT_TYPE_UNSUPPORTED');
    expect(await storedFrom(a.id)).toEqual([]);
  });

  it('stores text trimmed, refuses empty text and prohibited words', async () => {
    const [a, b] = await newFriends(t);
    expect(await send(a, b.id, { content: '  周末一起去充电站？ ' })).toMatchObject({
      msg_type: MSG_TYPE.text,
      content: '周末一起去充电站？',
      media: null,
      post: null,
      product: null,
    });
    await expectError(send(a, b.id, { content: '   ' }), 'CHAT_EMPTY');
    await expectError(send(a, b.id, { content: '有需要的加 微 信聊' }), 'CONTENT_PROHIBITED');
    // Text beside a card is checked as well.
    const post = await createPost(t.app.db, { userId: b.id });
    await expectError(
      send(a, b.id, { msg_type: MSG_TYPE.post, post_id: post.id, content: '傻逼' }),
      'CONTENT_PROHIBITED',
    );
    expect(await storedFrom(a.id)).toHaveLength(1);
  });

  it('sends the sender’s own image by key or by URL, with the sizes of the upload record', async () => {
    const [a, b] = await newFriends(t);
    const image = await createImageUpload(t.app.db, a.id, 800, 600);
    const byKey = await send(a, b.id, { msg_type: MSG_TYPE.image, media_src: image.key, content: '' });
    expect(byKey).toMatchObject({
      msg_type: MSG_TYPE.image,
      media_src: image.key,
      media: { src: image.key, width: 800, height: 600, cover: '', duration_ms: 0 },
    });
    for (const src of [`/files/${image.key}`, `https://cdn.example.com/files/${image.key}?imageView2/2/w/480`]) {
      expect(await send(a, b.id, { msg_type: MSG_TYPE.image, media_src: src })).toMatchObject({ media_src: image.key });
    }
  });

  it('refuses media that is missing, someone else’s, or of the other kind', async () => {
    const [a, b] = await newFriends(t);
    const [theirs, video, image] = await Promise.all([
      createImageUpload(t.app.db, b.id),
      createVideoUpload(t.app.db, a.id),
      createImageUpload(t.app.db, a.id),
    ]);
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.image, media_src: '' }), 'CHAT_EMPTY');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.image, media_src: theirs.key }), 'CHAT_MEDIA_INVALID');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.image, media_src: 'posts/none.webp' }), 'CHAT_MEDIA_INVALID');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.image, media_src: video.key }), 'CHAT_MEDIA_INVALID');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.video, media_src: image.key }), 'CHAT_MEDIA_INVALID');
    expect(await storedFrom(a.id)).toEqual([]);
  });

  it('sends the sender’s own video with its cover and length', async () => {
    const [a, b] = await newFriends(t);
    const video = await createVideoUpload(t.app.db, a.id);
    expect(await send(a, b.id, { msg_type: MSG_TYPE.video, media_src: video.key, content: '看看这段' })).toMatchObject({
      msg_type: MSG_TYPE.video,
      content: '看看这段',
      media_src: video.key,
      media: { src: video.key, width: 1920, height: 1080, cover: video.coverKey, duration_ms: 12_500 },
    });
  });

  it('shares a live post as a card built when read: a deleted post reads as gone', async () => {
    const [a, b] = await newFriends(t);
    const post = await createPost(t.app.db, {
      userId: b.id,
      content: '今天去超充站补能，\n二十分钟就充到了百分之八十。',
    });
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.post }), 'CHAT_EMPTY');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.post, post_id: 99_999_999 }), 'CHAT_POST_NOT_FOUND');
    const sent = await send(a, b.id, { msg_type: MSG_TYPE.post, post_id: post.id, content: '' });
    expect(sent).toMatchObject({
      msg_type: MSG_TYPE.post,
      post_id: post.id,
      post: {
        pid: post.id,
        excerpt: '今天去超充站补能， 二十分钟就充到了百分之八十。',
        cover: post.images[0]?.src,
        author: b.nickname,
        live: true,
      },
    });

    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    const { messages } = await b.api.call(chatHistory, { receiver_id: a.id });
    expect(messages.at(-1)?.post).toEqual({ pid: post.id, excerpt: '', cover: '', author: '', live: false });
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.post, post_id: post.id }), 'CHAT_POST_NOT_FOUND');
  });

  it('shares a product on sale as a card; taken off sale, the card says so and it cannot be shared again', async () => {
    const [a, b] = await newFriends(t);
    await storeImage(t);
    const cid = await createCategory(t, '聊天分享');
    const pid = await createProduct(t, {
      cid,
      title: '车载冰箱',
      skus: JSON.stringify([{ options: [], price: '299.5', stock: 3 }]),
    });
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.product }), 'CHAT_EMPTY');
    const sent = await send(a, b.id, { msg_type: MSG_TYPE.product, prd_id: pid, content: '这个怎么样' });
    expect(sent).toMatchObject({
      msg_type: MSG_TYPE.product,
      prd_id: pid,
      content: '这个怎么样',
      product: { pid, title: '车载冰箱', cover: IMAGE, price: '299.50', on_sale: true },
    });

    await setProductOnSale(t.app.db, pid, false);
    const { messages } = await a.api.call(chatHistory, { receiver_id: b.id });
    expect(messages.at(-1)?.product).toMatchObject({ pid, on_sale: false });
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.product, prd_id: pid }), 'CHAT_PRODUCT_NOT_FOUND');
    await expectError(send(a, b.id, { msg_type: MSG_TYPE.product, prd_id: 99_999_999 }), 'CHAT_PRODUCT_NOT_FOUND');
  });
});

describe('chat send: client_msg_id', () => {
  it('answers the stored message for a retry: one row', async () => {
    const [a, b] = await newFriends(t);
    const first = await send(a, b.id, { content: '到了吗', client_msg_id: 'm-1' });
    const again = await send(a, b.id, { content: '到了吗', client_msg_id: 'm-1' });
    expect(again).toEqual(first);
    expect(first.client_msg_id).toBe('m-1');
    expect(await storedFrom(a.id)).toHaveLength(1);
  });

  it('stores one message when the same send arrives many times at once', async () => {
    const [a, b] = await newFriends(t);
    await send(a, b.id, { content: '先打个招呼' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(a, b.id, { content: '只发一次', client_msg_id: 'burst-1' })),
    );
    expect(new Set(answers.map((m) => m.id)).size).toBe(1);
    expect(await storedFrom(a.id)).toHaveLength(2);
  });

  it('refuses the same id for another message or another receiver; another sender may use it', async () => {
    const [a, b] = await newFriends(t);
    const c = await newPerson(t);
    await follow(c, a);
    await send(a, b.id, { content: '第一条', client_msg_id: 'dup' });
    await expectError(send(a, b.id, { content: '第二条', client_msg_id: 'dup' }), 'CHAT_CLIENT_ID_REUSED');
    await expectError(send(a, c.id, { content: '第一条', client_msg_id: 'dup' }), 'CHAT_CLIENT_ID_REUSED');
    const image = await createImageUpload(t.app.db, a.id);
    await expectError(
      send(a, b.id, { msg_type: MSG_TYPE.image, media_src: image.key, content: '第一条', client_msg_id: 'dup' }),
      'CHAT_CLIENT_ID_REUSED',
    );
    expect(await send(b, a.id, { content: '我的', client_msg_id: 'dup' })).toMatchObject({ sender_id: b.id });
    expect(await storedFrom(a.id)).toHaveLength(1);
  });
});

describe('chat send: the stranger rule', () => {
  it(`allows ${STRANGER_MESSAGE_LIMIT} messages to a stranger, then waits for a reply`, async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    for (let i = 0; i < STRANGER_MESSAGE_LIMIT; i++) await send(a, b.id, { content: `第 ${i + 1} 条` });
    expect((await a.api.call(chatCreateSession, { receiver_id: b.id })).send_left).toBe(0);
    await expectError(send(a, b.id), 'CHAT_STRANGER_LIMIT');
    // The receiver may answer without limit: the other has written first.
    expect((await b.api.call(chatCreateSession, { receiver_id: a.id })).send_left).toBeNull();
    await send(b, a.id, { content: '你好，请问有什么事？' });
    expect((await a.api.call(chatCreateSession, { receiver_id: b.id })).send_left).toBeNull();
    await send(a, b.id, { content: '想请教一下改装' });
    expect(await storedFrom(a.id)).toHaveLength(STRANGER_MESSAGE_LIMIT + 1);
  });

  it('lifts the limit once the receiver follows the sender', async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    for (let i = 0; i < STRANGER_MESSAGE_LIMIT; i++) await send(a, b.id);
    await expectError(send(a, b.id), 'CHAT_STRANGER_LIMIT');
    await follow(a, b); // the sender following does not count
    await expectError(send(a, b.id), 'CHAT_STRANGER_LIMIT');
    await follow(b, a);
    await send(a, b.id);
    expect((await a.api.call(chatCreateSession, { receiver_id: b.id })).send_left).toBeNull();
  });

  it('cannot be exceeded by sends at once', async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => send(a, b.id, { content: `${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(STRANGER_MESSAGE_LIMIT);
    expect(await storedFrom(a.id)).toHaveLength(STRANGER_MESSAGE_LIMIT);
  });
});

describe('chat send: rate limit', () => {
  it('limits one person to 20 messages in 10 seconds', async () => {
    const [a, b] = await newFriends(t);
    for (let i = 0; i < 20; i++) await send(a, b.id, { content: `${i}` });
    const limited = await apiFailure(send(a, b.id));
    expect(limited.status).toBe(STATUS.RATE_LIMITED);
    expect(limited.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await storedFrom(a.id)).toHaveLength(20);
    // Someone else is not limited by it.
    await send(b, a.id);
    expect(await storedFrom(b.id)).toHaveLength(1);
  });
});
