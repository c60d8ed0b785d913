import { draftCount, draftDelete, draftInfo, draftPager, draftRelease } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { loggedInId } from '../users/logged-in.ts';
import { countDrafts, deleteDraft, getDraft, listDrafts, saveDraft } from './drafts.service.ts';

/** Drafts (SPEC.md §7): only their owner ever saves, reads or deletes them. */
export async function draftsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, draftRelease, async (input, { viewer }) => {
    const { did } = await saveDraft(app.db, loggedInId(viewer), input);
    return { did, result: true };
  });

  registerEndpoint(app, draftPager, ({ idx, size }, { viewer }) =>
    listDrafts(app.db, loggedInId(viewer), { page: idx, size }),
  );

  registerEndpoint(app, draftInfo, ({ did }, { viewer }) => getDraft(app.db, loggedInId(viewer), did));

  registerEndpoint(app, draftDelete, async ({ did }, { viewer }) => {
    await deleteDraft(app.db, loggedInId(viewer), did);
    return { result: true };
  });

  registerEndpoint(app, draftCount, async (_input, { viewer }) => ({
    count: await countDrafts(app.db, loggedInId(viewer)),
  }));
}
