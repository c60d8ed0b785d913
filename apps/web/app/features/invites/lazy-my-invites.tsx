import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The settings page's invite section (my link, whom I invited), below its first screen:
 * its code loads beside the page, while the server's HTML already shows it.
 */
export const MyInvitesSection = lazyComponent(() =>
  import('./my-invites.tsx').then((module) => module.MyInvitesSection),
);
