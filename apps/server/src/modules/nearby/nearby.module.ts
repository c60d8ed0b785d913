import {
  activeUsers,
  geoPosts,
  nearbyPeople,
  radarUsers,
  reportLocation,
  updateVisibility,
  userOnlineStatus,
  visibilityStatus,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { listGeoPosts } from './geo-posts.service.ts';
import * as tables from './nearby.tables.ts';
import { activeUsers as listActiveUsers, radarUsers as listRadarUsers, nearbyPeoplePage } from './people.service.ts';
import {
  deleteNearbyOf,
  onlineStatus,
  reportLocation as report,
  setVisibility,
  trackPresence,
  visibilityOf,
} from './presence.service.ts';

/**
 * People, positions, visibility, presence and posts with a place (SPEC.md §7 "Nearby and
 * teams"; the privacy rules are docs/decisions/0016-nearby-privacy.md).
 */
export const nearbyModule = defineModule({
  name: 'nearby',
  tables,
  endpoints: (app) => [
    serve(reportLocation, (input, { viewer }) => report(app.db, viewer.id, input)),
    serve(activeUsers, (query, { viewer }) => listActiveUsers(app.db, viewer.id, query)),
    serve(visibilityStatus, (_query, { viewer }) => visibilityOf(app.db, viewer.id)),
    serve(updateVisibility, ({ is_invisible }, { viewer }) => setVisibility(app.db, viewer.id, is_invisible)),
    serve(userOnlineStatus, ({ uid }, { viewer }) => onlineStatus(app.db, viewer.id, uid)),
    serve(radarUsers, (query, { viewer }) => listRadarUsers(app.db, viewer.id, query)),
    serve(nearbyPeople, (query, { viewer }) => nearbyPeoplePage(app.db, viewer.id, query)),
    serve(geoPosts, (query, { viewer }) => listGeoPosts(app.db, viewer?.id ?? null, query)),
  ],
  routes: async (app) => {
    const presence = trackPresence(app.db, app.log);
    app.realtime.onUserSocket((socket) => presence.socket(socket));
    app.addHook('preClose', () => presence.stop());
  },
  events: {
    'account.deleted': { inTransaction: ({ userId }, tx) => deleteNearbyOf(tx, userId) },
  },
});
