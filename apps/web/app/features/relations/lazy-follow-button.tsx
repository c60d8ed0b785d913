import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';

/**
 * 关注 (follow-button.tsx) on a post or a profile: the server's HTML shows it as it is,
 * and its code (the toggle, the login prompt, its states' icons) loads beside the page.
 * Give it the same props across the page's renders (a stable `onChange`) so that HTML
 * stays until then (lazyComponent). Drawn in the browser first (a post modal), its place
 * is kept meanwhile.
 */
export const FollowButton = lazyComponent(
  () => import('./follow-button.tsx').then((module) => module.FollowButton),
  ({ size, className }) => (
    <span
      aria-hidden="true"
      className={cn('inline-block shrink-0', size === 'sm' ? 'h-8 min-w-[4.5rem]' : 'h-10 min-w-24', className)}
    />
  ),
);
