import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, count, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import {
  shopCategories,
  shopProducts,
  shopSkus,
  shopSpecOptions,
} from '../../apps/server/src/modules/shop/shop.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import {
  createDatabase,
  createMemoryDatabase,
  type Database,
  runMigrations,
} from '../../apps/server/src/platform/db.ts';
import { createStorage, localStorageOf, type StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
// The migrated template it provides (pgliteTemplate).
import type {} from '../../apps/server/test/global-setup.ts';
import type { SeedPlan } from './content.ts';
import { seedCommunity } from './seed.ts';
import { seedShop, shopMediaJobs } from './shop.ts';
import { SHOP_CATEGORIES, SHOP_FEATURED, SHOP_PRODUCTS } from './shop-catalog.ts';

// A product write that fails on its Nth call, to show that a failed seed leaves no half shop.
const failing = vi.hoisted(() => ({ at: 0, calls: 0 }));
vi.mock('../../apps/server/src/modules/shop/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../apps/server/src/modules/shop/index.ts')>();
  return {
    ...original,
    saveProduct: (...args: Parameters<typeof original.saveProduct>) => {
      failing.calls++;
      if (failing.calls === failing.at) return Promise.reject(new Error('disk full'));
      return original.saveProduct(...args);
    },
  };
});

const NOW = new Date('2026-11-25T12:00:00Z');
const PLAN = { seed: 4, now: NOW };
const IMAGES = shopMediaJobs(PLAN.seed).length;

let dataDir: string;
let storage: StorageProvider;
const opened: Database[] = [];

/**
 * A migrated in-memory database of its own: from the run's template (as buildTestDatabase
 * does; importing that would bring the whole test app into the scripts' type check).
 */
async function emptyDatabase(): Promise<Database> {
  const template = inject('pgliteTemplate');
  let database: Database;
  if (template) database = await createMemoryDatabase(new Blob([await readFile(template)]));
  else {
    database = await createDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' }));
    await runMigrations(database);
  }
  opened.push(database);
  return database;
}

async function rowCounts(database: Database) {
  const n = async (table: typeof shopCategories | typeof shopProducts | typeof shopSkus | typeof users) =>
    (await database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    categories: await n(shopCategories),
    products: await n(shopProducts),
    skus: await n(shopSkus),
    users: await n(users),
  };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-shop-seed-test-'));
  storage = createStorage(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' }));
});

beforeEach(() => {
  failing.at = 0;
  failing.calls = 0;
});

afterAll(async () => {
  for (const database of opened) await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('seedShop', () => {
  let database: Database;

  beforeAll(async () => {
    database = await emptyDatabase();
  });

  it('creates the categories two levels deep and every product, once', async () => {
    const result = await seedShop(database.db, storage, PLAN);
    const subCategories = SHOP_CATEGORIES.reduce((n, top) => n + top.children.length, 0);
    expect(result).toEqual({
      categories: SHOP_CATEGORIES.length + subCategories,
      products: SHOP_PRODUCTS.length,
      mediaRendered: IMAGES,
      mediaReused: 0,
    });
    const tops = await database.db.select().from(shopCategories).where(isNull(shopCategories.parentId));
    expect(tops.map((c) => c.name).sort()).toEqual(SHOP_CATEGORIES.map((c) => c.name).sort());

    const again = await seedShop(database.db, storage, PLAN);
    expect(again).toEqual({ categories: 0, products: 0, mediaRendered: 0, mediaReused: 0 });
    expect(await rowCounts(database)).toMatchObject({
      categories: SHOP_CATEGORIES.length + subCategories,
      products: SHOP_PRODUCTS.length,
    });
  }, 120_000);

  it('files every product under a sub-category, with stored square WebP pictures', async () => {
    const categories = await database.db.select().from(shopCategories);
    const byId = new Map(categories.map((c) => [c.id, c]));
    const products = await database.db.select().from(shopProducts).orderBy(asc(shopProducts.id));
    for (const product of products) {
      expect(byId.get(product.categoryId)?.parentId, product.title).not.toBeNull();
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      for (const key of product.images) {
        expect(key).toMatch(/^seed\/products\/s4-[a-z0-9-]+-\d\.webp$/);
        expect(await storage.exists(key), key).toBe(true);
      }
    }
    const cover = await sharp(localStorageOf(storage).localPath(products[0]!.images[0]!)).metadata();
    expect([cover.format, cover.width, cover.height]).toEqual(['webp', 800, 800]);
  });

  it('stores SKUs, stock, sales, promotions and what is off sale as the catalog says', async () => {
    const products = await database.db.select().from(shopProducts).orderBy(asc(shopProducts.id));
    const byTitle = new Map(products.map((p) => [p.title, p]));
    const skus = await database.db.select().from(shopSkus);
    const expectedSkus = SHOP_PRODUCTS.reduce((n, p) => n + p.specs.reduce((m, s) => m * s.options.length, 1), 0);
    expect(skus.length).toBe(expectedSkus);
    expect(skus.filter((s) => s.stock === 0).length).toBeGreaterThanOrEqual(4);

    for (const item of SHOP_PRODUCTS) {
      const row = byTitle.get(item.title)!;
      expect(row, item.key).toBeDefined();
      expect(row.sales).toBe(item.sales);
      expect(row.onSale).toBe(item.onSale !== false);
      expect(row.promoStart !== null).toBe(item.promo !== undefined);
      const rank = SHOP_FEATURED.indexOf(item.key);
      expect(row.weight).toBe(rank < 0 ? 0 : SHOP_FEATURED.length - rank);
    }

    const mat = byTitle.get(SHOP_PRODUCTS.find((p) => p.key === 'mat-tpe')!.title)!;
    expect(mat.promoStart?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(mat.promoEnd?.toISOString()).toBe('2026-11-29T12:00:00.000Z');
    const matSkus = skus.filter((s) => s.productId === mat.id);
    // 5 car models × 2 colours, ¥399 (¥339 in the promotion), market ¥599; 极氪001 in 米白 sold out.
    expect(matSkus.length).toBe(10);
    expect(new Set(matSkus.map((s) => `${s.price}/${s.marketPrice}/${s.promoPrice}`))).toEqual(
      new Set(['39900/59900/33900']),
    );
    const options = await database.db.select().from(shopSpecOptions);
    const optionName = new Map(options.map((o) => [o.id, o.name]));
    const soldOut = matSkus.filter((s) => s.stock === 0).map((s) => s.apids.map((id) => optionName.get(id)));
    expect(soldOut).toEqual([['极氪001', '米白']]);
  });

  it('leaves a shop an admin made alone', async () => {
    const adminMade = await emptyDatabase();
    await adminMade.db.insert(shopCategories).values({ name: '自营好物' });
    expect(await seedShop(adminMade.db, storage, PLAN)).toMatchObject({ products: 0, mediaRendered: 0 });
    expect(await rowCounts(adminMade)).toMatchObject({ categories: 1, products: 0 });
  }, 120_000);

  it('writes all of the shop or none of it, and reuses the stored pictures when run again', async () => {
    const fresh = await emptyDatabase();
    failing.at = 30;
    await expect(seedShop(fresh.db, storage, PLAN)).rejects.toThrow('disk full');
    expect(await rowCounts(fresh)).toMatchObject({ categories: 0, products: 0, skus: 0 });
    failing.at = 0;
    expect(await seedShop(fresh.db, storage, PLAN)).toMatchObject({
      products: SHOP_PRODUCTS.length,
      mediaRendered: 0,
      mediaReused: IMAGES,
    });
  }, 120_000);
});

describe('seedCommunity with the shop', () => {
  const plan: SeedPlan = {
    seed: PLAN.seed,
    users: 3,
    posts: 6,
    anchor: NOW,
    imagesPerTheme: 1,
    videos: 0,
  };

  it('writes the community and the shop in one transaction: a failing shop leaves neither', async () => {
    const fresh = await emptyDatabase();
    failing.at = 5;
    await expect(seedCommunity(fresh.db, storage, plan)).rejects.toThrow('disk full');
    expect(await rowCounts(fresh)).toEqual({ categories: 0, products: 0, skus: 0, users: 0 });

    failing.at = 0;
    const result = await seedCommunity(fresh.db, storage, plan);
    expect(result).toMatchObject({ users: 3, posts: 6, products: SHOP_PRODUCTS.length });
    expect(await rowCounts(fresh)).toMatchObject({ products: SHOP_PRODUCTS.length, users: 3 });

    // A re-seed after --reset keeps the shop there, without a second copy.
    await fresh.db.execute(sql`truncate table ${users} restart identity cascade`);
    expect(await seedCommunity(fresh.db, storage, plan)).toMatchObject({ users: 3, products: 0 });
    expect(await rowCounts(fresh)).toMatchObject({ products: SHOP_PRODUCTS.length });
  }, 120_000);

  it('gives benchmarks, which skip media, no shop', async () => {
    const fresh = await emptyDatabase();
    expect(await seedCommunity(fresh.db, storage, plan, () => {}, { withMedia: false })).toMatchObject({
      products: 0,
    });
    expect(await rowCounts(fresh)).toMatchObject({ categories: 0, products: 0, users: 3 });
  }, 120_000);
});
