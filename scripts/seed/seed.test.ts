import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { commentLikes, comments } from '../../apps/server/src/modules/comments/comments.tables.ts';
import { hotScore } from '../../apps/server/src/modules/posts/posts.service.ts';
import { postLikes, posts } from '../../apps/server/src/modules/posts/posts.tables.ts';
import { hotWords, refreshHotWords } from '../../apps/server/src/modules/search/hot-words.ts';
import { searchHistory } from '../../apps/server/src/modules/search/search.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Database, executeRows, runMigrations } from '../../apps/server/src/platform/db.ts';
import { runMediaTool } from '../../apps/server/src/platform/media-tools.ts';
import { createStorage, localStorageOf, type StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import type { SeedPlan } from './content.ts';
import { DEMO_SEARCH_WORDS } from './searches.ts';
import { prepareForSeed, seedCommunity } from './seed.ts';

let dataDir: string;
let database: Database;
let storage: StorageProvider;

// Small but complete: avatars, pool images and a video.
const plan: SeedPlan = {
  seed: 3,
  users: 8,
  posts: 40,
  anchor: new Date('2025-06-01T12:00:00Z'),
  imagesPerTheme: 1,
  videos: 1,
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-seed-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' });
  database = await createDatabase(config);
  await runMigrations(database);
  storage = createStorage(config);
  await seedCommunity(database.db, storage, plan);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('seedCommunity', () => {
  it('writes the users and posts with ids 1..N and the service hot score', async () => {
    const userRows = await database.db.select().from(users).orderBy(asc(users.id));
    const postRows = await database.db.select().from(posts).orderBy(asc(posts.id));
    expect(userRows.map((u) => u.id)).toEqual(Array.from({ length: 8 }, (_, i) => i + 1));
    expect(postRows).toHaveLength(40);
    for (const post of postRows) {
      expect(post.hotScore).toBeCloseTo(
        hotScore({
          likes: post.likeCount,
          comments: post.commentCount,
          shares: post.shareCount,
          plays: post.playCount,
          createdAt: post.createdAt,
        }),
        9,
      );
    }
  });

  it('puts a row behind every like and comment counter', async () => {
    const db = database.db;
    const mismatched = await executeRows<{ id: number }>(
      db,
      sql`
      select p.id from ${posts} p
      where p.like_count <> (select count(*) from ${postLikes} l where l.post_id = p.id)
         or p.comment_count <> (select count(*) from ${comments} c where c.post_id = p.id and c.deleted_at is null)`,
    );
    expect(mismatched).toEqual([]);
    const badComments = await executeRows<{ id: number }>(
      db,
      sql`
      select c.id from ${comments} c
      where c.reply_count <> (select count(*) from ${comments} r where r.parent_id = c.id and r.deleted_at is null)
         or c.like_count <> (select count(*) from ${commentLikes} l where l.comment_id = c.id)
         or (c.parent_id is not null and not exists (
               select 1 from ${comments} t where t.id = c.parent_id and t.post_id = c.post_id and t.parent_id is null))`,
    );
    expect(badComments).toEqual([]);
    const selfLikes = await executeRows(
      db,
      sql`select 1 from ${postLikes} l join ${posts} p on p.id = l.post_id where l.user_id = p.user_id`,
    );
    expect(selfLikes).toEqual([]);
    const outOfTime = await executeRows(
      db,
      sql`
      select 1 from ${postLikes} l join ${posts} p on p.id = l.post_id
        where l.created_at <= p.created_at or l.created_at >= ${plan.anchor.toISOString()}::timestamptz
      union all
      select 1 from ${comments} c join ${posts} p on p.id = c.post_id
        where c.created_at <= p.created_at or c.created_at >= ${plan.anchor.toISOString()}::timestamptz`,
    );
    expect(outOfTime).toEqual([]);
    const likes = await db.select().from(postLikes);
    expect(new Set(likes.map((l) => `${l.postId}:${l.userId}`)).size).toBe(likes.length);
    expect(likes.length).toBeGreaterThan(0);
    expect((await db.select().from(comments)).length).toBeGreaterThan(0);
  });

  it('stores every file the rows point at', async () => {
    const userRows = await database.db.select().from(users);
    const postRows = await database.db.select().from(posts);
    const keys = new Set([
      ...userRows.map((u) => u.avatar),
      ...postRows.flatMap((p) => p.images.map((i) => i.src)),
      ...postRows.map((p) => p.videoSrc).filter(Boolean),
      ...postRows.flatMap((p) => [p.videoHls, p.videoCover]).filter(Boolean),
    ]);
    for (const key of keys) expect(await storage.exists(key), key).toBe(true);
    const image = postRows.find((p) => p.images.length > 0)!.images[0]!;
    const meta = await sharp(localStorageOf(storage).localPath(image.src)).metadata();
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
  });

  it('gives the demo video a sound track and an HLS ladder with its poster, which its posts play', async () => {
    const videoPosts = (await database.db.select().from(posts)).filter((p) => p.videoSrc !== '');
    expect(videoPosts.length).toBeGreaterThan(0);
    for (const post of videoPosts) {
      expect(post.videoHls).toBe(post.videoSrc.replace(/\.mp4$/, '-hls/master.m3u8'));
      expect(post.videoCover).toBe(post.videoSrc.replace(/\.mp4$/, '-hls/poster.jpg'));
    }
    const master = (await storage.get(videoPosts[0]!.videoHls)).toString('utf8');
    // 540×960 portrait: its width counts, so 480p and 360p.
    expect(master).toContain('RESOLUTION=480x852,NAME="480p"');
    expect(master).toContain('RESOLUTION=360x640,NAME="360p"');
    const { stdout } = await runMediaTool(
      'ffprobe',
      ['-print_format', 'json', '-show_streams', localStorageOf(storage).localPath(videoPosts[0]!.videoSrc)],
      20_000,
    );
    const streams = (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[] }).streams;
    expect(streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
  });

  it('leaves the identity sequences past the seeded ids', async () => {
    const [row] = await database.db.insert(users).values({ nickname: '新用户' }).returning({ id: users.id });
    expect(row!.id).toBe(9);
    const seeded = await database.db.select({ id: comments.id }).from(comments).orderBy(asc(comments.id));
    const [comment] = await database.db
      .insert(comments)
      .values({ postId: 1, userId: row!.id, content: '新评论' })
      .returning({ id: comments.id });
    expect(comment!.id).toBe(seeded.length + 1);
  });

  it('records the members’ last week of searches, which make hot words', async () => {
    const history = await database.db.select().from(searchHistory);
    expect(new Set(history.map((row) => row.userId)).size).toBe(plan.users);
    for (const row of history) {
      expect(row.searchedAt.getTime()).toBeLessThanOrEqual(plan.anchor.getTime());
      expect(row.searchedAt.getTime()).toBeGreaterThan(plan.anchor.getTime() - 7 * 86_400_000);
    }
    await refreshHotWords(database.db, { now: plan.anchor, force: true });
    const hot = await hotWords(database.db);
    expect(hot.length).toBeGreaterThan(0);
    const words = new Set(DEMO_SEARCH_WORDS.map(([word]) => word));
    for (const { word } of hot) expect(words.has(word)).toBe(true);
  });

  it('skips a populated database with --if-empty, refuses it without --reset, empties it with --reset', async () => {
    const engagementRows = async () => ({
      postLikes: await database.db.select().from(postLikes).orderBy(asc(postLikes.postId), asc(postLikes.userId)),
      comments: await database.db.select().from(comments).where(sql`${comments.userId} <> 9`).orderBy(asc(comments.id)),
      commentLikes: await database.db
        .select()
        .from(commentLikes)
        .orderBy(asc(commentLikes.commentId), asc(commentLikes.userId)),
    });
    const before = await engagementRows();
    expect(await prepareForSeed(database.db, { ifEmpty: true, reset: false })).toBeGreaterThan(0);
    await expect(prepareForSeed(database.db, { ifEmpty: false, reset: false })).rejects.toThrow(/--reset/);
    expect(await prepareForSeed(database.db, { ifEmpty: false, reset: true })).toBe(0);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select().from(comments)).toEqual([]);
    expect(await database.db.select().from(postLikes)).toEqual([]);
    // Media is a pure function of the seed: a second run renders nothing.
    const again = await seedCommunity(database.db, storage, plan);
    expect(again).toMatchObject({ users: 8, posts: 40, mediaRendered: 0 });
    // Same seed, same rows: the likes and comments come back identical, ids included.
    expect(await engagementRows()).toEqual(before);
  });
});
