import type { Db } from '../../apps/server/src/platform/db.ts';
import type { StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import type { SeedArgs } from './args.ts';
import { buildPost, buildUser, indexAuthors, type SeedPlan, type SeedUser } from './content.ts';
import {
  analyzeCommunity,
  attachSeedLadders,
  countUsers,
  insertEngagement,
  insertPositions,
  insertPosts,
  insertUsers,
  syncIdentitySequences,
  truncateCommunity,
} from './load.ts';
import { ensureSeedMedia } from './media.ts';
import { seedPlaces } from './places.ts';
import { buildPosition } from './positions.ts';
import { seedSearches } from './searches.ts';
import { ensureShopMedia, hasShop, insertShop } from './shop.ts';

/** Rows per INSERT: ~3 MB of JSON for posts, well inside what both drivers take at once. */
const BATCH_ROWS = 5000;

export type SeedProgress = (stage: 'media' | 'shop' | 'users' | 'posts', done: number, total: number) => void;

export type SeedResult = {
  users: number;
  /** Users given a position (`--located`). */
  located: number;
  posts: number;
  /** Products of the demo shop created by this run: 0 when the database had a shop already. */
  products: number;
  mediaRendered: number;
  mediaReused: number;
};

/**
 * Fills an empty database with the community `plan` describes: media files first (they
 * are deterministic and idempotent), then users, posts and the likes and comments behind
 * their counters in ONE transaction, so a crash or Ctrl-C leaves either the whole
 * community or none of it — `--if-empty` never mistakes a half-written seed for a
 * finished one. The demo shop (shop.ts) is written in that same transaction, unless the
 * database has a shop already; benchmarks (`withMedia: false`) get no shop, since its
 * rows must point at stored pictures.
 */
export async function seedCommunity(
  db: Db,
  storage: StorageProvider,
  plan: SeedPlan,
  onProgress: SeedProgress = () => {},
  options: { withMedia?: boolean } = {},
): Promise<SeedResult> {
  const users: SeedUser[] = Array.from({ length: plan.users }, (_, i) => buildUser(plan, i));
  // Benchmarks measure rows, not pictures: they skip rendering (the rows still name the
  // files, which then answer FILE_NOT_FOUND).
  const media =
    options.withMedia === false
      ? { rendered: 0, reused: 0, ladders: [] }
      : await ensureSeedMedia(storage, plan, users, (done, total) => onProgress('media', done, total));
  const withShop = options.withMedia !== false && !(await hasShop(db));
  const shopMedia = withShop
    ? await ensureShopMedia(storage, plan.seed, (done, total) => onProgress('shop', done, total))
    : { rendered: 0, reused: 0 };
  const authors = indexAuthors(users);
  let products = 0;

  await db.transaction(async (tx) => {
    const located = Math.min(plan.located ?? 0, users.length);
    for (let start = 0; start < users.length; start += BATCH_ROWS) {
      const batch = users.slice(start, start + BATCH_ROWS);
      await insertUsers(tx, batch);
      // The first `located` users' last reported positions (nearby_positions references users).
      if (start < located) {
        await insertPositions(
          tx,
          batch.slice(0, located - start).map((user) => buildPosition(plan.seed, plan.anchor, user)),
        );
      }
      onProgress('users', Math.min(start + BATCH_ROWS, users.length), users.length);
    }
    if (users.length > 0) {
      // Comment ids run on across posts in post order, so the same plan gives the same ids.
      let nextCommentId = 1;
      // The next batch is built while PostgreSQL stores the previous one.
      let storing: Promise<void> = Promise.resolve();
      for (let start = 0; start < plan.posts; start += BATCH_ROWS) {
        const end = Math.min(start + BATCH_ROWS, plan.posts);
        const batch = Array.from({ length: end - start }, (_, i) => {
          const post = buildPost(plan, authors, start + i);
          const firstCommentId = nextCommentId;
          nextCommentId += post.comments.length;
          return { ...post, firstCommentId };
        });
        await storing;
        storing = (async () => {
          await insertPosts(tx, batch);
          await insertEngagement(tx, batch);
          onProgress('posts', end, plan.posts);
        })();
      }
      await storing;
    }
    // Video posts play their demo video's HLS ladder, with its poster as the cover.
    await attachSeedLadders(tx, media.ladders);
    await syncIdentitySequences(tx);
    if (withShop) products = (await insertShop(tx, { seed: plan.seed, now: plan.anchor })).products;
    // The places near which people charge (/pub/nearbyAds), into an empty directory only.
    await seedPlaces(tx, plan.seed);
  });
  // The demo's last week of searches (history, hot words); benchmarks measure without them.
  if (options.withMedia !== false && users.length > 0) {
    await seedSearches(
      db,
      users.map((user) => user.id),
      plan.seed,
      plan.anchor,
    );
  }
  await analyzeCommunity(db);
  return {
    users: users.length,
    located: Math.min(plan.located ?? 0, users.length),
    posts: users.length > 0 ? plan.posts : 0,
    products,
    mediaRendered: media.rendered + shopMedia.rendered,
    mediaReused: media.reused + shopMedia.reused,
  };
}

/**
 * Applies --if-empty and --reset. Returns the number of existing users when the seed
 * must be skipped (--if-empty on a populated database), 0 when it may proceed. Refuses
 * to mix generated rows into a populated database without --reset.
 */
export async function prepareForSeed(db: Db, args: Pick<SeedArgs, 'ifEmpty' | 'reset'>): Promise<number> {
  const existing = await countUsers(db);
  if (existing > 0 && args.ifEmpty) return existing;
  if (existing > 0 && !args.reset) {
    throw new Error(`the database already has ${existing} users: pass --reset to replace them`);
  }
  if (args.reset) await truncateCommunity(db);
  return 0;
}
