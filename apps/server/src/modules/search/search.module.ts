import {
  postSearch,
  productSearch,
  searchHistoryClear,
  searchHistoryDelete,
  searchHot,
  searchIndex,
  searchRecommend,
  searchRecord,
  userSearch,
} from '@evcircle/contract';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { recommendedPosts } from '../posts/index.ts';
import { clearHistory, deleteHistoryEntry, forgetSearchesOf, listHistory, recordSearch } from './history.service.ts';
import { hotWords, refreshHotWords, scheduleHotWords } from './hot-words.ts';
import { backfillPostIndex, dropPostIfGone, reindexPost, searchPostsFor } from './post-search.service.ts';
import { backfillProductIndex, reindexCategory, reindexProduct, searchProductsFor } from './product-search.service.ts';
import * as tables from './search.tables.ts';
import { backfillUserIndex, reindexUser, searchUsersFor } from './user-search.service.ts';

// Chinese full-text search (SPEC.md §7 "Search and sitemap"): the text engine
// (segment.ts, search-sql.ts, highlight.ts), its indexes of posts, users and products,
// each kept in the transaction of the write it follows, the viewer's history, hot words
// and recommendations.
export const searchModule = defineModule({
  name: 'search',
  tables,
  endpoints: (app) => [
    serve(postSearch, ({ word, idx, size }, { viewer }) =>
      searchPostsFor(app.db, word, { page: idx, size, viewerId: viewer?.id ?? null }),
    ),
    serve(userSearch, ({ word, page, size }, { viewer }) =>
      searchUsersFor(app.db, word, { page, size }, viewer?.id ?? null),
    ),
    serve(productSearch, ({ word, page, size }) => searchProductsFor(app.db, word, { page, size })),
    serve(searchIndex, async (_input, { viewer }) => {
      const [history, hot] = await Promise.all([viewer ? listHistory(app.db, viewer.id) : [], hotWords(app.db)]);
      return { history, hot };
    }),
    serve(searchHot, () => hotWords(app.db)),
    serve(searchRecommend, ({ idx, size }, { viewer }) =>
      recommendedPosts(app.db, viewer?.id ?? null, { page: idx, size }),
    ),
    serve(searchRecord, ({ word }, { viewer }) => recordSearch(app.db, viewer.id, word)),
    serve(searchHistoryDelete, async ({ hid }, { viewer }) => {
      await deleteHistoryEntry(app.db, viewer.id, hid);
      return { result: true };
    }),
    serve(searchHistoryClear, async (_input, { viewer }) => ({
      result: true,
      deleted: await clearHistory(app.db, viewer.id),
    })),
  ],
  // Rows without an index row (the seed's bulk load, rows older than the index) are
  // indexed once at start-up; a warm start with nothing missing costs one NOT EXISTS
  // query per index. Hot words are computed now and then on a schedule.
  routes: async (app) => {
    await backfillPostIndex(app.db);
    await backfillUserIndex(app.db);
    await backfillProductIndex(app.db);
    await refreshHotWords(app.db);
    const schedule = scheduleHotWords(app.db, (error) => app.log.warn({ err: error }, 'hot words not computed'));
    app.addHook('onClose', async () => schedule.stop());
  },
  events: {
    // Indexed with the post, in its transaction: a post is searchable as soon as it is seen.
    'post.created': { inTransaction: ({ postId }, tx) => reindexPost(tx, postId) },
    // Deleted posts (by their author, a moderator) leave the index with their deletion.
    'post.changed': { inTransaction: ({ postId }, tx) => dropPostIfGone(tx, postId) },
    'account.created': { inTransaction: ({ userId }, tx) => reindexUser(tx, userId) },
    'account.changed': { inTransaction: ({ userId }, tx) => reindexUser(tx, userId) },
    // A deleted account leaves the index, and its searches go with it.
    'account.deleted': {
      inTransaction: async ({ userId }, tx) => {
        await reindexUser(tx, userId);
        await forgetSearchesOf(tx, userId);
      },
    },
    'product.changed': { inTransaction: ({ productId }, tx) => reindexProduct(tx, productId) },
    'category.changed': { inTransaction: ({ categoryId }, tx) => reindexCategory(tx, categoryId) },
  },
});
