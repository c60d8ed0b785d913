// PostgreSQL and Redis as the benches and the verify commands reach them (the CI services by
// default), and whether both answer before a run that needs them starts.
import { Redis } from 'ioredis';
import pg from 'pg';

/** The PostgreSQL a bench or verify command makes its scratch databases beside. */
export const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Why a run on PostgreSQL + Redis cannot start here, or null when both answer. */
export async function backendsUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch {
    return `PostgreSQL does not answer at ${PG_URL} / PostgreSQL 无法连接`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    return `Redis does not answer at ${REDIS_URL} / Redis 无法连接`;
  } finally {
    redis.disconnect();
  }
  return null;
}
