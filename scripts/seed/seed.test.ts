import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotScore } from '../../apps/server/src/modules/posts/posts.service.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Database, runMigrations } from '../../apps/server/src/platform/db.ts';
import { posts, users } from '../../apps/server/src/platform/schema.ts';
import { createStorage, type StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import type { SeedPlan } from './content.ts';
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

  it('stores every file the rows point at', async () => {
    const userRows = await database.db.select().from(users);
    const postRows = await database.db.select().from(posts);
    const keys = new Set([
      ...userRows.map((u) => u.avatar),
      ...postRows.flatMap((p) => p.images.map((i) => i.src)),
      ...postRows.map((p) => p.videoSrc).filter(Boolean),
    ]);
    for (const key of keys) expect(await storage.exists(key), key).toBe(true);
    const image = postRows.find((p) => p.images.length > 0)!.images[0]!;
    const meta = await sharp(storage.localPath(image.src)).metadata();
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
  });

  it('leaves the identity sequences past the seeded ids', async () => {
    const [row] = await database.db.insert(users).values({ nickname: '新用户' }).returning({ id: users.id });
    expect(row!.id).toBe(9);
  });

  it('skips a populated database with --if-empty, refuses it without --reset, empties it with --reset', async () => {
    expect(await prepareForSeed(database.db, { ifEmpty: true, reset: false })).toBeGreaterThan(0);
    await expect(prepareForSeed(database.db, { ifEmpty: false, reset: false })).rejects.toThrow(/--reset/);
    expect(await prepareForSeed(database.db, { ifEmpty: false, reset: true })).toBe(0);
    expect(await database.db.select().from(users)).toEqual([]);
    // Media is a pure function of the seed: a second run renders nothing.
    const again = await seedCommunity(database.db, storage, plan);
    expect(again).toMatchObject({ users: 8, posts: 40, mediaRendered: 0 });
  });
});
