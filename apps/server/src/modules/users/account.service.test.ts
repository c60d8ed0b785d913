import { AppError } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { maskMobile } from '../accounts/accounts.service.ts';
import { users } from '../accounts/accounts.tables.ts';
import { grantPoints } from '../points/points.service.ts';
import { posts } from '../posts/posts.tables.ts';
import { toUserCards } from '../relations/follows.service.ts';
import { follows } from '../relations/follows.tables.ts';
import { getAccount, getProfile } from './users.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('account service', () => {
  it('counts live posts, likes received, followers and following, and marks the relation', async () => {
    const alice = await createUser(t.app.db);
    const bob = await createUser(t.app.db);
    await createPost(t.app.db, { userId: alice.id, likeCount: 3 });
    const gone = await createPost(t.app.db, { userId: alice.id, likeCount: 100 });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, gone.id));
    await t.app.db.insert(follows).values({ followerId: bob.id, followeeId: alice.id });

    const asBob = await getProfile(t.app.db, alice.id, bob.id);
    expect(asBob).toMatchObject({ uid: alice.id, posts: 1, likes: 3, followers: 1, following: 0, isfollow: 1 });
    expect(asBob).toMatchObject({ istfollow: 0, ismine: 0 });
    const asAlice = await getProfile(t.app.db, bob.id, alice.id);
    expect(asAlice).toMatchObject({ isfollow: 0, istfollow: 1, following: 1 });
    const anonymous = await getProfile(t.app.db, alice.id, null);
    expect(anonymous).toMatchObject({ isfollow: 0, istfollow: 0, ismine: 0 });

    const cards = await toUserCards(t.app.db, [alice, bob], bob.id);
    expect(cards.map((c) => [c.uid, c.isfollow, c.istfollow, c.followers])).toEqual([
      [alice.id, true, false, 1],
      [bob.id, false, false, 0],
    ]);
  });

  it('shows the owner their masked number, invite code and points balance', async () => {
    const user = await createUser(t.app.db, { acode: '86', mobile: '13812348000' });
    await grantPoints(t.app.db, user.id, 20, 'signup', 'signup');
    await grantPoints(t.app.db, user.id, 5, 'checkin', '2026-11-22');
    const account = await getAccount(t.app.db, user.id);
    expect(account).toMatchObject({ mobile: '138****8000', acode: '86', integral: 25, ismine: 1, role: 'user' });
    expect(account.invite_code).toMatch(/^[0-9A-Z]{8}$/);
  });

  it('treats a deleted account as not found', async () => {
    const user = await createUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const error = await getProfile(t.app.db, user.id, null).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  it('masks numbers of every length', () => {
    expect(maskMobile(null)).toBe('');
    expect(maskMobile('91234567')).toBe('912****4567');
    expect(maskMobile('12345')).toBe('***45');
  });
});
