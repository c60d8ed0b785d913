import { postsNoAds } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/endpoints.ts';
import { listFeed } from './posts.service.ts';

/** Post endpoints, as the contract declares them. */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, postsNoAds, ({ page, size }, { viewer }) =>
    listFeed(app.db, { page, size, viewerId: viewer?.id ?? null }),
  );
}
