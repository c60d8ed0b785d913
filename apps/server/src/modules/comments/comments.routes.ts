import { commentDelete, commentPager, commentReply, commentSave, replyPager } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { loggedInId } from '../users/logged-in.ts';
import { deleteComment, listComments, listReplies, replyComment, saveComment } from './comments.service.ts';

/** Comments and replies on posts: lists, writing, deleting. */
export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, commentPager, ({ pid, page, size }, { viewer }) =>
    listComments(app.db, pid, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, replyPager, ({ cid, page, size }, { viewer }) =>
    listReplies(app.db, cid, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, commentSave, ({ pid, content }, { viewer }) =>
    saveComment(app.db, loggedInId(viewer), pid, content),
  );

  registerEndpoint(app, commentReply, (input, { viewer }) => replyComment(app.db, loggedInId(viewer), input));

  registerEndpoint(app, commentDelete, ({ cid }, { viewer }) =>
    deleteComment(app.db, { cid, actorId: loggedInId(viewer) }),
  );
}
