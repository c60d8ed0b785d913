import { lazyComponent } from '~/lib/lazy-component.ts';

/** Only a missing team's visitors need it (team-not-found.tsx): loaded beside that page. */
export const TeamNotFound = lazyComponent(() => import('./team-not-found.tsx').then((module) => module.TeamNotFound));
