import { lazyComponent } from '~/lib/lazy-component.ts';

/** 取消拉黑 (unblock-button.tsx) loads on the profiles of people the viewer blocked, not with every profile. */
export const UnblockButton = lazyComponent(() => import('./unblock-button.tsx').then((module) => module.UnblockButton));
