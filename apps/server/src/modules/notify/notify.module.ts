import { notifyInteraction, notifyPager, notifySysPager, notifyTeam, REALTIME_EVENTS } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import * as tables from './notify.tables.ts';
import { listNotifications, unreadCounts } from './notify-reads.ts';
import { notifySubscriptions } from './notify-sources.ts';

/** Notifications: made from other modules' events, collapsed, live over /realtime. */
export const notifyModule = defineModule({
  name: 'notify',
  tables,
  endpoints: (app) => [
    serve(notifyPager, ({ action, idx, size }, { viewer }) =>
      listNotifications(app.db, viewer.id, { category: 'interaction', action, page: idx, size }),
    ),
    serve(notifySysPager, ({ type, idx, size }, { viewer }) =>
      listNotifications(app.db, viewer.id, { category: 'system', action: type, page: idx, size }),
    ),
    serve(notifyInteraction, async ({ idx, size }, { viewer }) => {
      const [page, unread] = await Promise.all([
        listNotifications(app.db, viewer.id, { category: 'interaction', page: idx, size }),
        unreadCounts(app.db, viewer.id),
      ]);
      return { ...page, unread };
    }),
    serve(notifyTeam, async ({ idx, size }, { viewer }) => {
      const [page, unread] = await Promise.all([
        listNotifications(app.db, viewer.id, { category: 'team', page: idx, size }),
        unreadCounts(app.db, viewer.id),
      ]);
      return { ...page, unread };
    }),
  ],
  events: notifySubscriptions,
  routes: async (app) => {
    // Every logged-in socket learns the counts at once (then on every change).
    app.realtime.onUserSocket((socket) => {
      unreadCounts(app.db, socket.data.userId).then(
        (unread) => socket.emit(REALTIME_EVENTS.notifyUnread, unread),
        (err: unknown) => app.log.warn({ err }, 'notify: could not count unread notifications for a socket'),
      );
    });
  },
});
