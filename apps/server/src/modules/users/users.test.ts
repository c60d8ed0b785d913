import { randomBytes } from 'node:crypto';
import {
  AccountSchema,
  PostSchema,
  STATUS,
  UserProfileSchema,
  updateProfile,
  userInfo,
  userPosts,
} from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { users } from '../accounts/accounts.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { follows } from '../relations/follows.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A tag no other test's nicknames contain, so searches see only this test's users. */
function tag(): string {
  return `t${randomBytes(3).toString('hex')}`;
}

async function follow(followerId: number, followeeId: number, createdAt?: Date) {
  await t.app.db.insert(follows).values({ followerId, followeeId, ...(createdAt ? { createdAt } : {}) });
}

async function softDeleteUser(id: number) {
  await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
}

describe('GET /api/v1/user/info/index', () => {
  it('shows counts and the relation to an anonymous visitor, another user and the owner', async () => {
    const alice = await createUser(t.app.db, { nickname: `${tag()}爱丽丝`, bio: '电车通勤', carModel: 'Model Y' });
    const bob = await createUser(t.app.db);
    const carol = await createUser(t.app.db);
    await createPost(t.app.db, { userId: alice.id, likeCount: 4 });
    await createPost(t.app.db, { userId: alice.id, likeCount: 6 });
    await follow(bob.id, alice.id);
    await follow(carol.id, alice.id);
    await follow(alice.id, bob.id);

    const anonymous = await t.api.call(userInfo, { uid: alice.id });
    expect(UserProfileSchema.strict().parse(anonymous)).toEqual(anonymous);
    expect(anonymous).toMatchObject({
      uid: alice.id,
      nickname: alice.nickname,
      uname: alice.nickname,
      bio: '电车通勤',
      car_model: 'Model Y',
      posts: 2,
      likes: 10,
      followers: 2,
      following: 1,
      isfollow: 0,
      istfollow: 0,
      ismine: 0,
    });

    const asBob = await (await loginAs(t, bob.id)).api.call(userInfo, { uid: alice.id });
    expect(asBob).toMatchObject({ isfollow: 1, istfollow: 1, ismine: 0 });
    const asCarol = await (await loginAs(t, carol.id)).api.call(userInfo, { uid: alice.id });
    expect(asCarol).toMatchObject({ isfollow: 1, istfollow: 0, ismine: 0 });
    const asAlice = await (await loginAs(t, alice.id)).api.call(userInfo, { uid: alice.id });
    expect(asAlice).toMatchObject({ isfollow: 0, istfollow: 0, ismine: 1, followers: 2 });
  });

  it('answers 4004 for an unknown or deleted user', async () => {
    const unknown = await apiFailure(t.api.call(userInfo, { uid: 987_654_321 }));
    expect(unknown).toMatchObject({ status: STATUS.NOT_FOUND, message: '用户不存在' });
    const gone = await createUser(t.app.db);
    await softDeleteUser(gone.id);
    expect(await apiFailure(t.api.call(userInfo, { uid: gone.id }))).toMatchObject({ status: STATUS.NOT_FOUND });
  });

  it('refuses a missing or malformed uid', async () => {
    expect(await apiFailure(t.api.call(userInfo, {} as never))).toMatchObject({ status: STATUS.VALIDATION_FAILED });
    expect(await apiFailure(t.api.call(userInfo, { uid: 'abc' as never }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：uid 须为数字',
    });
  });
});

describe('GET /api/v1/user/info/post-spager', () => {
  it('lists one user’s live posts, newest first, paged, as Posts marked for the viewer', async () => {
    const author = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const base = Date.parse('2026-03-01T00:00:00Z');
    const p1 = await createPost(t.app.db, { userId: author.id, createdAt: new Date(base) });
    const p3 = await createPost(t.app.db, { userId: author.id, createdAt: new Date(base + 3000) });
    const p2 = await createPost(t.app.db, { userId: author.id, createdAt: new Date(base + 2000) });
    const gone = await createPost(t.app.db, { userId: author.id, createdAt: new Date(base + 4000) });
    await t.app.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, gone.id));
    await createPost(t.app.db, { userId: other.id });

    const all = await t.api.call(userPosts, { uid: author.id });
    expect(all.map((p) => p.pid)).toEqual([p3.id, p2.id, p1.id]);
    expect(PostSchema.strict().parse(all[0])).toEqual(all[0]);
    expect(all.every((p) => p.isfollow === 0 && p.ismine === 0)).toBe(true);
    const page2 = await t.api.call(userPosts, { uid: author.id, page: 2, size: 2 });
    expect(page2.map((p) => p.pid)).toEqual([p1.id]);

    await follow(other.id, author.id);
    const asFollower = await (await loginAs(t, other.id)).api.call(userPosts, { uid: author.id });
    expect(asFollower.map((p) => [p.isfollow, p.ismine])).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
    const asAuthor = await (await loginAs(t, author.id)).api.call(userPosts, { uid: author.id });
    expect(asAuthor.map((p) => [p.isfollow, p.ismine])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });

  it('answers 4004 for an unknown or deleted user', async () => {
    expect(await apiFailure(t.api.call(userPosts, { uid: 987_654_321 }))).toMatchObject({ status: STATUS.NOT_FOUND });
    const gone = await createUser(t.app.db);
    await softDeleteUser(gone.id);
    expect(await apiFailure(t.api.call(userPosts, { uid: gone.id }))).toMatchObject({ status: STATUS.NOT_FOUND });
  });
});

describe('POST /api/v1/user/info/update', () => {
  async function editor(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.app.db, {
      nickname: `${tag()}原名`,
      bio: '原来的简介',
      sex: 1,
      carModel: 'Model 3',
      ...overrides,
    });
    const { api } = await loginAs(t, user.id);
    return { user, api };
  }

  async function stored(id: number) {
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error('user row missing');
    return row;
  }

  it('changes only the fields sent, one at a time, and answers the account', async () => {
    const { user, api } = await editor({ updatedAt: new Date('2025-01-01T00:00:00Z') });
    const name = `${tag()}新名字`;
    const account = await api.call(updateProfile, { nickname: `  ${name}  ` });
    expect(AccountSchema.strict().parse(account)).toEqual(account);
    expect(account).toMatchObject({ uid: user.id, nickname: name, bio: '原来的简介', sex: 1, car_model: 'Model 3' });
    let row = await stored(user.id);
    expect(row).toMatchObject({ nickname: name, bio: '原来的简介', sex: 1, carModel: 'Model 3' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(Date.parse('2025-01-01T00:00:00Z'));

    await api.call(updateProfile, { bio: '  周末跑山  ' });
    row = await stored(user.id);
    expect(row).toMatchObject({ nickname: name, bio: '周末跑山', sex: 1, carModel: 'Model 3' });

    await api.call(updateProfile, { sex: 2 });
    row = await stored(user.id);
    expect(row).toMatchObject({ nickname: name, bio: '周末跑山', sex: 2, carModel: 'Model 3' });

    await api.call(updateProfile, { car_model: ' 极氪001 ' });
    row = await stored(user.id);
    expect(row).toMatchObject({ nickname: name, bio: '周末跑山', sex: 2, carModel: '极氪001' });

    // Empty bio and car model are allowed: they clear the field.
    const cleared = await api.call(updateProfile, { bio: '', car_model: '', sex: 0 });
    expect(cleared).toMatchObject({ nickname: name, bio: '', car_model: '', sex: 0 });
  });

  it('refuses nicknames outside 2–20 characters, with control characters, or prohibited', async () => {
    const { user, api } = await editor();
    const lengthMessage = '参数错误：nickname 昵称需 2–20 个字';
    expect(await apiFailure(api.call(updateProfile, { nickname: ' 王 ' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: lengthMessage,
    });
    expect(await apiFailure(api.call(updateProfile, { nickname: '长'.repeat(21) }))).toMatchObject({
      message: lengthMessage,
    });
    expect(await apiFailure(api.call(updateProfile, { nickname: '换行\n名字' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：nickname 不能包含换行或不可见字符',
    });
    const prohibited = await apiFailure(api.call(updateProfile, { nickname: '加微信看车' }));
    expect(prohibited).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '内容包含违规词语，请修改后再提交',
      data: { field: 'nickname' },
    });
    expect((await stored(user.id)).nickname).toBe(user.nickname);
    // The boundaries themselves pass.
    await api.call(updateProfile, { nickname: `${tag()}`.slice(0, 2) });
    await api.call(updateProfile, { nickname: `${tag()}${'长'.repeat(13)}` });
  });

  it('refuses a nickname a live user has, whatever its case, but not one’s own or a deleted user’s', async () => {
    const k = tag();
    const holder = await createUser(t.app.db, { nickname: `${k}EVfan` });
    const { user, api } = await editor();
    const taken = await apiFailure(api.call(updateProfile, { nickname: `${k}evFAN` }));
    expect(taken).toMatchObject({ status: STATUS.CONFLICT, message: '该昵称已被使用' });
    expect((await stored(user.id)).nickname).toBe(user.nickname);

    // Changing the case of one's own name is fine.
    await api.call(updateProfile, { nickname: user.nickname.toUpperCase() });
    expect((await stored(user.id)).nickname).toBe(user.nickname.toUpperCase());

    // Once the holder's account is deleted the name is free.
    await softDeleteUser(holder.id);
    await api.call(updateProfile, { nickname: `${k}evfan` });
    expect((await stored(user.id)).nickname).toBe(`${k}evfan`);

    // The name deleted accounts are shown as is reserved.
    expect(await apiFailure(api.call(updateProfile, { nickname: '已注销用户' }))).toMatchObject({
      status: STATUS.CONFLICT,
    });
  });

  it('lets only one of two people claiming a name at once have it', async () => {
    const a = await editor();
    const b = await editor();
    const name = `${tag()}抢注`;
    const results = await Promise.allSettled([
      a.api.call(updateProfile, { nickname: name }),
      b.api.call(updateProfile, { nickname: name.toUpperCase() }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toMatchObject({ status: STATUS.CONFLICT });
    const holders = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.nickname}) = lower(${name})`);
    expect(holders).toHaveLength(1);
  });

  it('checks bio, sex and car model', async () => {
    const { user, api } = await editor();
    expect(await apiFailure(api.call(updateProfile, { bio: '字'.repeat(201) }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '参数错误：bio 简介不能超过 200 个字',
    });
    expect(await apiFailure(api.call(updateProfile, { bio: '日赚三千，私聊' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      data: { field: 'bio' },
    });
    for (const sex of [3, -1, 'x', 1.5]) {
      expect(await apiFailure(api.call(updateProfile, { sex: sex as number }))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: '参数错误：sex 性别取值不正确',
      });
    }
    expect(await apiFailure(api.call(updateProfile, { car_model: '车'.repeat(31) }))).toMatchObject({
      message: '参数错误：car_model 车型不能超过 30 个字',
    });
    expect(await apiFailure(api.call(updateProfile, { car_model: '出售枪支' }))).toMatchObject({
      data: { field: 'car_model' },
    });
    // A failing field changes nothing, not even the valid fields sent with it.
    expect(await apiFailure(api.call(updateProfile, { bio: '新简介', car_model: '车'.repeat(31) }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await apiFailure(api.call(updateProfile, { car_model: '新车', bio: '网赌' }))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await stored(user.id)).toMatchObject({ bio: '原来的简介', sex: 1, carModel: 'Model 3' });
    await api.call(updateProfile, { bio: '字'.repeat(200), car_model: '车'.repeat(30) });
    expect(await stored(user.id)).toMatchObject({ bio: '字'.repeat(200), carModel: '车'.repeat(30) });
  });

  it('edits the viewer only: a uid in the body is ignored', async () => {
    const victim = await createUser(t.app.db, { nickname: `${tag()}受害者`, bio: '原样' });
    const { user, api } = await editor();
    const name = `${tag()}攻击者`;
    const account = await api.call(updateProfile, { uid: victim.id, nickname: name, bio: '改了' } as never);
    expect(account.uid).toBe(user.id);
    expect(await stored(victim.id)).toMatchObject({ nickname: victim.nickname, bio: '原样' });
    expect(await stored(user.id)).toMatchObject({ nickname: name, bio: '改了' });
  });

  it('answers 2011 without login', async () => {
    expect(await apiFailure(t.api.call(updateProfile, { bio: '匿名' }))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
    });
  });
});
