import { describe, expect, it } from 'vitest';
import { FEED_NAV, isNavActive, SHOP_NAV } from './nav-items.ts';

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
