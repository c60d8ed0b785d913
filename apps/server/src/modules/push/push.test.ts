import {
  blockAct,
  cancelTeam,
  chatSend,
  commentReply,
  commentSave,
  ERRORS,
  type PushPayload,
  pushPreferencesGet,
  pushPreferencesSave,
  pushSubscribe,
  pushUnsubscribe,
  pushVapidKey,
  respondTeam,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createFreshPost } from '../../../test/factories/posts.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { settleEvents } from '../../platform/events.ts';
import {
  type FakePushService,
  type FakeSubscription,
  startFakePushService,
} from '../../platform/push/fake-push-service.test-helper.ts';
import { createWebPushProvider } from '../../platform/push/index.ts';
import { startTeam } from '../teams/teams.test-helper.ts';
import { loadVapidDetails } from './push.service.ts';
import { pushSubscriptions } from './push.tables.ts';

let fake: FakePushService;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakePushService();
  t = await buildTestApp({}, { push: createWebPushProvider({ allowLoopback: true, ca: fake.ca }) });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const person = () => newPerson(t);

/** `who` allows pushes in a new (fake) browser; answers that browser's subscription. */
async function browserOf(who: Person): Promise<FakeSubscription> {
  const sub = fake.subscribe();
  expect(await who.api.call(pushSubscribe, sub)).toEqual({ result: true });
  return sub;
}

async function rowOf(endpoint: string) {
  const [row] = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/** The payloads a browser received, once the after-commit work of what was done has finished. */
async function payloadsTo(sub: FakeSubscription): Promise<PushPayload[]> {
  await settleEvents(t.app.db);
  return fake.pushesTo(sub.endpoint).map((push) => JSON.parse(push.text) as PushPayload);
}

describe('push/vapid-key', () => {
  it('answers the public key browsers subscribe with (65 bytes, P-256 uncompressed), to a logged-in person', async () => {
    const me = await person();
    const { public_key } = await me.api.call(pushVapidKey, {});
    const bytes = Buffer.from(public_key, 'base64url');
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('takes the configured pair when there is one, whatever is stored', async () => {
    const vapid = await loadVapidDetails(t.app.db, {
      VAPID_PUBLIC_KEY: 'BPublic',
      VAPID_PRIVATE_KEY: 'private',
      VAPID_SUBJECT: undefined,
      PUBLIC_URL: 'https://evcircle.example.cn',
    });
    expect(vapid).toEqual({ subject: 'https://evcircle.example.cn', publicKey: 'BPublic', privateKey: 'private' });
  });
});

describe('push/subscribe and push/unsubscribe', () => {
  it('refuses what is not a push subscription: an http endpoint, keys of the wrong length or alphabet', async () => {
    const me = await person();
    const sub = fake.subscribe();
    const bad = [
      { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') },
      { ...sub, endpoint: 'not a url' },
      { ...sub, keys: { ...sub.keys, p256dh: sub.keys.p256dh.slice(0, 40) } },
      { ...sub, keys: { ...sub.keys, auth: `${sub.keys.auth}AA` } },
      { ...sub, keys: { ...sub.keys, auth: '+/+/+/+/+/+/+/+/+/+/+w' } },
      { endpoint: sub.endpoint },
    ];
    for (const body of bad) {
      const error = await apiFailure(me.api.call(pushSubscribe, body as typeof sub));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await rowOf(sub.endpoint)).toBeUndefined();
  });

  it('keeps a subscription whose keys arrive as JSON text (a form-style body), and the same endpoint again renews its keys', async () => {
    const me = await person();
    const sub = fake.subscribe();
    await me.api.call(pushSubscribe, { endpoint: sub.endpoint, keys: JSON.stringify(sub.keys) as never });
    const renewed = fake.subscribe();
    await me.api.call(pushSubscribe, { endpoint: sub.endpoint, keys: renewed.keys });
    const row = await rowOf(sub.endpoint);
    expect(row).toMatchObject({ userId: me.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
  });

  it("another person can neither remove nor take over someone's subscription; only the same browser's keys move it", async () => {
    const [a, b] = [await person(), await person()];
    const sub = await browserOf(a);

    const removal = await apiFailure(b.api.call(pushUnsubscribe, { endpoint: sub.endpoint }));
    expect(removal.status).toBe(ERRORS.PUSH_SUBSCRIPTION_NOT_FOUND.status);
    expect((await rowOf(sub.endpoint))?.userId).toBe(a.id);

    const other = fake.subscribe();
    const takeover = await apiFailure(b.api.call(pushSubscribe, { endpoint: sub.endpoint, keys: other.keys }));
    expect(takeover.status).toBe(ERRORS.PUSH_ENDPOINT_TAKEN.status);
    expect(takeover.message).toBe(ERRORS.PUSH_ENDPOINT_TAKEN.message);
    expect(await rowOf(sub.endpoint)).toMatchObject({ userId: a.id, p256dh: sub.keys.p256dh });

    // B logged in on A's browser: the browser's own subscription (both keys) moves to B.
    await b.api.call(pushSubscribe, sub);
    expect((await rowOf(sub.endpoint))?.userId).toBe(b.id);
    expect((await apiFailure(a.api.call(pushUnsubscribe, { endpoint: sub.endpoint }))).status).toBe(STATUS.NOT_FOUND);

    await b.api.call(pushUnsubscribe, { endpoint: sub.endpoint });
    expect(await rowOf(sub.endpoint)).toBeUndefined();
  });

  it('needs a login', async () => {
    const sub = fake.subscribe();
    expect((await apiFailure(t.api.call(pushSubscribe, sub))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect((await apiFailure(t.api.call(pushVapidKey, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
    expect((await apiFailure(t.api.call(pushPreferencesGet, {}))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('push/preferences', () => {
  it('starts all on, saves the switches given and keeps the others, per person', async () => {
    const [a, b] = [await person(), await person()];
    expect(await a.api.call(pushPreferencesGet, {})).toEqual({
      messages: true,
      replies: true,
      teams: true,
      subscriptions: 0,
    });
    expect(await a.api.call(pushPreferencesSave, { replies: '0' as never })).toEqual({
      messages: true,
      replies: false,
      teams: true,
    });
    await a.api.call(pushPreferencesSave, { teams: false });
    await browserOf(a);
    expect(await a.api.call(pushPreferencesGet, {})).toEqual({
      messages: true,
      replies: false,
      teams: false,
      subscriptions: 1,
    });
    expect(await b.api.call(pushPreferencesGet, {})).toEqual({
      messages: true,
      replies: true,
      teams: true,
      subscriptions: 0,
    });
    const bad = await apiFailure(a.api.call(pushPreferencesSave, { messages: 'maybe' as never }));
    expect(bad.status).toBe(STATUS.VALIDATION_FAILED);
  });
});

describe('pushes', () => {
  it('a comment on my post and a reply to my comment arrive encrypted at my browser, in zh-CN, with where to go', async () => {
    const [author, reader] = [await person(), await person()];
    const sub = await browserOf(author);
    const post = await createFreshPost(t.app.db, author.id);
    const comment = await reader.api.call(commentSave, { pid: post.id, content: '同款车，冬天续航\n确实掉得多' });
    const mine = await author.api.call(commentSave, { pid: post.id, content: '我也这么觉得' });
    await reader.api.call(commentReply, { pid: post.id, cid: mine.cid, content: '那就多预热一下电池' });
    expect(comment.cid).toBeGreaterThan(0);

    expect(await payloadsTo(sub)).toEqual([
      {
        title: `${reader.nickname}评论了你的帖子`,
        body: '同款车，冬天续航 确实掉得多',
        url: `/post/${post.id}`,
        tag: `post-${post.id}`,
      },
      {
        title: `${reader.nickname}回复了你的评论`,
        body: '那就多预热一下电池',
        url: `/post/${post.id}`,
        tag: `post-${post.id}`,
      },
    ]);
    const [push] = fake.pushesTo(sub.endpoint);
    expect(push?.vapidPublicKey).toBe((await author.api.call(pushVapidKey, {})).public_key);
    expect(push?.ttl).toBe('86400');
    expect((await rowOf(sub.endpoint))?.lastSentAt).toBeInstanceOf(Date);
  });

  it('nothing for my own comment, for a switched-off kind, or between people who blocked each other', async () => {
    const [author, reader, blocked] = [await person(), await person(), await person()];
    const sub = await browserOf(author);
    const post = await createFreshPost(t.app.db, author.id);
    await author.api.call(commentSave, { pid: post.id, content: '自己先坐个沙发' });
    await author.api.call(blockAct, { uid: blocked.id });
    await blocked.api.call(commentSave, { pid: post.id, content: '看不到我' }).catch(() => null);
    await author.api.call(pushPreferencesSave, { replies: false });
    await reader.api.call(commentSave, { pid: post.id, content: '开关关了' });
    expect(await payloadsTo(sub)).toEqual([]);

    await author.api.call(pushPreferencesSave, { replies: true });
    await reader.api.call(commentSave, { pid: post.id, content: '开关开了' });
    expect((await payloadsTo(sub)).map((p) => p.body)).toEqual(['开关开了']);
  });

  it('a private message tells who wrote, never what; the messages switch turns it off', async () => {
    const [me, friend] = [await person(), await person()];
    const sub = await browserOf(me);
    await friend.api.call(chatSend, { receiver_id: me.id, content: '周六去充电站碰头吗' });
    const [payload] = await payloadsTo(sub);
    expect(payload).toEqual({
      title: friend.nickname,
      body: '给你发来一条私信',
      url: `/messages?with=${friend.id}`,
      tag: expect.stringMatching(/^chat-\d+$/),
    });
    expect(JSON.stringify(payload)).not.toContain('充电站');

    await me.api.call(pushPreferencesSave, { messages: false });
    await friend.api.call(chatSend, { receiver_id: me.id, content: '在吗' });
    expect(await payloadsTo(sub)).toHaveLength(1);
  });

  it('team alerts: someone joins my team, my team is cancelled', async () => {
    const [creator, member, joiner] = [await person(), await person(), await person()];
    const teamId = await startTeam(creator);
    await member.api.call(respondTeam, { team_id: String(teamId), action: 'join' });
    const sub = await browserOf(member);
    await joiner.api.call(respondTeam, { team_id: String(teamId), action: 'join' });
    await creator.api.call(cancelTeam, { team_id: String(teamId) });
    // The two events are delivered apart and may be sent in either order (as push services
    // may deliver them): each must arrive once.
    const byTitle = (a: PushPayload, b: PushPayload) => a.title.localeCompare(b.title);
    expect((await payloadsTo(sub)).sort(byTitle)).toEqual(
      [
        {
          title: '车队有新成员',
          body: `${joiner.nickname}加入了车队「周末自驾去千岛湖」`,
          url: `/team/${teamId}`,
          tag: `team-${teamId}`,
        },
        {
          title: '车队已取消',
          body: `${creator.nickname}取消了车队「周末自驾去千岛湖」`,
          url: `/team/${teamId}`,
          tag: `team-${teamId}`,
        },
      ].sort(byTitle),
    );
  });

  it('a subscription the push service calls gone (410) is removed; another failure is retried once and kept', async () => {
    const [author, reader] = [await person(), await person()];
    const [gone, flaky] = [await browserOf(author), await browserOf(author)];
    fake.answer(gone.endpoint, 410);
    fake.answer(flaky.endpoint, 500);
    const post = await createFreshPost(t.app.db, author.id);
    await reader.api.call(commentSave, { pid: post.id, content: '测试推送失败' });
    await settleEvents(t.app.db);
    expect(fake.pushesTo(gone.endpoint)).toHaveLength(1);
    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(fake.pushesTo(flaky.endpoint)).toHaveLength(2);
    expect(await rowOf(flaky.endpoint)).toMatchObject({ userId: author.id, lastSentAt: null });
  });
});
