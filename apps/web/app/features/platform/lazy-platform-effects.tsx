import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The page-wide chores (platform-effects.tsx) start once their code is there, just after
 * the page: none of them changes what the page first shows.
 */
export const PlatformEffects = lazyComponent(() =>
  import('./platform-effects.tsx').then((module) => module.PlatformEffects),
);
