import { type EchoPayload, REALTIME_EVENTS, REALTIME_PATH } from '@evcircle/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { z } from 'zod';
import { closeRedis, createRedis } from './redis.ts';

const EchoPayloadSchema = z.object({ sentAt: z.number(), text: z.string().max(1000) });

export type EchoReply = EchoPayload & { serverTime: number };

/**
 * Socket.IO on the same HTTP server and port, at REALTIME_PATH. With Redis the
 * adapter fans events out to every process (scale-out); otherwise it is in-process.
 * Closed in preClose, before the HTTP server waits for open connections, because
 * websockets would otherwise hold the shutdown open.
 */
export function attachRealtime(
  app: FastifyInstance,
  options: { redisUrl: string | undefined; keyPrefix: string },
): Server {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false });
  let adapterClients: Redis[] = [];
  let closing = false;
  if (options.redisUrl) {
    const pub = createRedis(options.redisUrl, app.log, 'evcircle-realtime-pub', { queueWhileDown: true });
    const sub = createRedis(options.redisUrl, app.log, 'evcircle-realtime-sub', { queueWhileDown: true });
    adapterClients = [pub, sub];
    // NOTE: the adapter subscribes without handling the promise; created before Redis
    // answers, those promises would reject unhandled if Redis never comes. Until both
    // clients are ready this process serves its own sockets only (degraded, not down).
    // NOTE: the adapter also fires (p)subscribe and (p)unsubscribe without awaiting them;
    // when the app closes (or Redis drops) while one is in flight, its promise rejects
    // with "Connection is closed" and nobody handles it. Those rejections are logged here.
    catchFireAndForget(sub, SUBSCRIBE_COMMANDS, (err) => app.log.warn({ err }, 'realtime redis subscription failed'));
    let attached = false;
    const attachWhenReady = () => {
      if (closing || attached || pub.status !== 'ready' || sub.status !== 'ready') return;
      attached = true;
      io.adapter(createAdapter(pub, sub, { key: `${options.keyPrefix}socket.io` }));
    };
    pub.on('ready', attachWhenReady);
    sub.on('ready', attachWhenReady);
  }

  io.on('connection', (socket) => {
    socket.on(REALTIME_EVENTS.echo, (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const parsed = EchoPayloadSchema.safeParse(payload);
      // Malformed pings are dropped: the page then reports a timeout, not a fake echo.
      if (!parsed.success) return;
      const reply: EchoReply = { ...parsed.data, serverTime: Date.now() };
      ack(reply);
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    await io.close();
    await Promise.all(adapterClients.map(closeRedis));
  });
  return io;
}

const SUBSCRIBE_COMMANDS = ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * Wraps `methods` of `client` so a rejected call is also passed to `onError`: the
 * promise the caller gets is unchanged, but it can no longer reject unhandled.
 */
export function catchFireAndForget(
  client: Redis,
  methods: readonly (typeof SUBSCRIBE_COMMANDS)[number][],
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
