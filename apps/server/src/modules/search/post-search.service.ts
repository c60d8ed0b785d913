// Post search: the index of live posts (search_posts), kept in each post's transaction,
// backfilled for posts that have no row, and queried by the posts module's ranked reads.
import type { PostSearchHit } from '@evcircle/contract';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  findPostText,
  lastPostId,
  livePostTextsWhere,
  type PostText,
  rankedPosts,
  selectRankedPostRows,
} from '../posts/index.ts';
import { highlight } from './highlight.ts';
import { backfill, missingFrom, removeDocument, type SearchIndex, writeDocuments } from './index-rows.ts';
import { searchPosts } from './search.tables.ts';
import { searchTsquerySql, toTsvectorSql } from './search-sql.ts';

const POST_INDEX: SearchIndex = { table: searchPosts, id: searchPosts.postId, document: searchPosts.document };

function documentOf(post: PostText) {
  return toTsvectorSql([
    { text: post.content, weight: 'B' },
    { text: post.location, weight: 'C' },
  ]);
}

/**
 * Brings one post's index row in line with the post (in the transaction that changed
 * it): a live post is (re)indexed, a deleted or missing one leaves the index.
 */
export async function reindexPost(tx: Db, postId: number): Promise<void> {
  const post = await findPostText(tx, postId);
  if (post?.live) await writeDocuments(tx, POST_INDEX, [{ id: post.id, document: documentOf(post) }]);
  else await removeDocument(tx, POST_INDEX, postId);
}

/** A deleted post's row leaves the index; a live one keeps its row (post content never changes). */
export async function dropPostIfGone(tx: Db, postId: number): Promise<void> {
  const post = await findPostText(tx, postId);
  if (!post?.live) await removeDocument(tx, POST_INDEX, postId);
}

/**
 * Indexes every live post that has no index row (posts loaded in bulk, as the seed does,
 * or written before the index existed); answers how many.
 */
export function backfillPostIndex(db: Db): Promise<number> {
  const missing = missingFrom(POST_INDEX);
  return backfill(
    db,
    POST_INDEX,
    { lastId: () => lastPostId(db), missing: (window) => livePostTextsWhere(db, missing, window) },
    documentOf,
  );
}

type PostSearchOptions = { page: number; size: number; viewerId: number | null };

/**
 * A word found in more posts than this ranks the newest this many of them: reading and
 * ranking every match of a common character (half of a million posts hold 电) would take
 * seconds, while the newest matches are found by walking the index of post ids
 * backwards and stopping (docs/decisions/0013-search.md).
 */
export const SEARCH_CANDIDATES = 500;

function rankedOptions(db: Db, word: string, options: PostSearchOptions) {
  const query = searchTsquerySql(word);
  const candidates = db
    .select({ postId: searchPosts.postId, document: searchPosts.document })
    .from(searchPosts)
    .where(sql`${searchPosts.document} @@ ${query}`)
    .orderBy(desc(searchPosts.postId))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return {
    candidates,
    candidatePostId: candidates.postId,
    rank: sql`ts_rank_cd(${candidates.document}, ${query})`,
    ...options,
  };
}

/** The query of one page of post search (what the benchmark EXPLAINs). */
export function postSearchQuery(db: Db, word: string, options: PostSearchOptions) {
  return selectRankedPostRows(db, rankedOptions(db, word, options));
}

/** One page of live posts matching every term of `word`, marked for the viewer, with highlights. */
export async function searchPostsFor(db: Db, word: string, options: PostSearchOptions): Promise<PostSearchHit[]> {
  const found = await rankedPosts(db, rankedOptions(db, word, options));
  return found.map((post) => ({ ...post, highlight: highlight(post.content, word) }));
}
