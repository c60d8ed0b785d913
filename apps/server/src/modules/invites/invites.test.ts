import { ERRORS, inviteInfo, myInvites, POINTS, STATUS } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { users } from '../accounts/accounts.tables.ts';
import { inviteCodeFor } from '../accounts/invite-code.ts';
import { follows } from '../relations/follows.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function expectFailure(promise: Promise<unknown>, code: keyof typeof ERRORS) {
  const error = await apiFailure(promise);
  expect({ status: error.status, message: error.message }).toEqual({
    status: ERRORS[code].status,
    message: ERRORS[code].message,
  });
}

describe('GET /api/v1/user/invite/info', () => {
  it('names the inviter and the reward, to anyone', async () => {
    const inviter = await createUser(t.app.db, { nickname: '邀请人老王', carModel: 'Model Y' });
    const code = inviteCodeFor(inviter.id);
    const info = await t.api.call(inviteInfo, { code });
    expect(info).toEqual({
      code,
      reward: POINTS.signup + POINTS.invitee,
      inviter: expect.objectContaining({
        uid: inviter.id,
        nickname: '邀请人老王',
        uname: '邀请人老王',
        car_model: 'Model Y',
        isfollow: false,
      }),
    });
    // Codes are read case-insensitively and answered in their canonical form.
    expect((await t.api.call(inviteInfo, { code: code.toLowerCase() })).code).toBe(code);
  });

  it('shows the viewer’s relation to the inviter', async () => {
    const inviter = await createUser(t.app.db);
    const viewer = await createUser(t.app.db);
    await t.app.db.insert(follows).values({ followerId: viewer.id, followeeId: inviter.id });
    const { api } = await loginAs(t, viewer.id);
    const info = await api.call(inviteInfo, { code: inviteCodeFor(inviter.id) });
    expect(info.inviter).toMatchObject({ isfollow: true, followers: 1 });
  });

  it('answers INVITE_NOT_FOUND for a code nobody holds or a deleted inviter', async () => {
    await expectFailure(t.api.call(inviteInfo, { code: inviteCodeFor(9_999_999) }), 'INVITE_NOT_FOUND');
    await expectFailure(t.api.call(inviteInfo, { code: 'ZZZZZZZZZZ' }), 'INVITE_NOT_FOUND');
    const gone = await createUser(t.app.db);
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await expectFailure(t.api.call(inviteInfo, { code: inviteCodeFor(gone.id) }), 'INVITE_NOT_FOUND');
  });

  it('refuses a malformed code', async () => {
    const error = await apiFailure(t.api.call(inviteInfo, { code: 'a-b' }));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(error.message).toContain('邀请码格式不正确');
  });
});

describe('GET /api/v1/user/invite/mine', () => {
  it('lists the people who signed up with the viewer’s code, newest first, paged', async () => {
    const inviter = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const base = Date.parse('2026-10-01T00:00:00Z');
    const invited = [];
    for (let i = 0; i < 3; i++) {
      invited.push(await createUser(t.app.db, { invitedBy: inviter.id, createdAt: new Date(base + i * 86_400_000) }));
    }
    const deleted = await createUser(t.app.db, { invitedBy: inviter.id, createdAt: new Date(base + 9 * 86_400_000) });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    await createUser(t.app.db, { invitedBy: other.id });

    const { api } = await loginAs(t, inviter.id);
    const page1 = await api.call(myInvites, { page: 1, size: 2 });
    expect(page1.code).toBe(inviteCodeFor(inviter.id));
    expect(page1.total).toBe(3);
    expect(page1.users.map((u) => u.uid)).toEqual([invited[2]!.id, invited[1]!.id]);
    const page2 = await api.call(myInvites, { page: 2, size: 2 });
    expect(page2.users.map((u) => u.uid)).toEqual([invited[0]!.id]);
    expect(page2.total).toBe(3);
  });

  it('shows a user with no invitees their code and an empty list', async () => {
    const loner = await createUser(t.app.db);
    const { api } = await loginAs(t, loner.id);
    expect(await api.call(myInvites, {})).toEqual({ code: inviteCodeFor(loner.id), total: 0, users: [] });
  });

  it('needs login (2011)', async () => {
    expect((await apiFailure(t.api.call(myInvites, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});
