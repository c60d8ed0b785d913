// The data the verify commands run on, written straight into the database before any
// server starts (PGlite admits one process at a time): migrations, a generated community
// (rows only, as the bench seeds it), and shop products with stock enough for a whole run.
import { adminProductSave } from '@evcircle/contract';
import { asc, sql } from 'drizzle-orm';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { saveCategory, saveProduct } from '../../apps/server/src/modules/shop/index.ts';
import { recordUpload } from '../../apps/server/src/modules/uploads/uploads.service.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Database, executeRows, runMigrations } from '../../apps/server/src/platform/db.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';
import { defaultPools } from '../seed/content.ts';
import { seedCommunity } from '../seed/seed.ts';

/** Where the data is: a PGlite folder (DATA_DIR) and, for PostgreSQL, its URL. */
export type Backend = { DATA_DIR: string; DATABASE_URL?: string };

/** What a verify command writes against. */
export type Fixture = {
  /** Seeded members, in id order. */
  userIds: number[];
  /** Seeded posts. */
  postIds: number[];
  /** Products on sale without specs, stock enough for any run. */
  productIds: number[];
};

/** A stored-looking image key: products must name one (saveProduct checks no storage here). */
const PRODUCT_IMAGE = 'shop/verify/cover.jpg';
export const PRODUCT_STOCK = 900_000;

/** Opens the backend's database (the caller closes it). */
export function openDatabase(backend: Backend): Promise<Database> {
  return createDatabase(loadConfig({ DATA_DIR: backend.DATA_DIR, DATABASE_URL: backend.DATABASE_URL }));
}

export async function prepareFixture(
  backend: Backend,
  plan: { users: number; posts: number; products: number },
): Promise<Fixture> {
  const config = loadConfig({ DATA_DIR: backend.DATA_DIR, DATABASE_URL: backend.DATABASE_URL });
  const database = await createDatabase(config);
  try {
    await runMigrations(database);
    const seedPlan = {
      seed: 22,
      users: plan.users,
      posts: plan.posts,
      anchor: new Date(),
      ...defaultPools(plan.posts),
    };
    await seedCommunity(database.db, createStorage(config), seedPlan, () => {}, { withMedia: false });
    const body = adminProductSave.body as NonNullable<typeof adminProductSave.body>;
    const categoryId = await saveCategory(database.db, { cname: '校验商品', sort: 0 });
    const productIds: number[] = [];
    for (let i = 0; i < plan.products; i++) {
      const input = body.parse({
        cid: categoryId,
        title: `校验商品 ${i + 1}`,
        images: JSON.stringify([PRODUCT_IMAGE]),
        skus: JSON.stringify([{ options: [], price: String(10 + i), stock: PRODUCT_STOCK }]),
        on_sale: '1',
      });
      productIds.push(await saveProduct(database.db, input));
    }
    const userRows = await database.db.select({ id: users.id }).from(users).orderBy(asc(users.id));
    const postRows = await executeRows<{ id: number }>(database.db, sql`select id::int as id from posts order by id`);
    return { userIds: userRows.map((row) => row.id), postIds: postRows.map((row) => row.id), productIds };
  } finally {
    await database.close();
  }
}

/**
 * Image uploads of `userIds` (records only: a post checks whose upload it names, not the
 * file), one each, answered as the keys a post may name.
 */
export async function imageUploadsOf(backend: Backend, userIds: readonly number[]): Promise<Map<number, string>> {
  const database = await openDatabase(backend);
  try {
    const keys = new Map<number, string>();
    for (const userId of userIds) {
      const key = `posts/verify/${userId}.webp`;
      await recordUpload(database.db, { key, userId, kind: 'image', width: 1080, height: 1440 });
      keys.set(userId, key);
    }
    return keys;
  } finally {
    await database.close();
  }
}

/** Session tokens for `userIds`, written straight into the database (as the bench does). */
export async function sessionsFor(backend: Backend, userIds: readonly number[]): Promise<string[]> {
  const database = await openDatabase(backend);
  try {
    const tokens: string[] = [];
    for (const id of userIds) tokens.push(await createSession(database.db, id, 'sms', 'verify'));
    return tokens;
  } finally {
    await database.close();
  }
}
