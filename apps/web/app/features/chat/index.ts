// The chat feature's public face: the /messages page (conversations beside the open
// conversation) and 分享到私信, the sheet the post and product pages open (loaded then);
// and for the team chat (features/teams), the parts of a conversation it shares: the
// composer, a message's content, the image viewer and the message and time rules.
export { mergeMessages, newClientMsgId } from './chat-rules.ts';
export { clockTime, dayLabel, isSameChinaDay } from './chat-time.ts';
export { Composer } from './composer.tsx';
export { ImageViewer } from './image-viewer.tsx';
export { ShareSheets, type ShareSheetsProps } from './lazy-share-sheets.tsx';
export { type BubbleContent, MessageContent } from './message-content.tsx';
export { CHAT_MESSAGES } from './messages.ts';
export { MessagesView } from './messages-view.tsx';
export { useDocumentVisible } from './use-document-visible.ts';
