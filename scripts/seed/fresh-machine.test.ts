import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { posts } from '../../apps/server/src/modules/posts/posts.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase } from '../../apps/server/src/platform/db.ts';
import { resolveMediaTools } from '../../apps/server/src/platform/media-tools.ts';

// `npm start` on a machine with Node and nothing else: the seed runs as its own process
// with a PATH that holds no ffmpeg, so the demo videos must come from the npm-shipped
// build — or, when FFMPEG_PATH names nothing, the seed completes without video posts and
// says so.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** Seed 23 gives 5 video posts among 20 (content.ts is deterministic). */
const SEED_ARGS = ['--seed', '23', '--users', '4', '--posts', '20', '--now', '2026-11-01T12:00:00Z'];

let dir: string;
/** A PATH with nothing in it: no system ffmpeg or ffprobe. */
let bareBin: string;

async function seed(dataDir: string, extraEnv: Record<string, string> = {}) {
  return run(process.execPath, [TSX, 'scripts/seed/main.ts', ...SEED_ARGS], {
    cwd: ROOT,
    env: { HOME: os.homedir(), TMPDIR: os.tmpdir(), PATH: bareBin, DATA_DIR: dataDir, ...extraEnv },
    timeout: 240_000,
  });
}

async function videoPostsIn(dataDir: string) {
  const database = await createDatabase(loadConfig({ DATA_DIR: dataDir }));
  try {
    return await database.db.select({ videoSrc: posts.videoSrc }).from(posts).where(isNotNull(posts.videoSrc));
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-fresh-seed-'));
  bareBin = path.join(dir, 'bin');
  await mkdir(bareBin);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the seed on a machine without a system ffmpeg', () => {
  it('renders the demo videos with the npm-shipped ffmpeg, and their covers are drawn', async () => {
    const dataDir = path.join(dir, 'npm');
    const { stdout } = await seed(dataDir);
    expect(stdout).toMatch(/ffmpeg: \S+@ffmpeg-installer\S+ \(npm package @ffmpeg-installer\/ffmpeg; ffmpeg version /);
    expect(stdout).toContain('✓ seeded 4 users and 20 posts');

    const videos = (await videoPostsIn(dataDir)).filter((p) => p.videoSrc !== '');
    expect(videos.length).toBe(5);

    // The cover route of a server on that data, drawing with the npm-shipped ffmpeg too.
    const npmFfmpeg = (await resolveMediaTools({ searchPath: bareBin })).ffmpeg;
    expect(npmFfmpeg?.source).toBe('npm');
    const app = await buildApp(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'false', FFMPEG_PATH: npmFfmpeg?.path }),
    );
    try {
      for (const { videoSrc } of videos) {
        const cover = await app.inject({ url: `/files/${videoSrc}?vframe/jpg/offset/0` });
        expect(cover.statusCode).toBe(200);
        expect(cover.headers['content-type']).toBe('image/jpeg');
        expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 540, height: 960 });
      }
    } finally {
      await app.close();
    }
  }, 300_000);

  it('completes without video posts when there is no ffmpeg at all, and says so', async () => {
    const dataDir = path.join(dir, 'none');
    const { stdout, stderr } = await seed(dataDir, {
      FFMPEG_PATH: path.join(dir, 'no-ffmpeg'),
      FFPROBE_PATH: path.join(dir, 'no-ffprobe'),
    });
    expect(stdout).toContain('✓ seeded 4 users and 20 posts');
    expect(stderr).toContain('⚠ media tools: ffmpeg not found');
    expect(stderr).toContain('without ffmpeg the demo community gets no video posts');
    expect((await videoPostsIn(dataDir)).filter((p) => p.videoSrc !== '')).toEqual([]);
  }, 300_000);
});
