import { lazyComponent } from '~/lib/lazy-component.ts';

export type { ShareSheetsProps } from './share-sheets.tsx';

/**
 * The share sheet of a post or a product with 分享到私信 (share-sheets.tsx): its code
 * loads when it is first rendered, which the pages do when something is first shared,
 * so they carry nothing of it (nor of chat) until then.
 */
export const ShareSheets = lazyComponent(() => import('./share-sheets.tsx').then((module) => module.ShareSheets));
