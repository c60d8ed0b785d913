// The posts module's public face: post lookups for other modules, the post id they
// reference, the media check drafts share, and the like toggle the likes module serves.
import './posts.events.ts';

export { type GeoPostsQuery, geoPostsAround, selectGeoPostRows } from './geo-posts.ts';
export { hotScore } from './hot-score.ts';
export { isLivePost } from './live-post.ts';
export { togglePostLike } from './post-likes.service.ts';
export { findLivePostAuthor, findPostTargets, type PostTarget } from './post-lookup.ts';
export { resolveOwnMedia, storageKeyOf, videoCoversOf } from './post-media.ts';
export { type ReleaseInput, releasePost } from './post-release.service.ts';
export {
  findPostText,
  lastPostId,
  livePostTextsWhere,
  type PostText,
  type RankedPostsOptions,
  rankedPosts,
  selectRankedPostRows,
} from './post-search-reads.ts';
export { findPostSummaries, type PostSummary } from './post-summaries.ts';
export { postsModule } from './posts.module.ts';
export { authorCounts, deletePost } from './posts.service.ts';
/** `postKey` is what other modules' tables reference in foreign keys. */
export { postKey, type StoredImage } from './posts.tables.ts';
export { recommendedPosts } from './recommend.service.ts';
/** Keyset-paged reads of what the sitemap lists (contract sitemap.ts). */
export {
  activeAuthorStamps,
  activeAuthorsLastmod,
  publicPostStamps,
  publicPostsLastmod,
} from './sitemap-reads.ts';
