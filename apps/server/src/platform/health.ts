import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from './db.ts';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

type CheckState = 'ok' | 'down';

async function check(probe: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process is alive (no dependency checked, so a database blip does not
 * get the process restarted). /readyz: it can serve traffic — the database answers
 * and so does Redis when configured; 503 otherwise so a load balancer skips it.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { database: Database; redis: Redis | null }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const checks: Record<string, CheckState> = { database: await check(() => deps.database.ping()) };
    const { redis } = deps;
    if (redis) checks.redis = await check(() => redis.ping());
    const ready = Object.values(checks).every((state) => state === 'ok');
    if (!ready) request.log.warn({ checks }, 'not ready');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}
