import { AppError, type Post, type PostTheme } from '@evcircle/contract';
import { and, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { SerializedAnswer } from '../../platform/endpoints.ts';
import { transaction } from '../../platform/events.ts';
import { createPerDatabaseCache, type PerDatabaseCache } from '../../platform/per-database-cache.ts';
import { invalidateResponseCache } from '../../platform/response-cache.ts';
import { requireUser, users, vipOf } from '../accounts/index.ts';
import { blockedIdsOf, followedAmong, followeeIdsOf, hasBlocked, viewerRelations } from '../relations/index.ts';
import { locateMarks, markAnswer, type SharedAnswer } from './feed-answers.ts';
import './posts.events.ts';
import { posts } from './posts.tables.ts';

export { type HotScoreInput, hotScore } from './hot-score.ts';

export type FeedOptions = { page: number; size: number; viewerId: number | null };
/** One feed page: every theme (the home feed) or one theme (mod, beauty, travel, tesla, exp). */
export type FeedPage = { page: number; size: number; theme?: PostTheme };

/** The columns a post card needs, author included: one join, no per-row lookups. */
export const feedColumns = {
  id: posts.id,
  userId: posts.userId,
  type: posts.type,
  content: posts.content,
  images: posts.images,
  videoSrc: posts.videoSrc,
  videoCover: posts.videoCover,
  videoHls: posts.videoHls,
  videoCaption: posts.videoCaption,
  likeCount: posts.likeCount,
  shareCount: posts.shareCount,
  playCount: posts.playCount,
  commentCount: posts.commentCount,
  istla: posts.istla,
  xySort: posts.xySort,
  ship: posts.ship,
  xianyu: posts.xianyu,
  goods: posts.goods,
  xyPrice: posts.xyPrice,
  xyLink: posts.xyLink,
  location: posts.location,
  createdAt: posts.createdAt,
  authorName: users.nickname,
  authorAvatar: users.avatar,
  authorVipUntil: users.vipUntil,
};

export type FeedRow = {
  [K in Exclude<keyof typeof feedColumns, 'authorVipUntil'>]: (typeof feedColumns)[K]['_']['data'];
} & { authorVipUntil: Date | null };

const NOBODY: ReadonlySet<number> = new Set();

/**
 * Maps a stored post and its author to the Post shape of SPEC.md §3. `followedAuthors`
 * holds the authors the viewer follows (see markForViewer); isfollow is 1 for them.
 */
export function toPost(row: FeedRow, viewerId: number | null, followedAuthors: ReadonlySet<number> = NOBODY): Post {
  const isVideo = row.videoSrc !== '';
  return {
    pid: row.id,
    uid: row.userId,
    type: row.type as PostTheme,
    isvio: isVideo ? 1 : 0,
    likenum: row.likeCount,
    sharenum: row.shareCount,
    playnum: row.playCount,
    comments: row.commentCount,
    istla: row.istla,
    xy_sort: row.xySort,
    ship: row.ship,
    xianyu: row.xianyu,
    goods: row.goods,
    vioinfo: isVideo ? [{ src: row.videoSrc }] : [],
    imgpack: row.images,
    viosrc: row.videoSrc,
    viohls: row.videoHls,
    viocaption: row.videoCaption,
    imgsrc: row.images[0]?.src ?? row.videoCover,
    avatar: row.authorAvatar,
    xy_price: Number(row.xyPrice).toFixed(2),
    xy_link: row.xyLink,
    content: row.content,
    atime: row.createdAt.toISOString(),
    uname: row.authorName,
    is_vip: vipOf({ vipUntil: row.authorVipUntil }),
    ismine: viewerId !== null && viewerId === row.userId ? 1 : 0,
    isfollow: viewerId !== null && followedAuthors.has(row.userId) ? 1 : 0,
    location: row.location,
  };
}

/**
 * The rows of one feed page: every theme or one `theme`, hottest first (hot_score desc,
 * id desc), deleted posts and the `hiddenAuthors` (the viewer's blocks) excluded,
 * author joined. One query that walks posts_feed_idx, or posts_type_feed_idx for a
 * theme; exported so a test can EXPLAIN exactly this query.
 */
export function selectFeedRows(db: Db, options: FeedPage & { hiddenAuthors?: readonly number[] }) {
  const conditions: SQL[] = [isNull(posts.deletedAt)];
  if (options.theme !== undefined) conditions.push(eq(posts.type, options.theme));
  if (options.hiddenAuthors && options.hiddenAuthors.length > 0) {
    conditions.push(notInArray(posts.userId, [...options.hiddenAuthors]));
  }
  return (
    db
      .select(feedColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(...conditions))
      // NOTE: "nulls last" must match the index definitions, or PostgreSQL sorts instead
      // of reading posts_feed_idx / posts_type_feed_idx in order (the columns are NOT
      // NULL either way).
      .orderBy(sql`${posts.hotScore} desc nulls last`, sql`${posts.id} desc nulls last`)
      .limit(options.size)
      .offset((options.page - 1) * options.size)
  );
}

/** How long a feed page, once read, is served again without asking the database. */
export const FEED_CACHE_MS = 1000;
/** Sweep expired pages once a database has this many cached, so memory stays bounded. */
const FEED_CACHE_SWEEP_AT = 500;

const feedPages = createPerDatabaseCache<string, Promise<FeedRow[]>>(FEED_CACHE_SWEEP_AT);
const sharedAnswers = createPerDatabaseCache<string, Promise<SharedAnswer | null>>(FEED_CACHE_SWEEP_AT);

function feedPageKey(feedPage: FeedPage): string {
  return `${feedPage.theme ?? '*'}:${feedPage.page}:${feedPage.size}`;
}

/**
 * Reads one feed page (per theme, page and size), reusing a read of the same page
 * started in the last FEED_CACHE_MS (in flight or done). Under load most visitors ask for the same first
 * pages, and PGlite runs each query on the main thread, one at a time; the feed may
 * lag writes by up to a second, which a hot-ranked feed tolerates. Writes that change
 * the feed call invalidateFeed().
 */
function readFeedPage(db: Db, feedPage: FeedPage): Promise<FeedRow[]> {
  return rememberFeedPage(feedPages, db, feedPage, async () => selectFeedRows(db, feedPage));
}

/**
 * The value `cache` holds for this feed page, or the one `compute` starts, remembered
 * (in flight or done) for FEED_CACHE_MS. A failure is not remembered: the next caller
 * tries again.
 */
function rememberFeedPage<V>(
  cache: PerDatabaseCache<string, Promise<V>>,
  db: Db,
  feedPage: FeedPage,
  compute: () => Promise<V>,
): Promise<V> {
  const now = Date.now();
  const key = feedPageKey(feedPage);
  const cached = cache.get(db, key, now);
  if (cached) return cached;
  const value = compute();
  cache.set(db, key, value, now + FEED_CACHE_MS, now);
  value.catch(() => cache.forget(db, (held) => held === value));
  return value;
}

/**
 * Forgets cached feed pages of every theme, their shared answers, and the anonymous answers of every feed
 * endpoint (tag 'feed'), in this process. Runs on the events that change what a feed
 * shows (posts.module.ts), in every process.
 */
export function invalidateFeed(db: Db): void {
  feedPages.forget(db);
  sharedAnswers.forget(db);
  invalidateResponseCache('feed');
}

/**
 * Rows of any post list as Posts marked for `viewerId`: ismine, and isfollow from one
 * followedAmong query over the page's authors (none when logged out, or when the only
 * author is the viewer, whom nobody can follow).
 */
export async function markForViewer(db: Db, rows: readonly FeedRow[], viewerId: number | null): Promise<Post[]> {
  const followed = await followedAmong(db, viewerId, authorsOf(rows, viewerId));
  return rows.map((row) => toPost(row, viewerId, followed));
}

/** The distinct authors of `rows` but the viewer (whom nobody follows). */
function authorsOf(rows: readonly FeedRow[], viewerId: number | null): number[] {
  return [...new Set(rows.map((row) => row.userId))].filter((id) => id !== viewerId);
}

/**
 * The home feed (or one theme's feed) as the contract's Post list, marked for the
 * viewer. The rows are the shared cached page, marked per viewer with one more query;
 * a viewer who blocked someone gets their own read instead, with the blocked authors
 * left out in the same statement, so their pages stay full and paging stays stable.
 */
export async function listFeed(db: Db, options: FeedOptions & { theme?: PostTheme }): Promise<Post[]> {
  const page: FeedPage = { page: options.page, size: options.size, theme: options.theme };
  const { viewerId } = options;
  const shared = await readFeedPage(db, page);
  if (viewerId === null) return shared.map((row) => toPost(row, null));
  // The viewer's blocks and follows: one query, or from memory (relations' viewerRelations).
  const { blocked, followees } = await viewerRelations(db, viewerId);
  if (blocked.size === 0) return shared.map((row) => toPost(row, viewerId, followees));
  return markForViewer(db, await selectFeedRows(db, { ...page, hiddenAuthors: [...blocked] }), viewerId);
}

/**
 * The unmarked answer of one feed page, serialized once per page and FEED_CACHE_MS
 * (with the page it is made from), with its marks located (feed-answers.ts); null when
 * they cannot be.
 */
function sharedAnswer(db: Db, feedPage: FeedPage, serialize: (data: unknown) => Buffer): Promise<SharedAnswer | null> {
  return rememberFeedPage(sharedAnswers, db, feedPage, async () => {
    const rows = await readFeedPage(db, feedPage);
    return locateMarks(
      serialize(rows.map((row) => toPost(row, null))),
      rows.map((row) => row.userId),
    );
  });
}

/**
 * listFeed as the route answers it: the page's shared answer, unmarked for an anonymous
 * caller, and for a logged-in viewer who blocked nobody with their marks set in its
 * bytes (no per-viewer serializing). A viewer with blocks, and any page whose marks
 * cannot be located, gets listFeed's posts.
 */
export async function feedAnswer(
  db: Db,
  options: FeedOptions & { theme?: PostTheme },
  serialize: (data: unknown) => Buffer,
): Promise<SerializedAnswer | Post[]> {
  const { viewerId } = options;
  const relations = viewerId === null ? null : await viewerRelations(db, viewerId);
  if (relations && relations.blocked.size > 0) return listFeed(db, options);
  const shared = await sharedAnswer(db, { page: options.page, size: options.size, theme: options.theme }, serialize);
  if (!shared) return listFeed(db, options);
  return new SerializedAnswer(
    viewerId === null || !relations ? shared.body : markAnswer(shared, viewerId, relations.followees),
  );
}

/**
 * One user's live posts, newest first (created_at desc, id desc; walks posts_user_idx).
 * The caller checks that the user exists.
 */
export async function listUserPosts(db: Db, uid: number, options: FeedOptions): Promise<Post[]> {
  const rows = await db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.userId, uid), isNull(posts.deletedAt)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  return markForViewer(db, rows, options.viewerId);
}

/** A live user's posts, newest first, marked for the viewer; USER_NOT_FOUND otherwise. */
export async function postsOfUser(
  db: Db,
  uid: number,
  paging: Pick<FeedOptions, 'page' | 'size'>,
  viewerId: number | null,
): Promise<Post[]> {
  await requireUser(db, uid);
  // Someone the viewer blocked is gone from everything the viewer reads, their profile too.
  if (viewerId !== null && (await hasBlocked(db, viewerId, uid))) return [];
  return listUserPosts(db, uid, { ...paging, viewerId });
}

/**
 * Live posts by the people `viewerId` follows, newest first (id desc), each marked
 * isfollow 1, leaving out anyone the viewer blocked. Posts of deleted accounts are gone
 * with them (their posts are deleted and their follows removed), and the author join
 * checks it again.
 */
export async function listFollowingFeed(
  db: Db,
  viewerId: number,
  options: Pick<FeedOptions, 'page' | 'size'>,
): Promise<Post[]> {
  const rows = await db
    .select(feedColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        inArray(posts.userId, followeeIdsOf(viewerId)),
        notInArray(posts.userId, blockedIdsOf(viewerId)),
        isNull(posts.deletedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(desc(posts.id))
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  const authors = new Set(rows.map((row) => row.userId));
  return rows.map((row) => toPost(row, viewerId, authors));
}

export type DeletePostInput = { pid: number; actorId: number; asModerator: boolean };

/**
 * Soft-deletes a live post: its author may, and a moderator (`asModerator`, the safety
 * module's moderation queue) may delete anyone's. POST_NOT_FOUND for a missing or
 * already deleted post, FORBIDDEN for someone else's. The row is locked while checked,
 * so the check and the delete see the same post. Feeds forget it at once.
 */
export async function deletePost(db: Db, input: DeletePostInput): Promise<void> {
  await transaction(db, async (tx, announce) => {
    const [post] = await tx
      .select({ userId: posts.userId })
      .from(posts)
      .where(and(eq(posts.id, input.pid), isNull(posts.deletedAt)))
      .for('update');
    if (!post) throw new AppError('POST_NOT_FOUND');
    if (post.userId !== input.actorId && !input.asModerator) throw new AppError('FORBIDDEN');
    await tx.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, input.pid));
    await announce('post.changed', { postId: input.pid });
  });
}

/** Deletes every live post of `userId` (a deleted account; in its transaction). */
export async function deletePostsOf(tx: Db, userId: number): Promise<void> {
  await tx
    .update(posts)
    .set({ deletedAt: new Date() })
    .where(and(eq(posts.userId, userId), isNull(posts.deletedAt)));
}

/** Posts published and likes received on live posts, for a profile (one query). */
export async function authorCounts(db: Db, uid: number): Promise<{ posts: number; likes: number }> {
  const [row] = await db
    .select({ posts: sql<string>`count(*)`, likes: sql<string>`coalesce(sum(${posts.likeCount}), 0)` })
    .from(posts)
    .where(and(eq(posts.userId, uid), isNull(posts.deletedAt)));
  return { posts: Number(row?.posts ?? 0), likes: Number(row?.likes ?? 0) };
}
