import {
  type ApiError,
  blockAct,
  blockCheck,
  blockList,
  followAct,
  followCheck,
  STATUS,
  UserCardSchema,
} from '@evcircle/contract';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { users } from '../accounts/accounts.tables.ts';
import { blocks } from './blocks.tables.ts';
import { follows } from './follows.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const person = () => newPerson(t);

async function blockRows(blockerId: number, blockedId: number) {
  return t.app.db
    .select()
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

async function followsBetween(a: number, b: number) {
  return t.app.db
    .select()
    .from(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.followeeId, b)),
        and(eq(follows.followerId, b), eq(follows.followeeId, a)),
      ),
    );
}

describe('POST /api/v1/user/block/act', () => {
  it('blocks, then unblocks, answering the new state; block/check follows', async () => {
    const me = await person();
    const other = await person();
    expect(await me.api.call(blockCheck, { uid: other.id })).toEqual({ isblock: 0 });
    expect(await me.api.call(blockAct, { uid: other.id })).toEqual({ isblock: 1 });
    expect(await blockRows(me.id, other.id)).toHaveLength(1);
    expect(await me.api.call(blockCheck, { uid: other.id })).toEqual({ isblock: 1 });
    // One direction only: the other did not block me.
    expect(await other.api.call(blockCheck, { uid: me.id })).toEqual({ isblock: 0 });

    expect(await me.api.call(blockAct, { uid: other.id })).toEqual({ isblock: 0 });
    expect(await blockRows(me.id, other.id)).toEqual([]);
    expect(await me.api.call(blockCheck, { uid: other.id })).toEqual({ isblock: 0 });
  });

  it('removes the follows between the two, both directions, and keeps others', async () => {
    const me = await person();
    const other = await person();
    const friend = await person();
    await me.api.call(followAct, { uid: other.id });
    await other.api.call(followAct, { uid: me.id });
    await me.api.call(followAct, { uid: friend.id });
    expect(await followsBetween(me.id, other.id)).toHaveLength(2);

    await me.api.call(blockAct, { uid: other.id });
    expect(await followsBetween(me.id, other.id)).toEqual([]);
    expect(await followsBetween(me.id, friend.id)).toHaveLength(1);
    // Unblocking does not bring them back.
    await me.api.call(blockAct, { uid: other.id });
    expect(await followsBetween(me.id, other.id)).toEqual([]);
  });

  it('refuses blocking yourself', async () => {
    const me = await person();
    expect(await apiFailure(me.api.call(blockAct, { uid: me.id }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '不能拉黑自己',
    });
    expect(await blockRows(me.id, me.id)).toEqual([]);
  });

  it('answers 4004 for an unknown or deleted account', async () => {
    const me = await person();
    const gone = await createUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect(await apiFailure(me.api.call(blockAct, { uid: 987_654_321 }))).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await apiFailure(me.api.call(blockAct, { uid: gone.id }))).toMatchObject({
      status: STATUS.NOT_FOUND,
      message: '用户不存在',
    });
    expect(await blockRows(me.id, gone.id)).toEqual([]);
  });

  it('answers 2011 without login; block/check answers 0', async () => {
    const other = await person();
    expect(await apiFailure(t.api.call(blockAct, { uid: other.id }))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    expect(await t.api.call(blockCheck, { uid: other.id })).toEqual({ isblock: 0 });
  });

  it('rejects a bad uid without changing anything', async () => {
    const me = await person();
    expect(await apiFailure(me.api.call(blockAct, { uid: 'abc' as unknown as number }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await t.app.db.select().from(blocks).where(eq(blocks.blockerId, me.id))).toEqual([]);
  });

  it('stays consistent under 20 concurrent toggles by one user', async () => {
    const me = await person();
    const other = await person();
    const answers = await Promise.all(Array.from({ length: 20 }, () => me.api.call(blockAct, { uid: other.id })));
    expect(answers.filter((a) => a.isblock === 1)).toHaveLength(10);
    expect(await blockRows(me.id, other.id)).toEqual([]);
  });

  it('two people blocking each other at once both end up blocked', async () => {
    const a = await person();
    const b = await person();
    await a.api.call(followAct, { uid: b.id });
    await b.api.call(followAct, { uid: a.id });
    const [ab, ba] = await Promise.all([a.api.call(blockAct, { uid: b.id }), b.api.call(blockAct, { uid: a.id })]);
    expect([ab, ba]).toEqual([{ isblock: 1 }, { isblock: 1 }]);
    expect(await followsBetween(a.id, b.id)).toEqual([]);
  });
});

describe('following across a block', () => {
  it('refuses following in either direction while blocked; unfollowing stays possible', async () => {
    const blocker = await person();
    const blocked = await person();
    await blocker.api.call(blockAct, { uid: blocked.id });

    for (const [who, whom] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      expect(await apiFailure(who.api.call(followAct, { uid: whom.id }))).toMatchObject({
        status: STATUS.FORBIDDEN,
        message: '由于对方的隐私设置，你无法关注',
      });
      expect(await who.api.call(followCheck, { uid: whom.id })).toEqual({ isfollow: 0 });
    }
    expect(await followsBetween(blocker.id, blocked.id)).toEqual([]);

    // A follow that exists (e.g. from before blocks were kept) can still be undone.
    await t.app.db.insert(follows).values({ followerId: blocked.id, followeeId: blocker.id });
    expect(await blocked.api.call(followAct, { uid: blocker.id })).toEqual({ result: true, isfollow: 0 });

    // Unblocked, following works again.
    await blocker.api.call(blockAct, { uid: blocked.id });
    expect(await blocked.api.call(followAct, { uid: blocker.id })).toEqual({ result: true, isfollow: 1 });
  });

  it('a follow racing a block never survives it', async () => {
    for (let i = 0; i < 5; i++) {
      const blocker = await person();
      const fan = await person();
      const [, follow] = await Promise.allSettled([
        blocker.api.call(blockAct, { uid: fan.id }),
        fan.api.call(followAct, { uid: blocker.id }),
      ]);
      if (follow.status === 'rejected') expect((follow.reason as ApiError).status).toBe(STATUS.FORBIDDEN);
      expect(await blockRows(blocker.id, fan.id)).toHaveLength(1);
      expect(await followsBetween(blocker.id, fan.id)).toEqual([]);
    }
  });
});

describe('GET /api/v1/user/block/list', () => {
  it('lists the viewer’s blocked users as UserCards, last blocked first, paged, without deleted accounts', async () => {
    const me = await person();
    const others = [await person(), await person(), await person(), await person()];
    const base = Date.parse('2026-03-01T00:00:00Z');
    for (const [i, other] of others.entries()) {
      await t.app.db
        .insert(blocks)
        .values({ blockerId: me.id, blockedId: other.id, createdAt: new Date(base + i * 60_000) });
    }
    const [o0, o1, o2, o3] = others as [Person, Person, Person, Person];
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, o1.id));
    // Someone else's block does not show.
    await t.app.db.insert(blocks).values({ blockerId: o0.id, blockedId: o2.id });

    const list = await me.api.call(blockList, {});
    expect(list.map((c) => c.uid)).toEqual([o3.id, o2.id, o0.id]);
    expect(UserCardSchema.strict().parse(list[0])).toEqual(list[0]);
    expect(list[0]).toMatchObject({ uid: o3.id, nickname: o3.nickname, isfollow: false });
    expect((await me.api.call(blockList, { page: 2, size: 2 })).map((c) => c.uid)).toEqual([o0.id]);
    expect(await o3.api.call(blockList, {})).toEqual([]);
  });

  it('answers 2011 without login', async () => {
    expect(await apiFailure(t.api.call(blockList, {}))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
  });
});
