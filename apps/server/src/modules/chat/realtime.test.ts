import {
  type ChatMessage,
  type ChatReadEvent,
  type ChatTypingEvent,
  type ChatUnreadEvent,
  chatCreateSession,
  logout,
  markAsRead,
  REALTIME_EVENTS,
  TYPING_THROTTLE_MS,
} from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { newPerson } from '../../../test/login-as.ts';
import { eventually, received, settle, useListeningTestApp } from '../../../test/sockets.ts';
import { block, newFriends, send } from './chat.test-helper.ts';

const server = useListeningTestApp();
const { open } = server;

const CHAT_EVENTS = [
  REALTIME_EVENTS.chatMessage,
  REALTIME_EVENTS.chatRead,
  REALTIME_EVENTS.chatTyping,
  REALTIME_EVENTS.chatUnread,
];

describe('chat over /realtime', () => {
  it('pushes the unread total on connect', async () => {
    const [a, b] = await newFriends(server.t);
    await send(a, b.id, { content: '一' });
    await send(a, b.id, { content: '二' });
    const inbox = await open(b.token);
    expect(await eventually<ChatUnreadEvent>(inbox, REALTIME_EVENTS.chatUnread)).toEqual({ total: 2 });
  });

  it('delivers a message to the receiver and the sender’s other device, once per client_msg_id', async () => {
    const [a, b] = await newFriends(server.t);
    const [receiver, otherDevice] = await Promise.all([open(b.token), open(a.token)]);
    await eventually(receiver, REALTIME_EVENTS.chatUnread);

    const sent = await send(a, b.id, { content: '出发了吗', client_msg_id: 'live-1' });
    expect(await eventually<ChatMessage>(receiver, REALTIME_EVENTS.chatMessage)).toEqual(sent);
    expect(await eventually<ChatMessage>(otherDevice, REALTIME_EVENTS.chatMessage)).toEqual(sent);
    expect(await eventually<ChatUnreadEvent>(receiver, REALTIME_EVENTS.chatUnread, (e) => e.total === 1)).toEqual({
      total: 1,
    });

    await send(a, b.id, { content: '出发了吗', client_msg_id: 'live-1' });
    await settle();
    expect(received(receiver, REALTIME_EVENTS.chatMessage)).toHaveLength(1);
    expect(received(otherDevice, REALTIME_EVENTS.chatMessage)).toHaveLength(1);
  });

  it('tells the sender when the receiver has read, and the reader’s devices their new total', async () => {
    const [a, b] = await newFriends(server.t);
    const sent = await send(a, b.id, { content: '看到了吗' });
    const [sender, reader] = await Promise.all([open(a.token), open(b.token)]);
    await eventually<ChatUnreadEvent>(reader, REALTIME_EVENTS.chatUnread, (e) => e.total === 1);

    await b.api.call(markAsRead, { message_type: 'private', receiver_id: a.id });
    const read: ChatReadEvent = { conversation_id: sent.conversation_id, reader_id: b.id, read_id: sent.id };
    expect(await eventually<ChatReadEvent>(sender, REALTIME_EVENTS.chatRead)).toEqual(read);
    expect(await eventually<ChatReadEvent>(reader, REALTIME_EVENTS.chatRead)).toEqual(read);
    expect(await eventually<ChatUnreadEvent>(reader, REALTIME_EVENTS.chatUnread, (e) => e.total === 0)).toEqual({
      total: 0,
    });
  });

  it('relays typing into an existing conversation, throttled, never across a block', async () => {
    const [a, b] = await newFriends(server.t);
    const stranger = await newPerson(server.t);
    const conversation = await a.api.call(chatCreateSession, { receiver_id: b.id });
    const [typist, receiver, bystander] = await Promise.all([open(a.token), open(b.token), open(stranger.token)]);

    typist.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: b.id });
    expect(await eventually<ChatTypingEvent>(receiver, REALTIME_EVENTS.chatTyping)).toEqual({
      conversation_id: conversation.id,
      user_id: a.id,
    });
    typist.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: b.id });
    await settle();
    expect(received(receiver, REALTIME_EVENTS.chatTyping)).toHaveLength(1);

    // No conversation with the stranger: nothing to show them.
    const other = await open(a.token);
    other.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: stranger.id });
    await settle();
    expect(received(bystander, REALTIME_EVENTS.chatTyping)).toEqual([]);

    await block(b, a);
    await settle(TYPING_THROTTLE_MS);
    typist.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: b.id });
    await settle();
    expect(received(receiver, REALTIME_EVENTS.chatTyping)).toHaveLength(1);
  });

  it('ignores malformed typing events and stays connected', async () => {
    const [a, b] = await newFriends(server.t);
    await a.api.call(chatCreateSession, { receiver_id: b.id });
    const [typist, receiver] = await Promise.all([open(a.token), open(b.token)]);
    for (const bad of [null, 'b', 42, {}, { receiver_id: 'abc' }, { receiver_id: -1 }, { receiver_id: a.id }]) {
      typist.socket.emit(REALTIME_EVENTS.chatTyping, bad);
    }
    await settle();
    expect(received(receiver, REALTIME_EVENTS.chatTyping)).toEqual([]);
    expect(typist.socket.connected).toBe(true);
    typist.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: String(b.id) });
    await eventually(receiver, REALTIME_EVENTS.chatTyping);
  });

  it('gives an anonymous socket nothing', async () => {
    const [a, b] = await newFriends(server.t);
    const anonymous = await open();
    const forged = await open('not-a-session-token');
    anonymous.socket.emit(REALTIME_EVENTS.chatTyping, { receiver_id: b.id });
    await send(a, b.id, { content: '悄悄话' });
    await settle();
    for (const inbox of [anonymous, forged]) {
      for (const name of CHAT_EVENTS) expect(received(inbox, name), name).toEqual([]);
    }
  });

  it('disconnects a socket whose session logged out', async () => {
    const [a, b] = await newFriends(server.t);
    const inbox = await open(b.token);
    const closed = new Promise<string>((resolve) => inbox.socket.once('disconnect', resolve));
    await b.api.call(logout, {});
    expect(await closed).toBe('io server disconnect');
    await send(a, b.id, { content: '还在吗' });
    await settle();
    expect(received(inbox, REALTIME_EVENTS.chatMessage)).toEqual([]);
  });
});
