import { type ChatMessage, chatCreateSession, chatHistory, markAsRead, privateChats } from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { conversationMembers } from './chat.tables.ts';
import { expectBadInput, expectError, newFriends, send } from './chat.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** `count` messages from `from` to `to`, one after another; answers them in order. */
async function sendMany(from: Person, to: Person, count: number, label = 'm'): Promise<ChatMessage[]> {
  const sent: ChatMessage[] = [];
  for (let i = 0; i < count; i++) sent.push(await send(from, to.id, { content: `${label}${i}` }));
  return sent;
}

function ids(messages: readonly { id: number }[]): number[] {
  return messages.map((m) => m.id);
}

async function memberState(conversationId: number, userId: number) {
  const [row] = await t.app.db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  return row;
}

describe('history-list paging', () => {
  it('pages back with before_id without skipping or repeating while messages keep arriving', async () => {
    const [a, b] = await newFriends(t);
    const sent = await sendMany(a, b, 7);

    const newest = await b.api.call(chatHistory, { receiver_id: a.id, size: 3 });
    expect(ids(newest.messages)).toEqual(ids(sent.slice(4)));
    expect(newest.has_more).toBe(true);

    // New messages arrive between pages: they do not shift the pages going back.
    const later = await sendMany(b, a, 2, 'reply');
    const older = await b.api.call(chatHistory, { receiver_id: a.id, size: 3, before_id: newest.messages[0]?.id });
    expect(ids(older.messages)).toEqual(ids(sent.slice(1, 4)));
    expect(older.has_more).toBe(true);
    const oldest = await b.api.call(chatHistory, { receiver_id: a.id, size: 3, before_id: older.messages[0]?.id });
    expect(ids(oldest.messages)).toEqual(ids(sent.slice(0, 1)));
    expect(oldest.has_more).toBe(false);

    // The two people see the same conversation, oldest first.
    const all = await a.api.call(chatHistory, { receiver_id: b.id, size: 50 });
    expect(ids(all.messages)).toEqual(ids([...sent, ...later]));
    expect(all.has_more).toBe(false);
  });

  it('catches up with since_id, oldest first, in pages', async () => {
    const [a, b] = await newFriends(t);
    const seen = await sendMany(a, b, 2);
    const missed = await sendMany(a, b, 5, 'missed');
    const first = await b.api.call(chatHistory, { receiver_id: a.id, since_id: seen[1]?.id, size: 3 });
    expect(ids(first.messages)).toEqual(ids(missed.slice(0, 3)));
    expect(first.has_more).toBe(true);
    const more = await sendMany(b, a, 1, 'meanwhile');
    const rest = await b.api.call(chatHistory, { receiver_id: a.id, since_id: first.messages.at(-1)?.id, size: 3 });
    expect(ids(rest.messages)).toEqual(ids([...missed.slice(3), ...more]));
    expect(rest.has_more).toBe(false);
    const none = await b.api.call(chatHistory, { receiver_id: a.id, since_id: rest.messages.at(-1)?.id });
    expect(none).toMatchObject({ messages: [], has_more: false });
  });

  it('answers an empty page before the first message, refuses both cursors at once and oneself', async () => {
    const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
    expect(await a.api.call(chatHistory, { receiver_id: b.id })).toEqual({
      messages: [],
      has_more: false,
      peer_read_id: 0,
    });
    await a.api.call(chatCreateSession, { receiver_id: b.id });
    expect(await a.api.call(chatHistory, { receiver_id: b.id })).toEqual({
      messages: [],
      has_more: false,
      peer_read_id: 0,
    });
    await expectBadInput(a.api.call(chatHistory, { receiver_id: b.id, since_id: 1, before_id: 5 }));
    await expectBadInput(a.api.call(chatHistory, { receiver_id: b.id, size: 0 }));
    await expectError(a.api.call(chatHistory, { receiver_id: a.id }), 'CHAT_SELF');
  });

  it('never shows a conversation to someone outside it', async () => {
    const [a, b] = await newFriends(t);
    const outsider = await newPerson(t);
    const secret = await send(a, b.id, { content: '只有我们知道' });
    // The outsider's own conversations with either of them hold nothing of theirs.
    expect((await outsider.api.call(chatHistory, { receiver_id: b.id })).messages).toEqual([]);
    expect((await outsider.api.call(chatHistory, { receiver_id: a.id })).messages).toEqual([]);
    await send(outsider, b.id, { content: '打扰了' });
    const theirs = await outsider.api.call(chatHistory, { receiver_id: b.id, since_id: secret.id - 1 });
    expect(theirs.messages.map((m) => m.content)).toEqual(['打扰了']);
    expect(theirs.messages.every((m) => m.conversation_id !== secret.conversation_id)).toBe(true);
  });
});

describe('unread and mark-as-read', () => {
  it('counts unread messages and marks them read up to an id, never backwards', async () => {
    const [a, b] = await newFriends(t);
    const sent = await sendMany(a, b, 3);
    const conversationId = sent[0]?.conversation_id as number;
    expect((await b.api.call(privateChats, { idx: 1, size: 20 })).unread_total).toBe(3);

    const upToSecond = await b.api.call(markAsRead, { message_type: 'private', receiver_id: a.id, id: sent[1]?.id });
    expect(upToSecond).toEqual({ unread: 1 });
    expect(await memberState(conversationId, b.id)).toMatchObject({ lastReadId: sent[1]?.id, unread: 1 });
    expect((await a.api.call(chatHistory, { receiver_id: b.id })).peer_read_id).toBe(sent[1]?.id);

    expect(await b.api.call(markAsRead, { message_type: 'private', receiver_id: a.id, id: sent[0]?.id })).toEqual({
      unread: 1,
    });
    expect(await b.api.call(markAsRead, { message_type: 'private', receiver_id: a.id })).toEqual({ unread: 0 });
    expect((await b.api.call(privateChats, { idx: 1, size: 20 })).unread_total).toBe(0);
    expect((await a.api.call(chatHistory, { receiver_id: b.id })).peer_read_id).toBe(sent[2]?.id);
  });

  it('reads no further than the last message: one sent after is unread', async () => {
    const [a, b] = await newFriends(t);
    const [only] = await sendMany(a, b, 1);
    await b.api.call(markAsRead, { message_type: 'private', receiver_id: a.id, id: (only?.id ?? 0) + 1000 });
    expect(await memberState(only?.conversation_id as number, b.id)).toMatchObject({ lastReadId: only?.id, unread: 0 });
    await sendMany(a, b, 1);
    expect((await b.api.call(privateChats, { idx: 1, size: 20 })).items[0]?.unread).toBe(1);
  });

  it('replying reads the conversation for the one who replies', async () => {
    const [a, b] = await newFriends(t);
    await sendMany(a, b, 2);
    const reply = await send(b, a.id, { content: '收到' });
    expect(await memberState(reply.conversation_id, b.id)).toMatchObject({ lastReadId: reply.id, unread: 0 });
    expect(await memberState(reply.conversation_id, a.id)).toMatchObject({ unread: 1 });
  });

  it('a third person can mark nothing of a pair’s conversation', async () => {
    const [a, b] = await newFriends(t);
    const outsider = await newPerson(t);
    const sent = await sendMany(a, b, 2);
    const before = await memberState(sent[0]?.conversation_id as number, b.id);

    await expectError(
      outsider.api.call(markAsRead, { message_type: 'private', receiver_id: b.id, id: sent[1]?.id }),
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    await expectError(
      outsider.api.call(markAsRead, { message_type: 'private', receiver_id: a.id }),
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    // With a conversation of their own with b, the id of a's message reads only their own.
    const own = await send(outsider, b.id, { content: '你好' });
    await outsider.api.call(markAsRead, { message_type: 'private', receiver_id: b.id, id: sent[1]?.id });
    expect(await memberState(sent[0]?.conversation_id as number, b.id)).toEqual(before);
    expect(await memberState(own.conversation_id, outsider.id)).toMatchObject({ lastReadId: own.id });
    expect((await b.api.call(privateChats, { idx: 1, size: 20 })).unread_total).toBe(3);
  });

  it('answers group and notification lists, and refuses a private mark without receiver_id', async () => {
    const me = await newPerson(t);
    await expectError(me.api.call(markAsRead, { message_type: 'group', id: 1 }), 'CHAT_CONVERSATION_NOT_FOUND');
    await expectBadInput(me.api.call(markAsRead, { message_type: 'private' }));
    await expectBadInput(me.api.call(markAsRead, { message_type: 'group' }));
    await expectBadInput(me.api.call(markAsRead, { message_type: 'everything' as 'private', receiver_id: 1 }));
    for (const list of ['interaction', 'system', 'team'] as const) {
      expect(await me.api.call(markAsRead, { message_type: list })).toEqual({ unread: 0 });
    }
  });
});
