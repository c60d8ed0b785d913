import { count, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { commentLikes, comments } from '../../apps/server/src/modules/comments/comments.tables.ts';
import { nearbyPositions } from '../../apps/server/src/modules/nearby/nearby.tables.ts';
import { hotScore } from '../../apps/server/src/modules/posts/posts.service.ts';
import { postLikes, posts } from '../../apps/server/src/modules/posts/posts.tables.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { HLS_MASTER, HLS_POSTER, hlsDirOf } from '../../apps/server/src/platform/storage/video-hls.ts';
import type { SeedComment, SeedPost, SeedUser } from './content.ts';
import type { SeedPosition } from './positions.ts';

type Row = Record<string, string | number | boolean | null | object>;

/**
 * Inserts `rows` (keyed by column name) in one statement whatever their number: the
 * rows travel as one JSON parameter and `jsonb_to_recordset` unpacks them, so there is
 * no 65 535-parameter ceiling and PostgreSQL parses one value instead of 90 000. Column
 * names and SQL types come from the Drizzle table, so this follows the schema. Ids are
 * given (OVERRIDING SYSTEM VALUE) so that the same seed gives the same ids (a table
 * without an identity column ignores the clause).
 */
async function insertJsonRows(db: Db, table: PgTable, columns: readonly PgColumn[], rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${table} (${names}) overriding system value select ${names} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})`,
  );
}

const USER_COLUMNS = [users.id, users.nickname, users.avatar, users.bio, users.sex, users.carModel, users.createdAt];

export async function insertUsers(db: Db, batch: readonly SeedUser[]): Promise<void> {
  await insertJsonRows(
    db,
    users,
    USER_COLUMNS,
    batch.map((u) => ({
      id: u.id,
      nickname: u.nickname,
      avatar: u.avatar,
      bio: u.bio,
      sex: u.sex,
      car_model: u.carModel,
      created_at: u.createdAt.toISOString(),
    })),
  );
}

const POSITION_COLUMNS = [
  nearbyPositions.userId,
  nearbyPositions.latitude,
  nearbyPositions.longitude,
  nearbyPositions.locatedAt,
  nearbyPositions.isInvisible,
];

/** Users' last reported positions (`--located`): one statement per batch, like the users themselves. */
export async function insertPositions(db: Db, batch: readonly SeedPosition[]): Promise<void> {
  await insertInChunks(
    db,
    nearbyPositions,
    POSITION_COLUMNS,
    batch.map((p) => ({
      user_id: p.userId,
      latitude: p.latitude,
      longitude: p.longitude,
      located_at: p.locatedAt.toISOString(),
      is_invisible: p.isInvisible,
    })),
  );
}

const POST_COLUMNS = [
  posts.id,
  posts.userId,
  posts.type,
  posts.content,
  posts.images,
  posts.videoSrc,
  posts.videoDurationMs,
  posts.likeCount,
  posts.commentCount,
  posts.shareCount,
  posts.playCount,
  posts.location,
  posts.latitude,
  posts.longitude,
  posts.checkin,
  posts.hotScore,
  posts.createdAt,
];

export async function insertPosts(db: Db, batch: readonly SeedPost[]): Promise<void> {
  await insertJsonRows(
    db,
    posts,
    POST_COLUMNS,
    batch.map((p) => ({
      id: p.id,
      user_id: p.userId,
      type: p.type,
      content: p.content,
      images: p.images,
      video_src: p.videoSrc,
      video_duration_ms: p.videoDurationMs,
      like_count: p.likeCount,
      comment_count: p.commentCount,
      share_count: p.shareCount,
      play_count: p.playCount,
      location: p.location,
      latitude: p.latitude,
      longitude: p.longitude,
      checkin: p.checkin,
      // The feed rank exactly as the posts service computes it when counters change.
      hot_score: hotScore({
        likes: p.likeCount,
        comments: p.commentCount,
        shares: p.shareCount,
        plays: p.playCount,
        createdAt: p.createdAt,
      }),
      created_at: p.createdAt.toISOString(),
    })),
  );
}

/** Points the posts of each demo video in `videos` at its HLS ladder and poster (video-hls.ts keys). */
export async function attachSeedLadders(db: Db, videos: readonly string[]): Promise<void> {
  for (const video of videos) {
    const dir = hlsDirOf(video);
    await db
      .update(posts)
      .set({ videoHls: `${dir}/${HLS_MASTER}`, videoCover: `${dir}/${HLS_POSTER}` })
      .where(eq(posts.videoSrc, video));
  }
}

/** At most this many rows per statement: a viral post in a batch stays one sane JSON value. */
const CHUNK_ROWS = 50_000;

async function insertInChunks(db: Db, table: PgTable, columns: readonly PgColumn[], rows: Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await insertJsonRows(db, table, columns, rows.slice(start, start + CHUNK_ROWS));
  }
}

/** A comment with its global id: `firstCommentId` + local - 1 within its post. */
const commentId = (post: { firstCommentId: number }, local: number) => post.firstCommentId + local - 1;

/**
 * The rows behind a batch of posts' counters: post_likes, comments (and replies) and
 * comment_likes. Each post's comments take the ids from its `firstCommentId` on.
 */
export async function insertEngagement(
  db: Db,
  batch: readonly (SeedPost & { firstCommentId: number })[],
): Promise<void> {
  await insertInChunks(
    db,
    postLikes,
    [postLikes.postId, postLikes.userId, postLikes.createdAt],
    batch.flatMap((p) =>
      p.likes.map((l) => ({ post_id: p.id, user_id: l.userId, created_at: l.createdAt.toISOString() })),
    ),
  );
  const commentRows: Row[] = [];
  const likeRows: Row[] = [];
  for (const post of batch) {
    for (const c of post.comments) {
      const id = commentId(post, c.local);
      commentRows.push(commentRow(post.id, id, c.parent === 0 ? null : commentId(post, c.parent), c));
      for (const like of c.likes) {
        likeRows.push({ comment_id: id, user_id: like.userId, created_at: like.createdAt.toISOString() });
      }
    }
  }
  await insertInChunks(db, comments, COMMENT_COLUMNS, commentRows);
  await insertInChunks(
    db,
    commentLikes,
    [commentLikes.commentId, commentLikes.userId, commentLikes.createdAt],
    likeRows,
  );
}

const COMMENT_COLUMNS = [
  comments.id,
  comments.postId,
  comments.userId,
  comments.parentId,
  comments.replyToUserId,
  comments.content,
  comments.likeCount,
  comments.replyCount,
  comments.createdAt,
];

function commentRow(postId: number, id: number, parentId: number | null, c: SeedComment): Row {
  return {
    id,
    post_id: postId,
    user_id: c.userId,
    parent_id: parentId,
    reply_to_user_id: c.replyToUserId,
    content: c.content,
    like_count: c.likes.length,
    reply_count: c.replyCount,
    created_at: c.createdAt.toISOString(),
  };
}

/** Moves each identity sequence past the ids we set, so later inserts do not collide. */
export async function syncIdentitySequences(db: Db): Promise<void> {
  for (const table of [users, posts, comments]) {
    const name = getTableName(table);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    );
  }
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Empties users, posts, their likes and comments, and everything else that references them (CASCADE). */
export async function truncateCommunity(db: Db): Promise<void> {
  await db.execute(
    sql`truncate table ${commentLikes}, ${comments}, ${postLikes}, ${posts}, ${users} restart identity cascade`,
  );
}

/** Fresh planner statistics, so the first feed query after a big load uses its index. */
export async function analyzeCommunity(db: Db): Promise<void> {
  for (const table of [users, posts, postLikes, comments, commentLikes, nearbyPositions]) {
    await db.execute(sql`analyze ${table}`);
  }
}
