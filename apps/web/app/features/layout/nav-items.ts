import type { LucideIcon } from 'lucide-react';
import { Download, House, ShoppingBag } from 'lucide-react';
import { THEME_PAGES } from '~/features/posts/index.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

/** Which unread total of the live connection a nav item's badge shows. */
export type UnreadKind = 'messages' | 'notifications';

/** A link of the header's strip: words only (the feeds, 附近). */
export type NavLinkItem = {
  to: string;
  label: string;
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean;
  /** Other pages that belong to this item (path prefixes), e.g. a product to the shop. */
  alsoFor?: readonly string[];
  /** A badge with this unread total (logged-in viewers only: these items are theirs alone). */
  badge?: UnreadKind;
};

/** A tab of the phone's bottom bar or an inbox of the header: drawn with its icon. */
export type NavItem = NavLinkItem & { icon: LucideIcon };

/** Whether the page at `pathname` belongs to `item` (its own path, under it, or `alsoFor`). */
export function isNavActive(item: NavLinkItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
  if (item.end ? pathname === item.to : under(item.to)) return true;
  return (item.alsoFor ?? []).some(under);
}

/**
 * 附近: the people, teams and posts around the viewer (/nearby, with /radar, /near and the
 * team pages under it). On phones a word of the strip beside 关注, as community apps put
 * it; on desktop an icon of the header (the feeds and 商城 fill its row at 1280 px).
 */
export const NEARBY_NAV: NavLinkItem = {
  to: '/nearby',
  label: LAYOUT_MESSAGES.nearby,
  alsoFor: ['/radar', '/near', '/team/', '/test-team-creation'],
};

/**
 * The feeds of the header (推荐 / 关注 / 改装 / 颜值 / 旅行 / 特斯拉 / 经验). Words only: icons
 * here were in every page's first load and drawn nowhere.
 */
export const FEED_NAV: readonly NavLinkItem[] = [
  { to: '/', label: LAYOUT_MESSAGES.recommend, end: true },
  { to: '/following', label: LAYOUT_MESSAGES.following },
  ...THEME_PAGES.map((page) => ({ to: page.path, label: page.label })),
];

/** The phone's strip under the logo: the feeds, with 附近 after 关注. */
export const STRIP_NAV: readonly NavLinkItem[] = [...FEED_NAV.slice(0, 2), NEARBY_NAV, ...FEED_NAV.slice(2)];

/** The shop: after the feeds in the desktop header, a tab of its own on phones. */
export const SHOP_NAV: NavItem = {
  to: '/shop',
  label: LAYOUT_MESSAGES.shop,
  icon: ShoppingBag,
  alsoFor: ['/product/', '/cart'],
};

/** The bottom bar's first tabs, before 发布 in the middle (the 我的 tab closes the bar). */
export const LEADING_TABS: readonly NavItem[] = [
  { to: '/', label: LAYOUT_MESSAGES.home, icon: House, end: true },
  SHOP_NAV,
];

/**
 * A visitor's tab after 发布. A logged-in viewer has their inboxes there instead (消息,
 * 通知: inbox-nav.ts) — an app pitch is for someone who has no account yet.
 */
export const INSTALL_TAB: NavItem = { to: '/download', label: LAYOUT_MESSAGES.install, icon: Download };
