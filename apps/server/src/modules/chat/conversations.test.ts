import {
  blockAct,
  chatCreateSession,
  chatHistory,
  deleteAccount,
  groupChats,
  MSG_TYPE,
  markAsRead,
  messagesList,
  privateChats,
} from '@evcircle/contract';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createImageUpload } from '../../../test/factories/uploads.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { chatMessages, conversationMembers, conversations } from './chat.tables.ts';
import { block, expectError, follow, newFriends, send } from './chat.test-helper.ts';
import { pairOf } from './pair.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function conversationRowsOf(a: number, b: number) {
  const { userLow, userHigh } = pairOf(a, b);
  return t.app.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)));
}

/** Follows each of `others` both ways with `me`. */
async function befriend(me: Person, others: readonly Person[]) {
  for (const other of others) {
    await follow(me, other);
    await follow(other, me);
  }
}

describe('creat-sessions', () => {
  it('opens one conversation per pair, whoever asks and however often', async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    const first = await a.api.call(chatCreateSession, { receiver_id: b.id });
    const again = await a.api.call(chatCreateSession, { receiver_id: b.id });
    const back = await b.api.call(chatCreateSession, { receiver_id: a.id });
    expect(again.id).toBe(first.id);
    expect(back).toMatchObject({ id: first.id, receiver_id: a.id, title: a.nickname });
    expect(await conversationRowsOf(a.id, b.id)).toHaveLength(1);
    const members = await t.app.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, first.id));
    expect(members.map((m) => m.userId).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('opens one conversation when both ask at once and messages race in', async () => {
    const [a, b] = await newFriends(t);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => a.api.call(chatCreateSession, { receiver_id: b.id })),
      ...Array.from({ length: 4 }, () => b.api.call(chatCreateSession, { receiver_id: a.id })),
      send(a, b.id, { content: '同时' }),
      send(b, a.id, { content: '同时' }),
    ]);
    expect(new Set(answers.map((x) => ('conversation_id' in x ? x.conversation_id : x.id))).size).toBe(1);
    expect(await conversationRowsOf(a.id, b.id)).toHaveLength(1);
  });
});

describe('conversation lists', () => {
  it('lists conversations by latest message with their unread counts and the total; a conversation without messages waits', async () => {
    const me = await newPerson(t);
    const [b, c, d, quiet] = await Promise.all([newPerson(t), newPerson(t), newPerson(t), newPerson(t)]);
    await befriend(me, [b, c, d]);
    await me.api.call(chatCreateSession, { receiver_id: quiet.id });
    await send(b, me.id, { content: 'b1' });
    await send(c, me.id, { content: 'c1' });
    await send(c, me.id, { content: 'c2' });
    await send(me, d.id, { content: 'to d' });
    await send(b, me.id, { content: 'b2' });

    const page = await me.api.call(privateChats, { idx: 1, size: 20 });
    expect(page.items.map((x) => x.receiver_id)).toEqual([b.id, d.id, c.id]);
    expect(page.items.map((x) => x.unread)).toEqual([2, 0, 2]);
    expect(page.unread_total).toBe(4);
    expect(page.hasMore).toBe(false);
    expect(page.items[0]).toMatchObject({
      title: b.nickname,
      last_message: { msg_type: MSG_TYPE.text, sender_id: b.id, preview: 'b2' },
      send_left: null,
    });
    expect(page.items[1]?.last_message).toMatchObject({ sender_id: me.id, preview: 'to d' });
    // The receiver's side: the sender's own messages are not unread for the sender.
    expect((await b.api.call(privateChats, { idx: 1, size: 20 })).items[0]).toMatchObject({
      receiver_id: me.id,
      unread: 0,
    });

    const first = await me.api.call(messagesList, { idx: 1, size: 2 });
    const second = await me.api.call(messagesList, { idx: 2, size: 2 });
    expect(first).toMatchObject({ hasMore: true, unread_total: 4 });
    expect(second).toMatchObject({ hasMore: false, unread_total: 4 });
    expect([...first.items, ...second.items].map((x) => x.receiver_id)).toEqual([b.id, d.id, c.id]);

    // No team chats; the total is over every conversation, as in the other lists.
    expect(await me.api.call(groupChats, { idx: 1, size: 20 })).toEqual({ items: [], hasMore: false, unread_total: 4 });
  });

  it('previews media and cards by their kind', async () => {
    const [a, b] = await newFriends(t);
    const image = await createImageUpload(t.app.db, a.id);
    await send(a, b.id, { msg_type: MSG_TYPE.image, media_src: image.key, content: '' });
    const [item] = (await b.api.call(privateChats, { idx: 1, size: 20 })).items;
    expect(item?.last_message).toMatchObject({ msg_type: MSG_TYPE.image, preview: '[图片]' });
  });

  it('hides a conversation from both lists and totals while either has blocked the other', async () => {
    const me = await newPerson(t);
    const [friend, pest] = await Promise.all([newPerson(t), newPerson(t)]);
    await befriend(me, [friend, pest]);
    await send(friend, me.id, { content: '你好' });
    await send(pest, me.id, { content: '在吗' });
    await send(pest, me.id, { content: '在吗？？' });
    expect((await me.api.call(privateChats, { idx: 1, size: 20 })).unread_total).toBe(3);

    await block(me, pest);
    const mine = await me.api.call(privateChats, { idx: 1, size: 20 });
    expect(mine.items.map((x) => x.receiver_id)).toEqual([friend.id]);
    expect(mine.unread_total).toBe(1);
    expect((await pest.api.call(messagesList, { idx: 1, size: 20 })).items).toEqual([]);

    await me.api.call(blockAct, { uid: pest.id }); // unblocks
    const after = await me.api.call(privateChats, { idx: 1, size: 20 });
    expect(after.items.map((x) => x.receiver_id)).toEqual([pest.id, friend.id]);
    expect(after.unread_total).toBe(3);
  });

  it('a deleted account’s conversations go with it, for both people', async () => {
    const me = await newPerson(t);
    const [gone, stays] = await Promise.all([newPerson(t), newPerson(t)]);
    await befriend(me, [gone, stays]);
    await send(stays, me.id, { content: '还在' });
    const sent = await send(gone, me.id, { content: '我要注销了' });
    await send(me, gone.id, { content: '为什么？' });
    await send(gone, me.id, { content: '再见' });

    await gone.api.call(deleteAccount, { confirm: '注销' });
    const page = await me.api.call(privateChats, { idx: 1, size: 20 });
    expect(page.items.map((x) => x.receiver_id)).toEqual([stays.id]);
    expect(page.unread_total).toBe(1);
    expect(await me.api.call(chatHistory, { receiver_id: gone.id })).toEqual({
      messages: [],
      has_more: false,
      peer_read_id: 0,
    });
    expect(await conversationRowsOf(me.id, gone.id)).toEqual([]);
    const left = await t.app.db
      .select()
      .from(chatMessages)
      .where(or(eq(chatMessages.senderId, gone.id), eq(chatMessages.conversationId, sent.conversation_id)));
    expect(left).toEqual([]);
    await expectError(send(me, gone.id), 'CHAT_USER_NOT_FOUND');
    await expectError(
      me.api.call(markAsRead, { message_type: 'private', receiver_id: gone.id }),
      'CHAT_CONVERSATION_NOT_FOUND',
    );
  });
});
