// The chat feature's public face: the /messages page (conversations beside the open
// conversation) and 分享到私信, the sheet the post and product pages open (loaded then);
// and for the team chat (features/teams), the parts of a conversation it shares: the
// message list (useMessageList: history, live messages, sends, catch-up, reading), its
// rows and scrolling, the composer and the image viewer.
export { Composer } from './composer.tsx';
export { ImageViewer } from './image-viewer.tsx';
export { ShareSheets, type ShareSheetsProps } from './lazy-share-sheets.tsx';
export { chatRows, HistorySkeleton, MessageList, OpenFailed } from './message-rows.tsx';
export { CHAT_MESSAGES } from './messages.ts';
export { MessagesView } from './messages-view.tsx';
export { useChatScroll } from './use-chat-scroll.ts';
export { useDocumentVisible } from './use-document-visible.ts';
export { CHAT_PAGE_SIZE, type HistoryPage, useMessageList } from './use-message-list.ts';
