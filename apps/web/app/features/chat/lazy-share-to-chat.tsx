import { lazyDialog } from '~/lib/lazy-component.ts';

export type { ChatShareTarget, ShareToChatSheetProps } from './share-to-chat-sheet.tsx';

/**
 * 分享到私信 (share-to-chat-sheet.tsx), whose code loads when it is first opened.
 */
export const ShareToChatSheet = lazyDialog(
  () => import('./share-to-chat-sheet.tsx').then((module) => module.ShareToChatSheet),
  (props) => props.open,
);
