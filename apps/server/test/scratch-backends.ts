// Throw-away backends beside the shared ones: a scratch PostgreSQL database and the keys
// of one Redis prefix. Used by the API tests (build-test-app.ts), the two-process test
// and the bench.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/** A name no other run on this machine uses. */
export function uniqueName(): string {
  return `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database next to the one `baseUrl` names; answers its URL and how to drop it. */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 'evcircle_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${uniqueName()}`;
  await withAdminClient(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => {},
      ),
  };
}

/** Deletes every key under `prefix` (what a test app or a bench run kept in a shared Redis). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
