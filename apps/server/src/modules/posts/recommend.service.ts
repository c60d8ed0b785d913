// Posts recommended on the search page before typing (SPEC.md §7 search/info/recommend).
import type { Post } from '@evcircle/contract';
import { and, count, eq, isNull, ne, notExists, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { viewerRelations } from '../relations/index.ts';
import { type FeedRow, feedColumns, markForViewer, selectFeedRows } from './posts.service.ts';
import { postLikes, posts } from './posts.tables.ts';

/** A viewer's recommendations are drawn from this many of the hottest posts they may see. */
export const RECOMMEND_POOL = 300;
/** A followed author lifts a post as much as ten times the engagement would (hot score is log10). */
export const FOLLOWED_AUTHOR_BOOST = 1;
/** A theme lifts a post by this much times the share of the viewer's likes that went to it. */
export const LIKED_THEME_BOOST = 0.6;

type Paging = { page: number; size: number };

/** How the viewer's likes fall across themes: theme → share of their likes (0..1). */
async function likedThemeShares(db: Db, viewerId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ theme: posts.type, n: count() })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(eq(postLikes.userId, viewerId))
    .groupBy(posts.type);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return new Map(rows.map((row) => [row.theme, total === 0 ? 0 : row.n / total]));
}

/**
 * Posts recommended to `viewerId`: of the RECOMMEND_POOL hottest live posts they may see
 * (not their own, not ones they liked already, no blocked author), ordered by the hot
 * score (fresh and popular) lifted by followed authors and the themes they like. A
 * visitor gets the popular posts (the home feed's order). Pages of `size`.
 */
export async function recommendedPosts(db: Db, viewerId: number | null, paging: Paging): Promise<Post[]> {
  if (viewerId === null) return markForViewer(db, await selectFeedRows(db, paging), null);
  const [{ blocked, followees }, themes] = await Promise.all([
    viewerRelations(db, viewerId),
    likedThemeShares(db, viewerId),
  ]);
  const conditions: SQL[] = [
    isNull(posts.deletedAt),
    isNull(users.deletedAt),
    ne(posts.userId, viewerId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(postLikes)
        .where(and(eq(postLikes.postId, posts.id), eq(postLikes.userId, viewerId))),
    ),
  ];
  if (blocked.size > 0) conditions.push(notInArray(posts.userId, [...blocked]));
  const pool = await db
    .select({ ...feedColumns, hotScore: posts.hotScore })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(...conditions))
    .orderBy(sql`${posts.hotScore} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(RECOMMEND_POOL);
  const score = (row: (typeof pool)[number]) =>
    row.hotScore +
    (followees.has(row.userId) ? FOLLOWED_AUTHOR_BOOST : 0) +
    LIKED_THEME_BOOST * (themes.get(row.type) ?? 0);
  const ranked = pool
    .map((row) => ({ row, score: score(row) }))
    .sort((a, b) => b.score - a.score || b.row.id - a.row.id)
    .slice((paging.page - 1) * paging.size, paging.page * paging.size)
    .map(({ row: { hotScore: _hot, ...row } }): FeedRow => row);
  return markForViewer(db, ranked, viewerId);
}
