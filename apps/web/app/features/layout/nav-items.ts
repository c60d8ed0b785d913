import type { LucideIcon } from 'lucide-react';
import { Download, House, UserCheck } from 'lucide-react';
import { LAYOUT_MESSAGES } from './messages.ts';

export type NavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/**
 * Theme feeds of the desktop header (推荐 / 改装 / 颜值 / 旅行 / 特斯拉 / 经验). Only routes
 * that exist are listed; each theme feed adds itself here when its page lands.
 */
export const FEED_NAV: readonly NavItem[] = [
  { to: '/', label: LAYOUT_MESSAGES.recommend, icon: House, end: true },
  { to: '/following', label: LAYOUT_MESSAGES.following, icon: UserCheck },
];

/** Tabs of the mobile bottom bar; later pages (商城, 消息, 我的) add themselves when they exist. */
export const TAB_NAV: readonly NavItem[] = [
  { to: '/', label: LAYOUT_MESSAGES.home, icon: House, end: true },
  { to: '/download', label: LAYOUT_MESSAGES.install, icon: Download },
];
