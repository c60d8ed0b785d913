import { count } from 'drizzle-orm';
import {
  saveCategory,
  saveProduct,
  setProductSales,
  setProductWeight,
} from '../../apps/server/src/modules/shop/index.ts';
import { shopCategories, shopProducts } from '../../apps/server/src/modules/shop/shop.tables.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import type { StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import { type MediaJob, storeMedia } from './media.ts';
import { type ProductArt, renderProductImage } from './product-art.ts';
import { type CatalogProduct, SHOP_CATEGORIES, SHOP_PRODUCTS, shopProductDrafts } from './shop-catalog.ts';

/** Seed and moment of the demo shop: pictures follow the seed, promotion windows the moment. */
export type ShopPlan = { seed: number; now: Date };

export type ShopResult = {
  /** Categories and products created by this run (0 when the database already had a shop). */
  categories: number;
  products: number;
  mediaRendered: number;
  mediaReused: number;
};

/** At most this many colour shots per product; products without colours get two views. */
const MAX_COLOR_SHOTS = 3;

export function productImageKey(seed: number, productKey: string, index: number): string {
  return `seed/products/s${seed}-${productKey}-${index + 1}.webp`;
}

/**
 * What the pictures of `product` show: one shot per colour option (up to three), else
 * the cover shot and a closer one on a warmer backdrop.
 */
export function productImageArts(product: CatalogProduct): ProductArt[] {
  const colors = product.specs
    .flatMap((spec) => spec.options.flatMap((option) => (option.color ? [option.color] : [])))
    .slice(0, MAX_COLOR_SHOTS);
  if (colors.length > 1) return colors.map((color) => ({ ...product.art, color, view: 0 }));
  return [0, 1].map((view) => ({ ...product.art, view }));
}

/** Every picture of the shop under `seed`, keyed by product. */
export function shopImages(seed: number): Map<string, { key: string; art: ProductArt }[]> {
  return new Map(
    SHOP_PRODUCTS.map((product) => [
      product.key,
      productImageArts(product).map((art, i) => ({ key: productImageKey(seed, product.key, i), art })),
    ]),
  );
}

export function shopMediaJobs(seed: number): MediaJob[] {
  return [...shopImages(seed).values()].flat().map(({ key, art }) => ({
    key,
    contentType: 'image/webp',
    render: () => renderProductImage(seed, key, art),
  }));
}

/** True when the database has a shop already (any category or product, seeded or an admin's). */
export async function hasShop(db: Db): Promise<boolean> {
  const [categories] = await db.select({ n: count() }).from(shopCategories);
  const [products] = await db.select({ n: count() }).from(shopProducts);
  return (categories?.n ?? 0) > 0 || (products?.n ?? 0) > 0;
}

/** Renders the shop's pictures that storage lacks (the same seed gives the same files). */
export async function ensureShopMedia(
  storage: StorageProvider,
  seed: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ rendered: number; reused: number }> {
  return storeMedia(storage, shopMediaJobs(seed), onProgress);
}

/**
 * Writes the categories and products through the shop module, in one transaction (a
 * savepoint inside the caller's), unless the database has a shop already. The pictures
 * must be stored first (ensureShopMedia). Answers what it created.
 */
export async function insertShop(db: Db, plan: ShopPlan): Promise<{ categories: number; products: number }> {
  return db.transaction(async (tx) => {
    if (await hasShop(tx)) return { categories: 0, products: 0 };
    const cids = new Map<string, number>();
    for (const [sort, top] of SHOP_CATEGORIES.entries()) {
      const parent = await saveCategory(tx, { cname: top.name, sort, icon: top.icon });
      cids.set(top.name, parent);
      for (const [childSort, child] of top.children.entries()) {
        cids.set(`${top.name}/${child}`, await saveCategory(tx, { cname: child, parent_id: parent, sort: childSort }));
      }
    }
    const images = shopImages(plan.seed);
    const drafts = shopProductDrafts(plan.now);
    for (const draft of drafts) {
      const cid = cids.get(draft.category.join('/'));
      if (cid === undefined) throw new Error(`product ${draft.key}: no category ${draft.category.join(' › ')}`);
      const pid = await saveProduct(tx, {
        pid: undefined,
        cid,
        title: draft.title,
        description: draft.description,
        images: (images.get(draft.key) ?? []).map((image) => image.key),
        specs: draft.specs,
        skus: draft.skus,
        on_sale: draft.on_sale,
        promo_start: draft.promo_start,
        promo_end: draft.promo_end,
      });
      await setProductSales(tx, pid, draft.sales);
      if (draft.weight > 0) await setProductWeight(tx, pid, draft.weight);
    }
    return { categories: cids.size, products: drafts.length };
  });
}

/**
 * The demo shop, idempotent: nothing at all when the database has a shop already;
 * otherwise its pictures (reusing stored ones), then every category and product in one
 * transaction, so a failure leaves no half shop behind.
 */
export async function seedShop(
  db: Db,
  storage: StorageProvider,
  plan: ShopPlan,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ShopResult> {
  if (await hasShop(db)) return { categories: 0, products: 0, mediaRendered: 0, mediaReused: 0 };
  const media = await ensureShopMedia(storage, plan.seed, onProgress);
  const created = await insertShop(db, plan);
  return { ...created, mediaRendered: media.rendered, mediaReused: media.reused };
}
