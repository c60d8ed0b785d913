import { checkin, integral, integralInfo, POINTS } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { checkIn, grantPoints, pointsLedgerPage, pointsSummary, toIntegralEntry } from './points.service.ts';
import * as tables from './points.tables.ts';

/** The viewer's points (integral): balance, ledger and daily check-in, and the sign-up and invite grants. */
export const pointsModule = defineModule({
  name: 'points',
  tables,
  endpoints: (app) => [
    serve(integral, (_input, { viewer }) => pointsSummary(app.db, viewer.id, new Date())),
    serve(integralInfo, async ({ page, size }, { viewer }) =>
      (await pointsLedgerPage(app.db, viewer.id, page, size)).map(toIntegralEntry),
    ),
    serve(checkin, (_input, { viewer }) => checkIn(app.db, viewer.id, new Date())),
  ],
  events: {
    // In the sign-up's transaction: an account never exists without its points.
    'account.created': {
      inTransaction: async ({ userId, invitedBy }, tx) => {
        await grantPoints(tx, userId, POINTS.signup, 'signup', 'signup');
        if (invitedBy !== null) {
          // Refs make each grant once-only: the newcomer is invited once, the inviter paid once per newcomer.
          await grantPoints(tx, userId, POINTS.invitee, 'invited', `by:${invitedBy}`);
          await grantPoints(tx, invitedBy, POINTS.inviter, 'invite', `user:${userId}`);
        }
      },
    },
  },
});
