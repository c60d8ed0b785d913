// The reports feature's public face: the 更多 menu of posts, comments and profiles (举报,
// 拉黑, 删除) and the moderation queue of /admin/reports.
export { ContentMenu } from './content-menu.tsx';
export { REPORTS_MESSAGES } from './messages.ts';
export { QUEUE_STATUSES, type QueueStatus, ReportQueue } from './report-queue.tsx';
