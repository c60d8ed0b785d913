import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The layout check and the mobile preload (shell-effects.tsx) start once their code is
 * there, after the page: neither changes what the page first shows.
 */
export const ShellEffects = lazyComponent(() => import('./shell-effects.tsx').then((module) => module.ShellEffects));
