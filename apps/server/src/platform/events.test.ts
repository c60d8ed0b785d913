import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestDatabase } from '../../test/build-test-app.ts';
import { type Database, type Db, executeRows } from './db.ts';
import { announce, relayEvents, settleEvents, subscribeAll, transaction } from './events.ts';
// The events these tests announce are the posts' and accounts' modules (declared there).
import '../modules/accounts/accounts.events.ts';
import '../modules/posts/posts.events.ts';

let database: Database;
const seen: string[] = [];
const everywhere = vi.fn<(payload: { postId: number }, db: Db) => void>();

beforeAll(async () => {
  database = await buildTestDatabase();
  await database.db.execute(sql`create table event_log (post_id bigint not null)`);
  subscribeAll([
    {
      'post.changed': {
        // Writes with the announcer: rolled back with it.
        inTransaction: async ({ postId }, tx) => {
          await tx.execute(sql`insert into event_log (post_id) values (${postId})`);
        },
        afterCommit: async ({ postId }) => {
          seen.push(`after-commit ${postId}`);
        },
        everywhere,
      },
    },
  ]);
});
afterAll(() => database.close());

async function logged(): Promise<number[]> {
  const rows = await executeRows<{ post_id: string }>(database.db, sql`select post_id from event_log order by post_id`);
  return rows.map((row) => Number(row.post_id));
}

describe('transaction and announce', () => {
  it('run in-transaction subscribers with the write and the others once it committed', async () => {
    await transaction(database.db, async (_tx, announceInTx) => {
      await announceInTx('post.changed', { postId: 1 });
      // Not yet: the transaction is still open.
      expect(seen).not.toContain('after-commit 1');
    });
    expect(await logged()).toContain(1);
    expect(seen).toContain('after-commit 1');
    expect(everywhere).toHaveBeenCalledWith({ postId: 1 }, database.db);
  });

  it('leave nothing behind and announce nothing after a rollback', async () => {
    const error = await transaction(database.db, async (_tx, announceInTx) => {
      await announceInTx('post.changed', { postId: 2 });
      throw new Error('a later step failed');
    }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(await logged()).not.toContain(2);
    expect(seen).not.toContain('after-commit 2');
  });

  it('hold a nested transaction’s events until the outermost commit', async () => {
    await transaction(database.db, async (tx) => {
      await transaction(tx, async (_inner, announceInner) => {
        await announceInner('post.changed', { postId: 3 });
      });
      await announce(tx, 'post.changed', { postId: 4 });
      expect(seen).not.toContain('after-commit 3');
      expect(seen).not.toContain('after-commit 4');
    });
    expect(seen).toEqual(expect.arrayContaining(['after-commit 3', 'after-commit 4']));
    // After commit, with the database itself (not a finished transaction).
    expect(everywhere).toHaveBeenCalledWith({ postId: 3 }, database.db);
  });

  it('a subscriber that throws in the transaction aborts the write', async () => {
    subscribeAll([
      {
        'post.created': {
          inTransaction: async () => {
            throw new Error('refused');
          },
        },
      },
    ]);
    const error = await transaction(database.db, async (tx, announceInTx) => {
      await tx.execute(sql`insert into event_log (post_id) values (5)`);
      await announceInTx('post.created', { postId: 5, userId: 1, draftId: null });
    }).catch((err: unknown) => err);
    expect(error).toMatchObject({ message: 'refused' });
    expect(await logged()).not.toContain(5);
  });

  it('settleEvents waits for the after-commit work still running, and what it announced in turn', async () => {
    const finished: string[] = [];
    subscribeAll([
      {
        'account.changed': {
          afterCommit: async ({ userId }, db) => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            finished.push(`changed ${userId}`);
            await announce(db, 'account.deleted', { userId });
          },
        },
        'account.deleted': {
          afterCommit: async ({ userId }) => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            finished.push(`deleted ${userId}`);
          },
        },
      },
    ]);
    await announce(database.db, 'account.changed', { userId: 7 });
    expect(finished).toEqual([]);
    await settleEvents(database.db);
    expect(finished).toEqual(['changed 7', 'deleted 7']);
  });
});

// Several processes behind a load balancer: what one announces reaches the others'
// `everywhere` subscribers (caches, sockets) through Redis. Runs where REDIS_URL is set (CI).
describe.skipIf(!process.env.REDIS_URL)('relayEvents', () => {
  it('runs another process’s events here, everywhere-phase only, and not our own twice', async () => {
    const redis = new Redis(process.env.REDIS_URL as string);
    const prefix = `evcircle-test-${Date.now().toString(36)}:`;
    const log = { warn: vi.fn(), error: vi.fn() };
    // Two apps, as two processes would be: each its own database handle.
    const here = { name: 'here' } as unknown as Db;
    const there = { name: 'there' } as unknown as Db;
    const relayed = vi.fn<(payload: { userId: number }, db: Db) => void>();
    const once = vi.fn(async () => {});
    subscribeAll([{ 'account.changed': { everywhere: relayed, afterCommit: once } }]);
    const stopHere = relayEvents(here, redis, prefix, log);
    const stopThere = relayEvents(there, redis, prefix, log);
    try {
      // Wait until both listeners are subscribed.
      await vi.waitFor(async () => {
        const [, count] = (await redis.pubsub('NUMSUB', `${prefix}events`)) as [string, number];
        expect(count).toBe(2);
      });
      await announce(here, 'account.changed', { userId: 42 });
      await vi.waitFor(() => expect(relayed).toHaveBeenCalledWith({ userId: 42 }, there));
      // Locally once (not again from Redis), remotely once; the once-only phase ran only here.
      expect(relayed.mock.calls.filter(([, db]) => db === here)).toHaveLength(1);
      expect(relayed.mock.calls.filter(([, db]) => db === there)).toHaveLength(1);
      expect(once).toHaveBeenCalledTimes(1);
    } finally {
      await stopHere();
      await stopThere();
      redis.disconnect();
    }
  });
});
