// Sockets of /realtime for tests: an app listening on a free port, and sockets that
// record every event they receive from before they connect.
import { REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';

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
