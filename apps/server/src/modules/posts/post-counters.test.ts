import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { hotScore } from './hot-score.ts';
import { adjustPostCounters } from './post-counters.ts';
import { posts } from './posts.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('adjustPostCounters', () => {
  it('adds to the counters and stores the hot score hotScore() computes', async () => {
    const user = await createUser(t.app.db);
    const post = await createPost(t.app.db, {
      userId: user.id,
      likeCount: 3,
      commentCount: 1,
      shareCount: 0,
      playCount: 9,
    });
    const counters = await adjustPostCounters(t.app.db, post.id, { likes: 1, comments: 2, plays: 1 });
    expect(counters).toEqual({ likenum: 4, comments: 3, sharenum: 0, playnum: 10 });
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.hotScore).toBeCloseTo(
      hotScore({ likes: 4, comments: 3, shares: 0, plays: 10, createdAt: row!.createdAt }),
      6,
    );
  });

  it('never goes below zero, and answers null for a deleted post', async () => {
    const user = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: user.id, likeCount: 0 });
    expect((await adjustPostCounters(t.app.db, post.id, { likes: -1 }))?.likenum).toBe(0);
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    expect(await adjustPostCounters(t.app.db, post.id, { likes: 1 })).toBeNull();
  });

  it('loses no update under 40 concurrent calls', async () => {
    const user = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: user.id, likeCount: 0 });
    await Promise.all(Array.from({ length: 40 }, () => adjustPostCounters(t.app.db, post.id, { likes: 1 })));
    const [row] = await t.app.db.select({ likes: posts.likeCount }).from(posts).where(eq(posts.id, post.id));
    expect(row?.likes).toBe(40);
  });
});
