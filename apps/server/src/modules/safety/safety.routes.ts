import { blockAct, blockCheck, blockList, reportQueue, reportResolve, reportSave } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { loggedInId } from '../users/logged-in.ts';
import { hasBlocked, listBlocked, toggleBlock } from './blocks.service.ts';
import { resolveReport } from './moderation.service.ts';
import { listReportQueue, requireAdmin, saveReport } from './reports.service.ts';

/** Blocks, reports, and the moderation queue (admins). */
export async function safetyRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, blockAct, async ({ uid }, { viewer }) => {
    const { isblock } = await toggleBlock(app.db, loggedInId(viewer), uid);
    return { isblock: isblock ? 1 : 0 };
  });

  registerEndpoint(app, blockCheck, async ({ uid }, { viewer }) => ({
    isblock: viewer && (await hasBlocked(app.db, viewer.id, uid)) ? 1 : 0,
  }));

  registerEndpoint(app, blockList, ({ page, size }, { viewer }) =>
    listBlocked(app.db, loggedInId(viewer), { page, size }),
  );

  registerEndpoint(app, reportSave, async (input, { viewer }) => {
    await saveReport(app.db, loggedInId(viewer), input);
    return { result: true };
  });

  registerEndpoint(app, reportQueue, ({ status, page, size }, { viewer }) => {
    requireAdmin(viewer);
    return listReportQueue(app.db, { status, page, size });
  });

  registerEndpoint(app, reportResolve, async ({ id, action }, { viewer }) => {
    requireAdmin(viewer);
    await resolveReport(app.db, loggedInId(viewer), { id, action });
    return { result: true };
  });
}
