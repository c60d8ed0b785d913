import { postSearch } from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { backfillPostIndex, dropPostIfGone, reindexPost, searchPostsFor } from './post-search.service.ts';
import * as tables from './search.tables.ts';

// Chinese full-text search (SPEC.md §7 "Search and sitemap"): the text engine
// (segment.ts, search-sql.ts, highlight.ts) and post search over its index.
export const searchModule = defineModule({
  name: 'search',
  tables,
  endpoints: (app) => [
    serve(postSearch, ({ word, idx, size }, { viewer }) =>
      searchPostsFor(app.db, word, { page: idx, size, viewerId: viewer?.id ?? null }),
    ),
  ],
  // Posts without an index row (the seed's bulk load, posts older than the index) are
  // indexed once at start-up; a warm start with nothing missing costs one NOT EXISTS query.
  routes: async (app) => {
    await backfillPostIndex(app.db);
  },
  events: {
    // Indexed with the post, in its transaction: a post is searchable as soon as it is seen.
    'post.created': { inTransaction: ({ postId }, tx) => reindexPost(tx, postId) },
    // Deleted posts (by their author, a moderator) leave the index with their deletion.
    'post.changed': { inTransaction: ({ postId }, tx) => dropPostIfGone(tx, postId) },
  },
});
