// The notify module's public face: its descriptor, and marking notifications read (the
// chat module's mark-as-read serves the notification lists too).
import './notify.events.ts';

export { notifyModule } from './notify.module.ts';
export { markNotificationsRead } from './notify.service.ts';
