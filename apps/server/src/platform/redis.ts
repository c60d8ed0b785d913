import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Opens an ioredis client for REDIS_URL. By default commands fail fast (instead of
 * queueing forever) while Redis is unreachable, so an outage degrades limits and
 * readiness rather than hanging requests. Pub/sub clients pass `queueWhileDown` so
 * their subscriptions wait for Redis instead of failing.
 */
export function createRedis(
  url: string,
  log: FastifyBaseLogger,
  name: string,
  options: { queueWhileDown?: boolean } = {},
): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: options.queueWhileDown ? null : 2,
    connectTimeout: 5000,
    connectionName: name,
  });
  // NOTE: ioredis emits 'error' on every failed reconnect; an unhandled 'error' event
  // would crash the process, and reconnecting is already automatic.
  redis.on('error', (err: Error) => log.warn({ err, redis: name }, 'redis connection error'));
  return redis;
}

/** How long a polite QUIT may take before the connection is simply dropped. */
const QUIT_TIMEOUT_MS = 1000;

/**
 * Closes a client: QUIT when connected (pending replies arrive first), otherwise a
 * hard disconnect — a QUIT queued for an unreachable Redis would wait forever.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.quit(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('quit timeout')), QUIT_TIMEOUT_MS);
      }),
    ]);
  } catch {
    redis.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
