import { followAct, followCheck, followCheckMutual, followers, followingFeed, followingList } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { listFollowingFeed } from '../posts/posts.service.ts';
import { loggedInId } from '../users/logged-in.ts';
import { followRelation, isFollowing, listFollows, toggleFollow } from './follows.service.ts';

/** The follow graph: toggle, checks, follower and following lists, the following feed. */
export async function followsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, followAct, async ({ uid }, { viewer }) => {
    const { isfollow } = await toggleFollow(app.db, loggedInId(viewer), uid);
    return { result: true, isfollow: isfollow ? 1 : 0 };
  });

  registerEndpoint(app, followCheck, async ({ uid }, { viewer }) => ({
    isfollow: (await isFollowing(app.db, viewer?.id ?? null, uid)) ? 1 : 0,
  }));

  registerEndpoint(app, followCheckMutual, async ({ uid }, { viewer }) => {
    const relation = await followRelation(app.db, viewer?.id ?? null, uid);
    return { isfollow: relation.isfollow ? 1 : 0, istfollow: relation.istfollow ? 1 : 0 };
  });

  registerEndpoint(app, followers, ({ uid, page, size }, { viewer }) =>
    listFollows(app.db, 'followers', uid, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, followingList, ({ uid, page, size }, { viewer }) =>
    listFollows(app.db, 'following', uid, { page, size }, viewer?.id ?? null),
  );

  registerEndpoint(app, followingFeed, ({ page, size }, { viewer }) =>
    listFollowingFeed(app.db, loggedInId(viewer), { page, size }),
  );
}
