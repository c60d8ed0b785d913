import { describe, expect, it } from 'vitest';
import { INBOX_NAV, NOTIFY_NAV } from './inbox-nav.ts';
import { FEED_NAV, INSTALL_TAB, isNavActive, LEADING_TABS, NEARBY_NAV, SHOP_NAV, STRIP_NAV } from './nav-items.ts';

describe('isNavActive', () => {
  const home = FEED_NAV[0];

  it('the shop covers its categories, its products and the cart', () => {
    for (const path of ['/shop', '/shop/category/3/12', '/product/5', '/cart']) {
      expect(isNavActive(SHOP_NAV, path), path).toBe(true);
    }
    for (const path of ['/', '/shopping', '/post/5', '/products'])
      expect(isNavActive(SHOP_NAV, path), path).toBe(false);
  });

  it('附近 sits beside 关注 on phones and covers the radar, the geo posts and the team pages', () => {
    expect(STRIP_NAV.map((item) => item.label)).toEqual([
      '推荐',
      '关注',
      '附近',
      ...FEED_NAV.slice(2).map((i) => i.label),
    ]);
    for (const path of ['/nearby', '/radar', '/near', '/team/12', '/test-team-creation']) {
      expect(isNavActive(NEARBY_NAV, path), path).toBe(true);
    }
    for (const path of ['/', '/nearbyx', '/teams', '/user/5']) expect(isNavActive(NEARBY_NAV, path), path).toBe(false);
  });

  it('an `end` item is active on its own path only', () => {
    expect(home && isNavActive(home, '/')).toBe(true);
    expect(home && isNavActive(home, '/shop')).toBe(false);
  });
});

describe('the inboxes (消息, 通知)', () => {
  it('lead to /messages and /notification, each with its own unread badge', () => {
    expect(INBOX_NAV.map((item) => [item.to, item.label, item.badge])).toEqual([
      ['/messages', '消息', 'messages'],
      ['/notification', '通知', 'notifications'],
    ]);
    expect(isNavActive(NOTIFY_NAV, '/notification')).toBe(true);
    expect(isNavActive(NOTIFY_NAV, '/notifications')).toBe(false);
  });

  it('alone carry a badge: no other tab or link of the bars has one', () => {
    expect([...LEADING_TABS, INSTALL_TAB].map((item) => item.label)).toEqual(['首页', '商城', '安装']);
    expect([...LEADING_TABS, INSTALL_TAB, ...FEED_NAV, SHOP_NAV].some((item) => item.badge)).toBe(false);
  });
});
