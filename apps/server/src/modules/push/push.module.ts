import {
  pushPreferencesGet,
  pushPreferencesSave,
  pushSubscribe,
  pushUnsubscribe,
  pushVapidKey,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { describePreferences, loadVapidDetails, savePreferences, subscribe, unsubscribe } from './push.service.ts';
import * as tables from './push.tables.ts';
import { registerPushSender, vapidPublicKeyOf } from './push-delivery.ts';
import { pushSubscriptionsOfEvents } from './push-sources.ts';

/** Web Push: browsers' subscriptions and switches; pushes made from other modules' events. */
export const pushModule = defineModule({
  name: 'push',
  tables,
  endpoints: (app) => [
    serve(pushVapidKey, () => ({ public_key: vapidPublicKeyOf(app.db) })),
    serve(pushSubscribe, async (input, { viewer }) => {
      await subscribe(app.db, viewer.id, input);
      return { result: true };
    }),
    serve(pushUnsubscribe, async ({ endpoint }, { viewer }) => {
      await unsubscribe(app.db, viewer.id, endpoint);
      return { result: true };
    }),
    serve(pushPreferencesGet, (_query, { viewer }) => describePreferences(app.db, viewer.id)),
    serve(pushPreferencesSave, (changes, { viewer }) => savePreferences(app.db, viewer.id, changes)),
  ],
  events: pushSubscriptionsOfEvents,
  routes: async (app) => {
    // Configured keys, or the pair the first process stored (generated here when none is).
    const vapid = await loadVapidDetails(app.db, app.config);
    registerPushSender(app.db, { provider: app.push, vapid, log: app.log });
  },
});
