import { type EchoPayload, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Db } from './db.ts';
import { closeRedis, createRedis } from './redis.ts';
import { handshakeToken } from './session-cookie.ts';

const EchoPayloadSchema = z.object({ sentAt: z.number(), text: z.string().max(1000) });

export type EchoReply = EchoPayload & { serverTime: number };

/** Who a connecting socket's token stands for (the auth module answers), or null. */
export type SocketAuthenticator = (token: string) => Promise<number | null>;

/** A logged-in user's socket, as modules see it. */
export type UserSocket = Socket & { data: { userId: number; token: string } };

/**
 * The app's realtime connections: Socket.IO at REALTIME_PATH on the same port, one room
 * per logged-in user. With REDIS_URL, the Redis streams adapter carries every emit to the
 * sockets of every process (a message sent through process A reaches a socket held by B),
 * and resumes after a Redis restart without losing what was emitted meanwhile.
 */
export type RealtimeHub = {
  readonly io: Server;
  /** Sends an event to every socket of `userId`, in every process. */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Sets who sockets are (once, by the auth module): without it every socket is anonymous. */
  authenticate(authenticator: SocketAuthenticator): void;
  /** Runs for each socket a logged-in user opens in this process: a module's socket handlers. */
  onUserSocket(handler: (socket: UserSocket) => void): void;
  /**
   * Checks again, in this process, every socket of `userId` and disconnects those whose
   * session ended (called on session.revoked, which reaches every process).
   */
  recheckUser(userId: number): Promise<void>;
  /**
   * Which of `userIds` have a socket open now, in any process (one fetchSockets over their
   * rooms, through the adapter). When the other processes cannot be asked (Redis down),
   * this process's own sockets answer.
   */
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>;
  /**
   * Puts every socket of `userId`, in every process, into `room` (a team chat's: see
   * teamRoom). Sockets opened later join it themselves (a module's onUserSocket handler).
   */
  joinRoom(userId: number, room: string): void;
  /** Takes every socket of `userId`, in every process, out of `room`. */
  leaveRoom(userId: number, room: string): void;
  /** Takes every socket, in every process, out of `room` (a room that ends). */
  closeRoom(room: string): void;
  /** Sends an event to every socket in `room`, in every process, but the sockets of `exceptUserIds`. */
  toRoom(room: string, event: string, payload: unknown, exceptUserIds?: readonly number[]): void;
};

const hubs = new WeakMap<Db, RealtimeHub>();

/** The realtime hub of the app that owns `db` (for event subscribers, which get the database only). */
export function realtimeOf(db: Db): RealtimeHub | undefined {
  return hubs.get(db);
}

export function userRoom(userId: number): string {
  return `u:${userId}`;
}

/** The room of a team's chat: its members' sockets, in every process. */
export function teamRoom(teamId: number): string {
  return `t:${teamId}`;
}

/**
 * Attaches Socket.IO to the app's HTTP server; closed in preClose, before the HTTP server
 * waits for open connections, because websockets would otherwise hold the shutdown open.
 */
export function attachRealtime(
  app: FastifyInstance,
  options: { redisUrl: string | undefined; keyPrefix: string },
): RealtimeHub {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  let adapterClient: Redis | null = null;
  let closing = false;
  if (options.redisUrl) {
    const client = createRedis(options.redisUrl, app.log, 'evcircle-realtime', { queueWhileDown: true });
    adapterClient = client;
    // NOTE: the adapter publishes (and its duplicated clients subscribe) without handling
    // the promise; when the app closes or Redis drops meanwhile it rejects with "Connection
    // is closed" and nobody handles it. Those rejections are logged here instead.
    const logFailure = (err: unknown) => app.log.warn({ err }, 'realtime redis command failed');
    catchFireAndForget(client, ['publish'], logFailure);
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (...args: Parameters<Redis['duplicate']>) => {
      const copy = duplicate(...args);
      catchFireAndForget(copy, SUBSCRIBE_COMMANDS, logFailure);
      return copy;
    };
    // Until Redis answers, this process serves its own sockets only (degraded, not down);
    // once attached, the streams adapter resumes from its offset after any disconnection.
    let attached = false;
    client.on('ready', () => {
      if (closing || attached) return;
      attached = true;
      io.adapter(
        createAdapter(client, {
          streamName: `${options.keyPrefix}socket.io`,
          channelPrefix: `${options.keyPrefix}socket.io`,
          sessionKeyPrefix: `${options.keyPrefix}sio:session:`,
          onlyPlaintext: true,
        }),
      );
    });
  }

  let authenticator: SocketAuthenticator | null = null;
  const userHandlers: ((socket: UserSocket) => void)[] = [];

  io.use((socket, next) => {
    const token = handshakeToken(socket.handshake);
    if (!token || !authenticator) return next();
    authenticator(token).then(
      (userId) => {
        if (userId !== null) socket.data = { userId, token };
        next();
      },
      (err: unknown) => {
        app.log.warn({ err }, 'realtime: could not recognise a socket');
        next(new Error('unavailable'));
      },
    );
  });

  io.on('connection', (socket) => {
    socket.on(REALTIME_EVENTS.echo, (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = EchoPayloadSchema.safeParse(payload);
      // Malformed pings are dropped: the page then reports a timeout, not a fake echo.
      if (!parsed.success) return;
      const reply: EchoReply = { ...parsed.data, serverTime: Date.now() };
      ack(reply);
    });
    const userId = (socket.data as { userId?: number }).userId;
    if (typeof userId !== 'number') return;
    socket.join(userRoom(userId));
    for (const handler of userHandlers) {
      try {
        handler(socket as UserSocket);
      } catch (err) {
        app.log.error({ err }, 'realtime: a socket handler failed');
      }
    }
  });

  const hub: RealtimeHub = {
    io,
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    authenticate(next) {
      authenticator = next;
    },
    onUserSocket(handler) {
      userHandlers.push(handler);
    },
    async recheckUser(userId) {
      const check = authenticator;
      const sockets = await io.local.in(userRoom(userId)).fetchSockets();
      await Promise.all(
        sockets.map(async (socket) => {
          const data = socket.data as { userId?: number; token?: string };
          const still = check && data.token ? await check(data.token).catch(() => null) : null;
          if (still !== userId) socket.disconnect(true);
        }),
      );
    },
    async onlineAmong(userIds) {
      if (userIds.length === 0) return new Set();
      const rooms = userIds.map(userRoom);
      const sockets = await io
        .in(rooms)
        .fetchSockets()
        .catch((err: unknown) => {
          app.log.warn({ err }, 'realtime: could not ask the other processes who is online');
          return io.local.in(rooms).fetchSockets();
        });
      const wanted = new Set(userIds);
      const online = new Set<number>();
      for (const socket of sockets) {
        const id = (socket.data as { userId?: number }).userId;
        if (typeof id === 'number' && wanted.has(id)) online.add(id);
      }
      return online;
    },
    joinRoom(userId, room) {
      io.in(userRoom(userId)).socketsJoin(room);
    },
    leaveRoom(userId, room) {
      io.in(userRoom(userId)).socketsLeave(room);
    },
    closeRoom(room) {
      io.in(room).socketsLeave(room);
    },
    toRoom(room, event, payload, exceptUserIds = []) {
      io.to(room).except(exceptUserIds.map(userRoom)).emit(event, payload);
    },
  };
  hubs.set(app.db, hub);

  app.addHook('preClose', async () => {
    closing = true;
    await io.close();
    if (adapterClient) await closeRedis(adapterClient);
  });
  return hub;
}

const SUBSCRIBE_COMMANDS = ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;
type FireAndForgetCommand = (typeof SUBSCRIBE_COMMANDS)[number] | 'publish';

/**
 * Wraps `methods` of `client` so a rejected call is also passed to `onError`: the
 * promise the caller gets is unchanged, but it can no longer reject unhandled.
 */
export function catchFireAndForget(
  client: Redis,
  methods: readonly FireAndForgetCommand[],
  onError: (err: unknown) => void,
): void {
  for (const method of methods) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      result.catch(onError);
      return result;
    };
  }
}
