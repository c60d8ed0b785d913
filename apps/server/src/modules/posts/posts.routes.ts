import {
  POST_THEMES,
  postDelete,
  postDetail,
  postInfo,
  postPlay,
  postRelease,
  postShare,
  postsNoAds,
  THEME_FEEDS,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { loggedInId } from '../users/logged-in.ts';
import { playPost, sharePost } from './post-acts.service.ts';
import { getPostDetail, postShareUrl } from './post-detail.service.ts';
import { releasePost } from './post-release.service.ts';
import { deletePost, FEED_CACHE_MS, listFeed } from './posts.service.ts';

/** Post endpoints, as the contract declares them (likes live in modules/likes). */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  // Anonymous visitors (most feed traffic) share one serialized answer per page for
  // FEED_CACHE_MS; writes that change the feed clear it through invalidateFeed().
  const feedCache = { anonymousCacheMs: FEED_CACHE_MS, cacheTag: 'feed' };
  registerEndpoint(
    app,
    postsNoAds,
    ({ page, size }, { viewer }) => listFeed(app.db, { page, size, viewerId: viewer?.id ?? null }),
    feedCache,
  );
  for (const theme of POST_THEMES) {
    registerEndpoint(
      app,
      THEME_FEEDS[theme],
      ({ page, size }, { viewer }) => listFeed(app.db, { page, size, theme, viewerId: viewer?.id ?? null }),
      feedCache,
    );
  }

  registerEndpoint(app, postRelease, (input, { viewer }) => releasePost(app.db, loggedInId(viewer), input));

  registerEndpoint(app, postDetail, async ({ pid }, { viewer }) => [
    await getPostDetail(app.db, pid, viewer?.id ?? null, app.config.PUBLIC_URL),
  ]);

  registerEndpoint(app, postInfo, ({ id }, { viewer }) =>
    getPostDetail(app.db, id, viewer?.id ?? null, app.config.PUBLIC_URL),
  );

  registerEndpoint(app, postDelete, async ({ pid }, { viewer }) => {
    await deletePost(app.db, { pid, actorId: loggedInId(viewer), asModerator: false });
    return { result: true };
  });

  registerEndpoint(app, postShare, async ({ pid }, { viewer, request }) => ({
    sharenum: await sharePost(app.db, pid, { viewerId: viewer?.id ?? null, ip: request.ip }),
    share_url: postShareUrl(app.config.PUBLIC_URL, pid),
  }));

  registerEndpoint(app, postPlay, async ({ pid }, { viewer, request }) => ({
    playnum: await playPost(app.db, pid, { viewerId: viewer?.id ?? null, ip: request.ip }),
  }));
}
