import { commentDelete, commentPager, commentReply, commentSave, replyPager } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { deleteComment, listComments, listReplies, replyComment, saveComment } from './comments.service.ts';
import * as tables from './comments.tables.ts';

/** Comments and replies on posts: lists, writing, deleting, and likes of comments. */
export const commentsModule = defineModule({
  name: 'comments',
  tables,
  endpoints: (app) => [
    serve(commentPager, ({ pid, page, size }, { viewer }) =>
      listComments(app.db, pid, { page, size }, viewer?.id ?? null),
    ),
    serve(replyPager, ({ cid, page, size }, { viewer }) =>
      listReplies(app.db, cid, { page, size }, viewer?.id ?? null),
    ),
    serve(commentSave, (input, { viewer }) => saveComment(app.db, viewer.id, input)),
    serve(commentReply, (input, { viewer }) => replyComment(app.db, viewer.id, input)),
    serve(commentDelete, ({ cid }, { viewer }) => deleteComment(app.db, { cid, actorId: viewer.id })),
  ],
});
