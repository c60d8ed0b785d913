import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { comments } from '../../apps/server/src/modules/comments/comments.tables.ts';
import { payments } from '../../apps/server/src/modules/payments/payments.tables.ts';
import { postLikes, posts } from '../../apps/server/src/modules/posts/posts.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Database, runMigrations } from '../../apps/server/src/platform/db.ts';
import { Ledger, tallyWrites } from './ledger.ts';
import { counterMismatches, paidTwice, readPresent } from './present.ts';

// The SQL behind verify:crash and verify:load on a real (in-memory) database: a check that
// found nothing because its query matched nothing would pass every run.

let database: Database;
let userId = 0;
let postId = 0;
let commentId = 0;

beforeAll(async () => {
  database = await createDatabase(loadConfig({ DATABASE_URL: 'memory://' }));
  await runMigrations(database);
  const [user] = await database.db.insert(users).values({ nickname: '校验员' }).returning();
  userId = user?.id ?? 0;
  const [post] = await database.db
    .insert(posts)
    .values({ userId, type: 'mod', content: '校验帖', likeCount: 1, commentCount: 1 })
    .returning();
  postId = post?.id ?? 0;
  await database.db.insert(postLikes).values({ postId, userId });
  const [comment] = await database.db.insert(comments).values({ postId, userId, content: '校验评论' }).returning();
  commentId = comment?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('readPresent', () => {
  it('finds the rows of acknowledged writes and misses the ones not there', async () => {
    const ledger = new Ledger();
    ledger.acknowledge('post', postId);
    ledger.acknowledge('comment', commentId);
    ledger.acknowledge('comment', commentId + 1000);
    ledger.acknowledge('like', `${postId}:${userId}`);
    ledger.acknowledge('like', `${postId}:${userId + 1000}`);
    const tallies = tallyWrites(ledger, await readPresent(database.db, ledger));
    expect(tallies.filter((t) => t.acknowledged > 0).map((t) => [t.kind, t.present, t.lostCount])).toEqual([
      ['post', 1, 0],
      ['comment', 1, 1],
      ['like', 1, 1],
    ]);
  });
});

describe('counterMismatches', () => {
  it('finds none when every counter equals its rows', async () => {
    expect(await counterMismatches(database.db, [], 0)).toEqual([]);
  });

  it('names a counter that disagrees with its rows', async () => {
    await database.db.update(posts).set({ likeCount: 2 }).where(sql`${posts.id} = ${postId}`);
    try {
      expect(await counterMismatches(database.db, [], 0)).toEqual([
        { counter: 'posts.like_count', id: postId, stored: 2, rows: 1 },
      ]);
    } finally {
      await database.db.update(posts).set({ likeCount: 1 }).where(sql`${posts.id} = ${postId}`);
    }
  });
});

describe('paidTwice', () => {
  it('names a shop order with two paid attempts', async () => {
    const attempt = (tradeNo: string) => ({
      tradeNo,
      userId,
      purpose: 'shop',
      orderRef: 42,
      provider: 'sandbox',
      channel: 'h5',
      amountFen: 100,
      description: '校验订单',
      state: 'paid',
      expiresAt: new Date(Date.now() + 60_000),
      returnUrl: 'http://127.0.0.1/',
    });
    expect(await paidTwice(database.db)).toEqual([]);
    await database.db.insert(payments).values([attempt('VERIFY000001'), attempt('VERIFY000002')]);
    expect(await paidTwice(database.db)).toEqual(['order 42: 2 paid attempts']);
  });
});
