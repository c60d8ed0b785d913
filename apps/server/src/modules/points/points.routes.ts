import { checkin, integral, integralInfo } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { checkIn, pointsLedgerPage, pointsSummary, toIntegralEntry } from './points.service.ts';

/** The viewer's points (integral): balance, ledger and daily check-in. */
export async function pointsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, integral, (_input, { viewer }) => pointsSummary(app.db, viewer!.id, new Date()));

  registerEndpoint(app, integralInfo, async ({ page, size }, { viewer }) =>
    (await pointsLedgerPage(app.db, viewer!.id, page, size)).map(toIntegralEntry),
  );

  registerEndpoint(app, checkin, (_input, { viewer }) => checkIn(app.db, viewer!.id, new Date()));
}
