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
  if (options.redisUrl) {
    const pub = createRedis(options.redisUrl, app.log, 'evcircle-realtime-pub', { queueWhileDown: true });
    const sub = createRedis(options.redisUrl, app.log, 'evcircle-realtime-sub', { queueWhileDown: true });
    adapterClients = [pub, sub];
    // NOTE: the adapter subscribes without handling the promise; created before Redis
    // answers, those promises would reject unhandled if Redis never comes. Until both
    // clients are ready this process serves its own sockets only (degraded, not down).
    let attached = false;
    const attachWhenReady = () => {
      if (attached || pub.status !== 'ready' || sub.status !== 'ready') return;
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
    await io.close();
    await Promise.all(adapterClients.map(closeRedis));
  });
  return io;
}
