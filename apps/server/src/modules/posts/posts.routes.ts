import { postsNoAds } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { FEED_CACHE_MS, listFeed } from './posts.service.ts';

/** Post endpoints, as the contract declares them. */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  // Anonymous visitors (most feed traffic) share one serialized answer per page for
  // FEED_CACHE_MS; writes that change the feed clear it through invalidateFeed().
  registerEndpoint(
    app,
    postsNoAds,
    ({ page, size }, { viewer }) => listFeed(app.db, { page, size, viewerId: viewer?.id ?? null }),
    { anonymousCacheMs: FEED_CACHE_MS, cacheTag: 'feed' },
  );
}
