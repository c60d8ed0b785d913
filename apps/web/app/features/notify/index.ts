// The notify feature's public face: the /notification page (its loader and its view).
// The header's 通知 badge is the layout's; the live counts and events are the realtime feature's.
export { NOTIFY_MESSAGES } from './messages.ts';
export { NotificationCenter } from './notification-center.tsx';
export { loadNotifyPage, type NotifyPageData } from './notify-page.ts';
