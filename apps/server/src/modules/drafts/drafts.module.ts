import { draftCount, draftDelete, draftInfo, draftPager, draftRelease } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { countDrafts, deleteDraft, getDraft, listDrafts, saveDraft } from './drafts.service.ts';
import * as tables from './drafts.tables.ts';

/** Drafts (SPEC.md §7): only their owner ever saves, reads or deletes them. */
export const draftsModule = defineModule({
  name: 'drafts',
  tables,
  endpoints: (app) => [
    serve(draftRelease, async (input, { viewer }) => {
      const { did } = await saveDraft(app.db, viewer.id, input);
      return { did, result: true };
    }),
    serve(draftPager, ({ idx, size }, { viewer }) => listDrafts(app.db, viewer.id, { page: idx, size })),
    serve(draftInfo, ({ did }, { viewer }) => getDraft(app.db, viewer.id, did)),
    serve(draftDelete, async ({ did }, { viewer }) => {
      await deleteDraft(app.db, viewer.id, did);
      return { result: true };
    }),
    serve(draftCount, async (_input, { viewer }) => ({ count: await countDrafts(app.db, viewer.id) })),
  ],
  events: {
    // Publishing a draft removes it in the post's transaction (DRAFT_NOT_FOUND rolls the post back).
    'post.created': {
      inTransaction: async ({ userId, draftId }, tx) => {
        if (draftId !== null) await deleteDraft(tx, userId, draftId);
      },
    },
  },
});
