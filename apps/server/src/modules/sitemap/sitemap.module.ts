import { sitemapData, sitemapRoutes } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { registerSitemapFiles, SITEMAP_CACHE_TAG } from './sitemap.routes.ts';
import { sitemapDataFor, sitemapRoutesFor } from './sitemap.service.ts';

/**
 * The JSON lists change with every post; a minute's lag is nothing to a crawler, and one
 * read a minute per input is all a burst of crawlers costs.
 */
const jsonCache = { anonymousCacheMs: 60_000, cacheTag: SITEMAP_CACHE_TAG };

/**
 * The sitemap (SPEC.md §7 "Search and sitemap"; the rules are in the contract's
 * sitemap.ts): what search engines may index, as JSON and as /sitemap.xml and
 * /robots.txt. No tables of its own: it reads posts, authors and the shop through their
 * modules' keyset reads.
 */
export const sitemapModule = defineModule({
  name: 'sitemap',
  endpoints: (app) => [
    serve(sitemapData, () => sitemapDataFor(app.db), jsonCache),
    serve(sitemapRoutes, (query) => sitemapRoutesFor(app.db, query), jsonCache),
  ],
  routes: (app) => registerSitemapFiles(app),
});
