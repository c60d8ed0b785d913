import {
  deleteAccount,
  followAct,
  postsNoAds,
  SESSION_COOKIE,
  STATUS,
  updateProfile,
  uploadAvatar,
  userInfo,
  userPosts,
  userSearch,
} from '@evcircle/contract';
import { eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPost } from '../../../test/factories/posts.ts';
import { createUser } from '../../../test/factories/users.ts';
import { clientWithToken, loginAs } from '../../../test/login-as.ts';
import { signedUrl } from '../../../test/signed.ts';
import { users } from '../accounts/accounts.tables.ts';
import { sessions } from '../auth/auth.tables.ts';
import { posts } from '../posts/posts.tables.ts';
import { follows } from '../relations/follows.tables.ts';
import { scanLogins } from '../scan-login/scan-login.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function row(id: number) {
  const [found] = await t.app.db.select().from(users).where(eq(users.id, id));
  if (!found) throw new Error('user row missing');
  return found;
}

/** A cookie-holding web session deleting its own account, as the settings page does. */
async function deleteWithCookie(token: string, confirm: string) {
  const body = { confirm };
  return t.app.inject({
    method: 'POST',
    url: signedUrl(deleteAccount.path, t.config.API_SIGN_SECRET, { body }),
    headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('POST /api/v1/user/info/delete', () => {
  it('wipes personal data, deletes posts and follows, ends every session and clears the cookie', async () => {
    const me = await createUser(t.app.db, {
      nickname: '即将离开的车主',
      bio: '我的简介',
      sex: 1,
      carModel: 'Model S',
      acode: '86',
      mobile: '13900001111',
    });
    const fan = await createUser(t.app.db);
    const idol = await createUser(t.app.db);
    const bystander = await createUser(t.app.db);
    const myPost = await createPost(t.app.db, { userId: me.id, hotScore: 1e9 });
    const theirPost = await createPost(t.app.db, { userId: bystander.id, hotScore: 1e9 - 1 });
    await t.app.db.insert(follows).values([
      { followerId: fan.id, followeeId: me.id },
      { followerId: me.id, followeeId: idol.id },
      { followerId: fan.id, followeeId: idol.id },
    ]);
    await t.app.db
      .insert(scanLogins)
      .values({ code: `del-${me.id}`, status: 1, userId: me.id, expiresAt: new Date(Date.now() + 60_000) });

    const web = await loginAs(t, me.id, 'browser');
    const phone = await loginAs(t, me.id, 'phone');
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const avatar = await web.api.call(uploadAvatar, body);
    expect((await t.api.call(postsNoAds, {})).map((p) => p.pid)).toContain(myPost.id);

    const res = await deleteWithCookie(web.token, '注销');
    expect(res.json()).toMatchObject({ status: STATUS.SUCCESS, data: { result: true } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`${SESSION_COOKIE}=;`);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(cookie).toContain('HttpOnly');

    // Personal data gone, the row kept as a tombstone.
    const gone = await row(me.id);
    expect(gone).toMatchObject({
      nickname: '已注销用户',
      avatar: '',
      bio: '',
      sex: 0,
      carModel: '',
      acode: null,
      mobile: null,
    });
    expect(gone.deletedAt).toBeInstanceOf(Date);
    expect(await t.app.storage.exists(avatar.path)).toBe(false);

    // Every session is dead: both tokens answer 2011.
    for (const token of [web.token, phone.token]) {
      const api = clientWithToken(t, token);
      expect(await apiFailure(api.call(updateProfile, { bio: '还在吗' }))).toMatchObject({
        status: STATUS.NOT_LOGGED_IN,
      });
      expect(await apiFailure(api.call(followAct, { uid: idol.id }))).toMatchObject({ status: STATUS.NOT_LOGGED_IN });
    }
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(await t.app.db.select().from(scanLogins).where(eq(scanLogins.userId, me.id))).toEqual([]);

    // The profile and post list are gone; posts are out of the feed; search skips them.
    expect(await apiFailure(t.api.call(userInfo, { uid: me.id }))).toMatchObject({ status: STATUS.NOT_FOUND });
    expect(await apiFailure(t.api.call(userPosts, { uid: me.id }))).toMatchObject({ status: STATUS.NOT_FOUND });
    const feed = (await t.api.call(postsNoAds, {})).map((p) => p.pid);
    expect(feed).not.toContain(myPost.id);
    expect(feed).toContain(theirPost.id);
    const [storedPost] = await t.app.db.select().from(posts).where(eq(posts.id, myPost.id));
    expect(storedPost?.deletedAt).toBeInstanceOf(Date);
    expect(await t.api.call(userSearch, { word: '已注销用户' })).toEqual([]);

    // Follows both ways removed; other people's follows untouched.
    const remaining = await t.app.db
      .select()
      .from(follows)
      .where(or(eq(follows.followerId, me.id), eq(follows.followeeId, me.id)));
    expect(remaining).toEqual([]);
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(1);
    expect((await t.api.call(userInfo, { uid: fan.id })).following).toBe(1);
    expect(await row(bystander.id)).toMatchObject({ deletedAt: null });

    // The number is free: a new account can take it.
    const again = await createUser(t.app.db, { acode: '86', mobile: '13900001111' });
    expect(again.id).not.toBe(me.id);
  });

  it('changes nothing without the confirmation word', async () => {
    const me = await createUser(t.app.db, { acode: '86', mobile: '13900002222' });
    const { api, token } = await loginAs(t, me.id);
    for (const confirm of ['', '确认', '注销 ']) {
      const error = await apiFailure(api.call(deleteAccount, { confirm: confirm as '注销' }));
      expect(error).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: '参数错误：confirm 请输入“注销”以确认',
      });
    }
    expect(await apiFailure(api.call(deleteAccount, {} as never))).toMatchObject({ status: STATUS.VALIDATION_FAILED });
    expect(await row(me.id)).toMatchObject({ deletedAt: null, mobile: '13900002222' });
    // The session still works.
    const res = await deleteWithCookie(token, 'no');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await api.call(updateProfile, { bio: '还在' })).bio).toBe('还在');
  });

  it('leaves everything as it was when a step fails midway', async () => {
    const me = await createUser(t.app.db, { nickname: '半途而废', acode: '86', mobile: '13900004444' });
    const idol = await createUser(t.app.db);
    const post = await createPost(t.app.db, { userId: me.id });
    await t.app.db.insert(follows).values({ followerId: me.id, followeeId: idol.id });
    const { api } = await loginAs(t, me.id);
    // The last step (ending the sessions) fails after the others have run.
    await t.app.db.execute(
      sql.raw(`create or replace function refuse_session_delete() returns trigger language plpgsql as
        $$ begin raise exception 'sessions unavailable'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger refuse_session_delete before delete on sessions
        for each row when (old.user_id = ${me.id}) execute function refuse_session_delete()`),
    );
    try {
      expect(await apiFailure(api.call(deleteAccount, { confirm: '注销' }))).toMatchObject({
        status: STATUS.SERVER_ERROR,
      });
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_session_delete on sessions'));
    }
    expect(await row(me.id)).toMatchObject({ nickname: '半途而废', mobile: '13900004444', deletedAt: null });
    const [storedPost] = await t.app.db.select().from(posts).where(eq(posts.id, post.id));
    expect(storedPost?.deletedAt).toBeNull();
    expect((await t.api.call(userInfo, { uid: idol.id })).followers).toBe(1);
    expect((await api.call(updateProfile, { bio: '还在' })).bio).toBe('还在');
  });

  it('deletes only the viewer’s own account', async () => {
    const me = await createUser(t.app.db);
    const other = await createUser(t.app.db, { acode: '86', mobile: '13900003333' });
    const { api } = await loginAs(t, me.id);
    await api.call(deleteAccount, { confirm: '注销', uid: other.id } as never);
    expect((await row(me.id)).deletedAt).toBeInstanceOf(Date);
    expect(await row(other.id)).toMatchObject({ deletedAt: null, mobile: '13900003333' });
    expect((await t.api.call(userInfo, { uid: other.id })).uid).toBe(other.id);
  });

  it('answers 2011 without login', async () => {
    expect(await apiFailure(t.api.call(deleteAccount, { confirm: '注销' }))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
    });
  });
});
