import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type ApiClient,
  type ChatMessage,
  type ChatReadEvent,
  type ChatUnreadEvent,
  chatHistory,
  chatSend,
  createApiClient,
  followAct,
  markAsRead,
  mobileLogin,
  type Notification,
  REALTIME_EVENTS,
  smsCode,
} from '@evcircle/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, deleteRedisKeys } from './scratch-backends.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { openInbox } from './sockets.ts';

/**
 * Scale-out (ARCHITECTURE.md): two server processes behind one PostgreSQL and one Redis
 * behave as one. A message sent through process A reaches a socket held by process B,
 * the read receipt and a notification travel back the same way, and a send retried
 * through the other process is stored once. Runs where PostgreSQL and Redis are (CI's
 * second pass); PGlite cannot be shared by two processes.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const SIGN_SECRET = 'two-processes-secret';

type Side = { server: ServerProcess; dataDir: string };
type Person = { id: number; token: string; api: ApiClient; socket: Socket };

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const keyPrefix = `evcircle-test:two:${randomUUID().slice(0, 8)}:`;
const sides: Side[] = [];
const sockets: Socket[] = [];

async function startSide(databaseUrl: string): Promise<Side> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-two-'));
  const server = await startServerProcess({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: keyPrefix,
      API_SIGN_SECRET: SIGN_SECRET,
      RATE_LIMIT_MAX: '100000',
    },
  }).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  const side = { server, dataDir };
  sides.push(side);
  return side;
}

function clientOf(side: Side, token?: string): ApiClient {
  return createApiClient({ baseUrl: side.server.baseUrl, signSecret: SIGN_SECRET, getToken: () => token });
}

async function smsCodeFor(side: Side, mobile: string): Promise<string> {
  const outbox = path.join(side.dataDir, 'outbox', 'sms.jsonl');
  for (let tries = 0; tries < 100; tries++) {
    const lines = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const line = lines.reverse().find((l) => (JSON.parse(l) as { mobile: string }).mobile.endsWith(mobile));
    if (line) return (JSON.parse(line) as { code: string }).code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS code for ${mobile}`);
}

async function openSocket(side: Side, token: string): Promise<Socket> {
  const { socket } = await openInbox(side.server.baseUrl, token);
  sockets.push(socket);
  return socket;
}

/** Logs a new person in through `loginSide` and holds their socket on `socketSide`. */
async function person(loginSide: Side, socketSide: Side): Promise<Person> {
  const mobile = `13${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const anonymous = clientOf(loginSide);
  await anonymous.call(smsCode, { mobile, acode: '86' });
  const code = await smsCodeFor(loginSide, mobile);
  const account = await anonymous.call(mobileLogin, { mobile, smscode: code, acode: '86' });
  const socket = await openSocket(socketSide, account.token);
  return { id: account.uid, token: account.token, api: clientOf(loginSide, account.token), socket };
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

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two server processes, one PostgreSQL, one Redis', () => {
  let a: Side;
  let b: Side;
  let sender: Person;
  let receiver: Person;

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL as string);
    // One after the other: the first migrates the new database.
    a = await startSide(scratch.url);
    b = await startSide(scratch.url);
    // The sender acts through A and listens on A; the receiver acts through B and listens on B.
    sender = await person(a, a);
    receiver = await person(b, b);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(sides.map((side) => side.server.stop()));
    await Promise.all(sides.map((side) => rm(side.dataDir, { recursive: true, force: true })));
    await scratch?.drop();
    if (REDIS_URL) await deleteRedisKeys(REDIS_URL, keyPrefix);
  }, 60_000);

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
    const onB = clientOf(b, sender.token);
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
    receiver.socket = await openSocket(b, receiver.token);
    const missed = await receiver.api.call(chatHistory, { receiver_id: sender.id, since_id: lastSeen, size: 50 });
    expect(missed.messages.map((m) => m.id)).toEqual(sent);
    expect(missed.has_more).toBe(false);
  });
});
