// Post search: the index of live posts (search_posts), kept in each post's transaction,
// backfilled for posts that have no row, and queried by the posts module's ranked reads.
import type { PostSearchHit } from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { findPostText, livePostTextsWhere, type PostText, rankedPosts } from '../posts/index.ts';
import { highlight } from './highlight.ts';
import { searchPosts } from './search.tables.ts';
import { searchTsquerySql, toTsvectorSql } from './search-sql.ts';

/** Posts indexed per statement while backfilling. */
const BACKFILL_BATCH = 200;

function documentOf(post: PostText) {
  return toTsvectorSql([
    { text: post.content, weight: 'B' },
    { text: post.location, weight: 'C' },
  ]);
}

/** Writes (or rewrites) the index rows of these live posts. */
async function writeRows(db: Db, batch: readonly PostText[]): Promise<void> {
  if (batch.length === 0) return;
  await db
    .insert(searchPosts)
    .values(batch.map((post) => ({ postId: post.id, document: documentOf(post) as unknown as string })))
    .onConflictDoUpdate({ target: searchPosts.postId, set: { document: sql`excluded.document` } });
}

/**
 * Brings one post's index row in line with the post (in the transaction that changed
 * it): a live post is (re)indexed, a deleted or missing one leaves the index.
 */
export async function reindexPost(tx: Db, postId: number): Promise<void> {
  const post = await findPostText(tx, postId);
  if (post?.live) await writeRows(tx, [post]);
  else await tx.delete(searchPosts).where(eq(searchPosts.postId, postId));
}

/** A deleted post's row leaves the index; a live one keeps its row (post content never changes). */
export async function dropPostIfGone(tx: Db, postId: number): Promise<void> {
  const post = await findPostText(tx, postId);
  if (!post?.live) await tx.delete(searchPosts).where(eq(searchPosts.postId, postId));
}

const missingRow = (postId: Parameters<Parameters<typeof livePostTextsWhere>[1]>[0]) =>
  sql`not exists (select 1 from ${searchPosts} where ${searchPosts.postId} = ${postId})`;

/**
 * Indexes every live post that has no index row (posts loaded in bulk, as the seed does,
 * or written before the index existed), in batches by id; answers how many. With nothing
 * missing it is one NOT EXISTS query.
 */
export async function backfillPostIndex(db: Db): Promise<number> {
  let afterId = 0;
  let indexed = 0;
  for (;;) {
    const batch = await livePostTextsWhere(db, missingRow, { afterId, limit: BACKFILL_BATCH });
    if (batch.length === 0) return indexed;
    await writeRows(db, batch);
    indexed += batch.length;
    afterId = batch[batch.length - 1]!.id;
  }
}

/** One page of live posts matching every term of `word`, marked for the viewer, with highlights. */
export async function searchPostsFor(
  db: Db,
  word: string,
  options: { page: number; size: number; viewerId: number | null },
): Promise<PostSearchHit[]> {
  const query = searchTsquerySql(word);
  const found = await rankedPosts(db, {
    index: searchPosts,
    indexPostId: searchPosts.postId,
    match: sql`${searchPosts.document} @@ ${query}`,
    rank: sql`ts_rank_cd(${searchPosts.document}, ${query})`,
    ...options,
  });
  return found.map((post) => ({ ...post, highlight: highlight(post.content, word) }));
}
