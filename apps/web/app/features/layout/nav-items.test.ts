import { describe, expect, it } from 'vitest';
import { INBOX_NAV, NOTIFY_NAV } from './inbox-nav.ts';
import { FEED_NAV, INSTALL_TAB, isNavActive, LEADING_TABS, SHOP_NAV } from './nav-items.ts';

describe('isNavActive', () => {
  const home = FEED_NAV[0];

  it('the shop covers its categories, its products and the cart', () => {
    for (const path of ['/shop', '/shop/category/3/12', '/product/5', '/cart']) {
      expect(isNavActive(SHOP_NAV, path), path).toBe(true);
    }
    for (const path of ['/', '/shopping', '/post/5', '/products'])
      expect(isNavActive(SHOP_NAV, path), path).toBe(false);
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
