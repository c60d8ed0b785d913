// The chat feature's public face: the /messages page (conversations beside the open
// conversation) and 分享到私信, the sheet the post and product pages open (loaded then).
export { ShareSheets, type ShareSheetsProps } from './lazy-share-sheets.tsx';
export { CHAT_MESSAGES } from './messages.ts';
export { MessagesView } from './messages-view.tsx';
