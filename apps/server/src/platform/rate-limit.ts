import { AppError } from '@evcircle/contract';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { isApiPath } from './error-handler.ts';

export type RateLimitResult = {
  allowed: boolean;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfter: number;
};

/**
 * Fixed-window counter: `hit` counts one event for `key` and says whether it is within
 * `limit` per `windowSeconds`. In-process by default, Redis-backed when several
 * processes must share the count (per-number SMS limits, login attempts).
 */
export type RateLimiter = {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
};

function result(count: number, limit: number, msLeft: number): RateLimitResult {
  return count <= limit
    ? { allowed: true, retryAfter: 0 }
    : { allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/** Sweep expired windows once the map holds this many keys, so memory stays bounded. */
const SWEEP_THRESHOLD = 10_000;

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      if (windows.size >= SWEEP_THRESHOLD) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= t) {
        window = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      return result(window.count, limit, window.resetAt - t);
    },
  };
}

/** INCR and set the expiry atomically; a key left without expiry (crash) gets one. */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

export function createRedisRateLimiter(redis: Redis, keyPrefix: string): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const reply = (await redis.eval(HIT_SCRIPT, 1, `${keyPrefix}limit:${key}`, windowSeconds * 1000)) as [
        number,
        number,
      ];
      return result(Number(reply[0]), limit, Number(reply[1]));
    },
  };
}

export function createRateLimiter(redis: Redis | null, keyPrefix: string): RateLimiter {
  return redis ? createRedisRateLimiter(redis, keyPrefix) : createMemoryRateLimiter();
}

/**
 * RATE_LIMIT_MAX calls per minute per client address on the API (/api, /pub). The
 * address is the socket's unless TRUST_PROXY lets X-Forwarded-For decide (Fastify's
 * trustProxy sets request.ip). Shared through Redis when REDIS_URL is set; if Redis
 * is unreachable the limit is skipped rather than failing every call.
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'RATE_LIMIT_MAX'>,
  redis: Redis | null,
  keyPrefix: string,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: 60_000,
    allowList: (request) => !isApiPath(request.url),
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', { seconds }, { retryAfter: seconds });
    },
  });
}
