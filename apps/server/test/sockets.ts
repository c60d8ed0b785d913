// Sockets of /realtime for tests: an app listening on a free port, and sockets that
// record every event they receive from before they connect.
import { REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/** Starts `app` on a free port of 127.0.0.1; answers its base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A socket and every server event it received, by name. */
export type Inbox = { socket: Socket; events: Map<string, unknown[]> };

const SERVER_EVENTS = Object.values(REALTIME_EVENTS).filter((name) => name !== REALTIME_EVENTS.echo);

/**
 * Opens a socket to `url` (logged in with `token`, anonymous without) that records what
 * it receives from the start; resolves once connected. Close it with `socket.disconnect()`.
 */
export function openInbox(url: string, token?: string): Promise<Inbox> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    ...(token ? { auth: { token } } : {}),
  });
  const events = new Map<string, unknown[]>(SERVER_EVENTS.map((name) => [name, []]));
  for (const name of SERVER_EVENTS) socket.on(name, (payload: unknown) => events.get(name)?.push(payload));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, events }));
    socket.once('connect_error', reject);
  });
}

/** What `inbox` has received of `event` so far. */
export function received<T>(inbox: Inbox, event: string): T[] {
  return (inbox.events.get(event) ?? []) as T[];
}

/** Waits (up to 5 s) until `inbox` has received an `event` payload that `matches`; answers it. */
export async function eventually<T>(
  inbox: Inbox,
  event: string,
  matches: (payload: T) => boolean = () => true,
): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = received<T>(inbox, event).find(matches);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${event} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Lets in-flight events land, for asserting that something did not arrive. */
export function settle(ms = 300): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A test app that listens, for a file of socket tests. */
export type ListeningTestApp = {
  /** The app (there from the first test on). */
  t: TestApp;
  /** Its base URL. */
  url: string;
  /** An inbox logged in with `token` (anonymous without), closed after the test. */
  open(token?: string): Promise<Inbox>;
};

/**
 * Builds a test app listening on a free port before the file's tests and closes it after
 * them; the sockets `open` opened are closed after each test. Call it at the top of a file.
 */
export function useListeningTestApp(): ListeningTestApp {
  const opened: Socket[] = [];
  const live: ListeningTestApp = {
    t: undefined as unknown as TestApp,
    url: '',
    async open(token) {
      const inbox = await openInbox(live.url, token);
      opened.push(inbox.socket);
      return inbox;
    },
  };
  beforeAll(async () => {
    live.t = await buildTestApp();
    live.url = await listenOnFreePort(live.t.app);
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });
  afterAll(() => live.t.close());
  return live;
}
