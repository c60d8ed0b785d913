import { Bell, MessageCircleMore } from 'lucide-react';
import { LAYOUT_MESSAGES } from './messages.ts';
import type { NavItem } from './nav-items.ts';

/** 消息 (private chats) with the unread message count. */
export const MESSAGES_NAV: NavItem = {
  to: '/messages',
  label: LAYOUT_MESSAGES.messages,
  icon: MessageCircleMore,
  badge: 'messages',
};

/** 通知 (likes, comments, follows, notices) with the unread notification count. */
export const NOTIFY_NAV: NavItem = {
  to: '/notification',
  label: LAYOUT_MESSAGES.notifications,
  icon: Bell,
  badge: 'notifications',
};

/**
 * The logged-in viewer's inboxes: icons in the desktop header, tabs after 发布 on phones.
 * Their code (icons, links, badges) loads after the page, for logged-in viewers only
 * (lazy-inbox.tsx).
 */
export const INBOX_NAV: readonly NavItem[] = [MESSAGES_NAV, NOTIFY_NAV];
