import type { Notification } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { emptyKeyOf, isInView, notifyHref, parseNotifyView, unreadOf, withFetched, withLive } from './notify-rules.ts';

function notification(id: number, fields: Partial<Notification> = {}): Notification {
  return {
    id,
    category: 'interaction',
    action: 'like',
    actors: [],
    actor_count: 1,
    text: '张三赞了你的帖子',
    title: '',
    content: '',
    post_id: 1,
    post_excerpt: '',
    comment_id: 0,
    link: '/post/1',
    is_read: false,
    updated_at: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('the view in the address', () => {
  it('reads a tab and its chip, and writes them back', () => {
    for (const href of ['/notification', '/notification?filter=like', '/notification?tab=system&filter=notice']) {
      const view = parseNotifyView(new URL(href, 'http://x').searchParams);
      expect(notifyHref(view)).toBe(href);
    }
    expect(parseNotifyView(new URLSearchParams('tab=team'))).toEqual({ tab: 'team', filter: null });
  });

  it('falls back to 互动 · 全部, and drops a chip of another tab', () => {
    expect(parseNotifyView(new URLSearchParams('tab=nope&filter=like'))).toEqual({
      tab: 'interaction',
      filter: 'like',
    });
    expect(parseNotifyView(new URLSearchParams('tab=system&filter=like'))).toEqual({ tab: 'system', filter: null });
    expect(parseNotifyView(new URLSearchParams('tab=team&filter=notice'))).toEqual({ tab: 'team', filter: null });
  });
});

describe('a notification pushed live', () => {
  it('belongs to its tab, and under a chip to that kind only', () => {
    const like = notification(1);
    expect(isInView({ tab: 'interaction', filter: null }, like)).toBe(true);
    expect(isInView({ tab: 'interaction', filter: 'like' }, like)).toBe(true);
    expect(isInView({ tab: 'interaction', filter: 'follow' }, like)).toBe(false);
    expect(isInView({ tab: 'system', filter: null }, like)).toBe(false);
    const notice = notification(2, { category: 'system', action: 'moderation' });
    expect(isInView({ tab: 'system', filter: 'moderation' }, notice)).toBe(true);
    expect(isInView({ tab: 'system', filter: 'notice' }, notice)).toBe(false);
  });

  it('goes on top; one that gathered another actor replaces its row', () => {
    const list = [notification(3), notification(2), notification(1)];
    expect(withLive(list, notification(4)).map((n) => n.id)).toEqual([4, 3, 2, 1]);
    const collapsed = notification(2, { actor_count: 3, text: '李四等 3 人赞了你的帖子' });
    const next = withLive(list, collapsed);
    expect(next.map((n) => n.id)).toEqual([2, 3, 1]);
    expect(next[0]?.text).toBe('李四等 3 人赞了你的帖子');
  });
});

describe('the first page fetched again (withFetched)', () => {
  const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`;

  it('adds what was missed, takes the server’s read state, keeps a newer push and the later pages', () => {
    const shown = [
      notification(5, { updated_at: at(30), actor_count: 2 }), // pushed while the fetch was on its way
      notification(3, { updated_at: at(10) }),
      notification(1, { updated_at: at(5) }), // a later page
    ];
    const fetched = [
      notification(5, { updated_at: at(20), actor_count: 1 }),
      notification(4, { updated_at: at(15) }), // sent before the connection was up
      notification(3, { updated_at: at(10), is_read: true }), // read on another device
    ];
    const next = withFetched(shown, fetched);
    expect(next.map((n) => n.id)).toEqual([5, 4, 3, 1]);
    expect(next[0]?.actor_count).toBe(2);
    expect(next[2]?.is_read).toBe(true);
  });
});

describe('counts and empty states', () => {
  const counts = { interaction: 4, system: 1, team: 0, like: 3, comment: 1, reply: 0, follow: 0, mention: 0, total: 5 };

  it('a tab counts its list, an interaction chip its action; nothing before any count', () => {
    expect(unreadOf(counts, 'interaction')).toBe(4);
    expect(unreadOf(counts, 'interaction', 'like')).toBe(3);
    expect(unreadOf(counts, 'team')).toBe(0);
    expect(unreadOf(null, 'system')).toBeNull();
  });

  it('a chip has its own empty state, otherwise the tab has', () => {
    expect(emptyKeyOf({ tab: 'interaction', filter: 'reply' })).toBe('reply');
    expect(emptyKeyOf({ tab: 'system', filter: null })).toBe('system');
    expect(emptyKeyOf({ tab: 'team', filter: null })).toBe('team');
  });
});
