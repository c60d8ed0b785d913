import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The VIP crown beside an author's name in lists (post cards, the post's author row,
 * comments): its code loads apart, only when a member's name is on the page, so pages
 * full of names (a profile at its budget) carry nothing for it up front.
 */
export const LazyVipBadge = lazyComponent(() => import('./vip-badge.tsx').then((module) => module.VipBadge));
