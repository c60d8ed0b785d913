import {
  type ChatMessage,
  type ChatReadEvent,
  type ChatUnreadEvent,
  chatHistory,
  chatSend,
  followAct,
  markAsRead,
  type Notification,
  REALTIME_EVENTS,
} from '@evcircle/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_SHARED_BACKENDS, type Member, type ProcessPair, type Side, startProcessPair } from './process-pair.ts';

/**
 * Scale-out (ARCHITECTURE.md): two server processes behind one PostgreSQL and one Redis
 * behave as one. A message sent through process A reaches a socket held by process B,
 * the read receipt and a notification travel back the same way, and a send retried
 * through the other process is stored once. Runs where PostgreSQL and Redis are (CI's
 * second pass); PGlite cannot be shared by two processes.
 */
type Person = Member & { socket: Socket };

/** Logs a new person in through `loginSide` and holds their socket on `socketSide`. */
async function person(two: ProcessPair, loginSide: Side, socketSide: Side): Promise<Person> {
  const member = await two.logIn(loginSide);
  return { ...member, socket: await two.openSocket(socketSide, member.token) };
}

/** The next `event` on `socket` that `matches`, within 5 s. */
function next<T>(socket: Socket, event: string, matches: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within 5 s`));
    }, 5000);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

describe.skipIf(!HAS_SHARED_BACKENDS)('two server processes, one PostgreSQL, one Redis', () => {
  // Set by beforeAll; undefined in afterAll when starting failed.
  let pair: ProcessPair;
  let a: Side;
  let b: Side;
  let sender: Person;
  let receiver: Person;

  beforeAll(async () => {
    pair = await startProcessPair('two');
    ({ a, b } = pair);
    // The sender acts through A and listens on A; the receiver acts through B and listens on B.
    sender = await person(pair, a, a);
    receiver = await person(pair, b, b);
  }, 120_000);

  afterAll(() => pair?.stop(), 60_000);

  it('a message sent through A reaches the receiver on B live, and B’s read receipt reaches the sender on A', async () => {
    const delivered = next<ChatMessage>(receiver.socket, REALTIME_EVENTS.chatMessage);
    const unread = next<ChatUnreadEvent>(receiver.socket, REALTIME_EVENTS.chatUnread, (e) => e.total > 0);
    const sent = await sender.api.call(chatSend, {
      receiver_id: receiver.id,
      content: '你好，从 A 发出',
      client_msg_id: 'two-1',
    });
    expect(await delivered).toMatchObject({ id: sent.id, content: '你好，从 A 发出', sender_id: sender.id });
    expect((await unread).total).toBe(1);

    const receipt = next<ChatReadEvent>(sender.socket, REALTIME_EVENTS.chatRead);
    await receiver.api.call(markAsRead, { message_type: 'private', receiver_id: sender.id, id: sent.id });
    expect(await receipt).toEqual({ conversation_id: sent.conversation_id, reader_id: receiver.id, read_id: sent.id });
  });

  it('a send retried through the other process is stored once', async () => {
    const onB = pair.clientOf(b, sender.token);
    const input = { receiver_id: receiver.id, content: '重试只存一条', client_msg_id: 'two-retry' };
    const [first, second] = await Promise.all([sender.api.call(chatSend, input), onB.call(chatSend, input)]);
    expect(second.id).toBe(first.id);
    const history = await receiver.api.call(chatHistory, { receiver_id: sender.id, size: 50 });
    expect(history.messages.filter((m) => m.content === '重试只存一条')).toHaveLength(1);
  });

  it('a follow made through B notifies the followed person on A live', async () => {
    const notified = next<Notification>(sender.socket, REALTIME_EVENTS.notification, (n) => n.action === 'follow');
    await receiver.api.call(followAct, { uid: sender.id });
    expect(await notified).toMatchObject({ action: 'follow', actor_count: 1, actors: [{ uid: receiver.id }] });
  });

  it('what was sent while a socket was away is caught up by id through the other process', async () => {
    // A reply: the sender is no longer a stranger to the receiver.
    await receiver.api.call(chatSend, { receiver_id: sender.id, content: '收到' });
    const before = await receiver.api.call(chatHistory, { receiver_id: sender.id, size: 1 });
    const lastSeen = before.messages.at(-1)?.id ?? 0;
    receiver.socket.disconnect();
    const sent: number[] = [];
    for (const text of ['一', '二', '三']) {
      sent.push((await sender.api.call(chatSend, { receiver_id: receiver.id, content: text })).id);
    }
    receiver.socket = await pair.openSocket(b, receiver.token);
    const missed = await receiver.api.call(chatHistory, { receiver_id: sender.id, since_id: lastSeen, size: 50 });
    expect(missed.messages.map((m) => m.id)).toEqual(sent);
    expect(missed.has_more).toBe(false);
  });
});
