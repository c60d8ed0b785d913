import { likeAct } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { toggleCommentLike } from '../comments/index.ts';
import { togglePostLike } from '../posts/index.ts';

/**
 * like/act: one toggle for posts (`pid`) and comments or replies (`cid`). The like rows
 * and counters live with what they count (posts, comments); this module is the endpoint.
 */
export const likesModule = defineModule({
  name: 'likes',
  endpoints: (app) => [
    serve(likeAct, ({ pid, cid }, { viewer }) => {
      // The contract accepts exactly one of the two.
      if (pid !== undefined) return togglePostLike(app.db, viewer.id, pid);
      return toggleCommentLike(app.db, viewer.id, cid as number);
    }),
  ],
});
