import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The settings page's blacklist (people rows, 取消拉黑, paging), below its first screen:
 * its code loads beside the page, while the server's HTML already shows it.
 */
export const BlockedList = lazyComponent(() => import('./blocked-list.tsx').then((module) => module.BlockedList));
