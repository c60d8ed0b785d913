import { likeAct } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { toggleCommentLike } from '../comments/comment-likes.service.ts';
import { loggedInId } from '../users/logged-in.ts';
import { togglePostLike } from './post-likes.service.ts';

/** like/act: one toggle for posts (`pid`) and comments or replies (`cid`). */
export async function likesRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, likeAct, ({ pid, cid }, { viewer }) => {
    const viewerId = loggedInId(viewer);
    // The contract accepts exactly one of the two.
    if (pid !== undefined) return togglePostLike(app.db, viewerId, pid);
    return toggleCommentLike(app.db, viewerId, cid as number);
  });
}
