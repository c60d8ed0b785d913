import { lazyComponent } from '~/lib/lazy-component.ts';

/** The 404 of an invite code (invite-not-found.tsx): its code loads only on such a page. */
export const InviteNotFound = lazyComponent(() =>
  import('./invite-not-found.tsx').then((module) => module.InviteNotFound),
);
