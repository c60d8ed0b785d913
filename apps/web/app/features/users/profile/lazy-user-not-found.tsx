import { lazyComponent } from '~/lib/lazy-component.ts';

/** The 404 of a profile (user-not-found.tsx): its code loads only on such a page, not with every profile. */
export const UserNotFound = lazyComponent(() => import('./user-not-found.tsx').then((module) => module.UserNotFound));
