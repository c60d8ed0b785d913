import {
  followAct,
  likeAct,
  type Notification,
  NotificationSchema,
  type NotifyUnread,
  notifyPager,
  REALTIME_EVENTS,
} from '@evcircle/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { createPost } from '../../../test/factories/posts.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { received, useListeningTestApp } from '../../../test/sockets.ts';
import { markNotificationsRead } from './index.ts';

const server = useListeningTestApp();

/** A person's socket and what it received (live arrays), recorded from before it connected. */
type Listening = { socket: Socket; news: Notification[]; unread: NotifyUnread[] };

async function listen(p: Person): Promise<Listening> {
  const inbox = await server.open(p.token);
  return {
    socket: inbox.socket,
    news: received<Notification>(inbox, REALTIME_EVENTS.notification),
    unread: received<NotifyUnread>(inbox, REALTIME_EVENTS.notifyUnread),
  };
}

const soon = { timeout: 5000, interval: 25 };

describe('notifications over /realtime', () => {
  it('push the counts on connect, then each new notification and the new counts', async () => {
    const author = await newPerson(server.t);
    const fan = await newPerson(server.t, { nickname: '小张' });
    const post = await createPost(server.t.app.db, { userId: author.id, content: '新车提车啦' });
    const live = await listen(author);
    try {
      await vi.waitFor(() => expect(live.unread).toHaveLength(1), soon);
      expect(live.unread[0]).toMatchObject({ total: 0, like: 0 });

      await fan.api.call(likeAct, { pid: post.id });
      await vi.waitFor(() => expect(live.news).toHaveLength(1), soon);
      const [n] = live.news;
      expect(NotificationSchema.strict().parse(n)).toEqual(n);
      expect(n).toMatchObject({ text: '小张赞了你的帖子', post_id: post.id, actor_count: 1 });
      await vi.waitFor(() => expect(live.unread.at(-1)).toMatchObject({ interaction: 1, like: 1, total: 1 }), soon);

      // Unlike and like again: still one actor, nothing new pushed. Then the author's own
      // like of their post: nothing either. A later follow proves the pushes got this far.
      await fan.api.call(likeAct, { pid: post.id });
      await fan.api.call(likeAct, { pid: post.id });
      await author.api.call(likeAct, { pid: post.id });
      await fan.api.call(followAct, { uid: author.id });
      await vi.waitFor(() => expect(live.news).toHaveLength(2), soon);
      expect(live.news[1]).toMatchObject({ action: 'follow', text: '小张关注了你' });
      const [stored] = (await author.api.call(notifyPager, { action: 'like' })).items;
      expect(stored?.actor_count).toBe(1);

      // Marking read pushes the counts again.
      const pushes = live.unread.length;
      await markNotificationsRead(server.t.app.db, author.id, 'interaction');
      await vi.waitFor(() => expect(live.unread.length).toBeGreaterThan(pushes), soon);
      expect(live.unread.at(-1)).toMatchObject({ interaction: 0, total: 0 });
    } finally {
      live.socket.disconnect();
    }
  });

  it('push nothing to the liker, nor for a self-like', async () => {
    const me = await newPerson(server.t);
    const other = await newPerson(server.t);
    const post = await createPost(server.t.app.db, { userId: other.id });
    const mine = await createPost(server.t.app.db, { userId: me.id });
    const live = await listen(me);
    const witness = await listen(other);
    try {
      await vi.waitFor(() => expect(live.unread).toHaveLength(1), soon);
      await me.api.call(likeAct, { pid: mine.id });
      await me.api.call(likeAct, { pid: post.id });
      // The other person's push shows the events were handled.
      await vi.waitFor(() => expect(witness.news).toHaveLength(1), soon);
      expect(live.news).toEqual([]);
      expect(live.unread).toHaveLength(1);
    } finally {
      live.socket.disconnect();
      witness.socket.disconnect();
    }
  });
});
