import type { Db } from '../../apps/server/src/platform/db.ts';
import type { StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import type { SeedArgs } from './args.ts';
import { buildPost, buildUser, indexAuthors, type SeedPlan, type SeedUser } from './content.ts';
import {
  analyzeCommunity,
  countUsers,
  insertPosts,
  insertUsers,
  syncIdentitySequences,
  truncateCommunity,
} from './load.ts';
import { ensureSeedMedia } from './media.ts';

/** Rows per INSERT: ~3 MB of JSON for posts, well inside what both drivers take at once. */
const BATCH_ROWS = 5000;

export type SeedProgress = (stage: 'media' | 'users' | 'posts', done: number, total: number) => void;

export type SeedResult = { users: number; posts: number; mediaRendered: number; mediaReused: number };

/**
 * Fills an empty database with the community `plan` describes: media files first (they
 * are deterministic and idempotent), then users and posts in ONE transaction, so a
 * crash or Ctrl-C leaves either the whole community or none of it — `--if-empty` never
 * mistakes a half-written seed for a finished one.
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
      ? { rendered: 0, reused: 0 }
      : await ensureSeedMedia(storage, plan, users, (done, total) => onProgress('media', done, total));
  const authors = indexAuthors(users);

  await db.transaction(async (tx) => {
    for (let start = 0; start < users.length; start += BATCH_ROWS) {
      await insertUsers(tx, users.slice(start, start + BATCH_ROWS));
      onProgress('users', Math.min(start + BATCH_ROWS, users.length), users.length);
    }
    if (users.length > 0) {
      for (let start = 0; start < plan.posts; start += BATCH_ROWS) {
        const end = Math.min(start + BATCH_ROWS, plan.posts);
        const batch = Array.from({ length: end - start }, (_, i) => buildPost(plan, authors, start + i));
        await insertPosts(tx, batch);
        onProgress('posts', end, plan.posts);
      }
    }
    await syncIdentitySequences(tx);
  });
  await analyzeCommunity(db);
  return {
    users: users.length,
    posts: users.length > 0 ? plan.posts : 0,
    mediaRendered: media.rendered,
    mediaReused: media.reused,
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
