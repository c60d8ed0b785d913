// `npm run seed`: fills the database DATABASE_URL/DATA_DIR name with a generated zh-CN
// community of EV owners (users with avatars, posts with images and videos) and, unless
// the database has a shop already, the demo shop (shop.ts: categories, products, pictures).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, runMigrations } from '../../apps/server/src/platform/db.ts';
import { configureMediaTools, reportMediaTools } from '../../apps/server/src/platform/media-tools.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';
import { SEEDED_MARKER } from '../lib/seed-marker.mjs';
import { parseSeedArgs, type SeedArgs, USAGE } from './args.ts';
import { defaultPools } from './content.ts';
import { prepareForSeed, type SeedProgress, seedCommunity } from './seed.ts';

/** Prints a stage's progress about every 10 % (and at its end), with elapsed seconds. */
function progressPrinter(started: number): SeedProgress {
  const lastTenth = new Map<string, number>();
  return (stage, done, total) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (lastTenth.get(stage) === tenth) return;
    lastTenth.set(stage, tenth);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`  ${stage.padEnd(5)} ${String(done).padStart(9)} / ${total}  (${seconds} s)`);
  };
}

/** Tells `npm start` this PGlite folder needs no seed check (scripts/lib/seed-marker.mjs). */
async function markSeeded(dataDir: string): Promise<void> {
  await writeFile(path.join(dataDir, SEEDED_MARKER), `${new Date().toISOString()}\n`);
}

async function main(args: SeedArgs): Promise<void> {
  const config = loadConfig(process.env);
  const database = await createDatabase(config);
  try {
    await runMigrations(database);
    const existing = await prepareForSeed(database.db, args);
    if (existing > 0) {
      console.log(`✓ database already has ${existing} users; leaving it as it is (--if-empty)`);
      if (database.kind === 'pglite') await markSeeded(config.DATA_DIR);
      return;
    }

    const media = await configureMediaTools({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH });
    reportMediaTools({ info: (line) => console.log(`  ${line}`), warn: (line) => console.warn(`⚠ ${line}`) }, media);
    if (!media.ffmpeg)
      console.warn('⚠ without ffmpeg the demo community gets no video posts / 未找到 ffmpeg：演示数据不含视频帖');
    const plan = {
      seed: args.seed,
      users: args.users,
      posts: args.posts,
      anchor: args.now,
      located: args.located,
      ...defaultPools(args.posts),
      // Demo videos are rendered by ffmpeg: without it the posts that would have been videos are photo posts.
      ...(media.ffmpeg ? {} : { videos: 0 }),
    };
    const target = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    console.log(
      `▶ seeding ${plan.users} users (${plan.located} with a position) and ${plan.posts} posts (seed ${plan.seed}) into ${target}`,
    );
    const started = Date.now();
    const result = await seedCommunity(database.db, createStorage(config), plan, progressPrinter(started));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const shop = result.products > 0 ? `, ${result.products} shop products` : ' (the shop was already there)';
    console.log(
      `✓ seeded ${result.users} users and ${result.posts} posts${shop} in ${seconds} s ` +
        `(media: ${result.mediaRendered} rendered, ${result.mediaReused} already there)`,
    );
    if (database.kind === 'pglite') await markSeeded(config.DATA_DIR);
  } finally {
    await database.close();
  }
}

let args: SeedArgs;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (error) {
  console.error(`✖ ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
try {
  await main(args);
} catch (error) {
  console.error(`✖ seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
