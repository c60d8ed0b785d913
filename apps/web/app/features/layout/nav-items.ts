import type { PostTheme } from '@evcircle/contract/client';
import type { LucideIcon } from 'lucide-react';
import { Car, Download, House, Lightbulb, Route, ShoppingBag, Sparkles, UserCheck, Wrench } from 'lucide-react';
import { THEME_PAGES } from '~/features/posts/index.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

/** Which unread total of the live connection a nav item's badge shows. */
export type UnreadKind = 'messages' | 'notifications';

export type NavItem = {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean;
  /** Other pages that belong to this item (path prefixes), e.g. a product to the shop. */
  alsoFor?: readonly string[];
  /** A badge with this unread total (logged-in viewers only: these items are theirs alone). */
  badge?: UnreadKind;
};

/** Whether the page at `pathname` belongs to `item` (its own path, under it, or `alsoFor`). */
export function isNavActive(item: NavItem, pathname: string): boolean {
  const under = (base: string) => pathname === base || pathname.startsWith(base.endsWith('/') ? base : `${base}/`);
  if (item.end ? pathname === item.to : under(item.to)) return true;
  return (item.alsoFor ?? []).some(under);
}

const THEME_ICONS: Record<PostTheme, LucideIcon> = {
  mod: Wrench,
  beauty: Sparkles,
  travel: Route,
  tesla: Car,
  exp: Lightbulb,
};

/** The feeds of the header (推荐 / 关注 / 改装 / 颜值 / 旅行 / 特斯拉 / 经验); a strip on phones. */
export const FEED_NAV: readonly NavItem[] = [
  { to: '/', label: LAYOUT_MESSAGES.recommend, icon: House, end: true },
  { to: '/following', label: LAYOUT_MESSAGES.following, icon: UserCheck },
  ...THEME_PAGES.map((page) => ({ to: page.path, label: page.label, icon: THEME_ICONS[page.theme] })),
];

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
