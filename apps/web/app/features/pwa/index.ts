// The PWA feature's public face (issue 21): the lazily loaded page-wide chores (service
// worker, offline feed, install bar), the settings section for push notifications, the
// install offer the /download page uses, and the wording.
import { lazyComponent } from '~/lib/lazy-component.ts';

export { isIosSafari, promptInstall, useCanPromptInstall } from './install-prompt.ts';
export { PWA_MESSAGES } from './messages.ts';

/** Service worker, account guard, offline feed, install bar: after the page, never in its first load. */
export const PwaEffects = lazyComponent(() => import('./pwa-effects.tsx').then((module) => module.PwaEffects));

/** Settings › 推送通知 (its code loads with the section). */
export const PushSettings = lazyComponent(() => import('./push-settings.tsx').then((module) => module.PushSettings));
