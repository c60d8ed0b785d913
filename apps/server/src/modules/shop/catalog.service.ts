import { AppError, type Product, type ProductCard, type ProductSort } from '@evcircle/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { allCategories, categoryPath, descendantsOf } from './categories.service.ts';
import { optionalYuan, yuanOf } from './money.ts';
import { currentPrice, lowestPriceSql, productCards, skusOf, toCard } from './product-cards.ts';
import { shopProducts, shopSpecGroups, shopSpecOptions } from './shop.tables.ts';
import { safeDescription } from './shop-html.ts';

type ListQuery = { cid?: number | undefined; page: number; size: number; sort: ProductSort };

function orderOf(sort: ProductSort, now: Date): SQL[] {
  const newest = [desc(shopProducts.createdAt), desc(shopProducts.id)];
  switch (sort) {
    case 'default':
      return [desc(shopProducts.weight), ...newest];
    case 'newest':
      return newest;
    case 'price_asc':
      return [asc(lowestPriceSql(now)), ...newest];
    case 'price_desc':
      return [desc(lowestPriceSql(now)), ...newest];
    case 'sales':
      return [desc(shopProducts.sales), ...newest];
  }
}

/**
 * A page of products on sale in a category and every category under it (all of them
 * without cid), in the chosen order; CATEGORY_NOT_FOUND for an unknown cid.
 */
export async function listProducts(
  db: Db,
  query: ListQuery,
): Promise<{ items: ProductCard[]; total: number; hasMore: boolean }> {
  const now = new Date();
  const onSale = eq(shopProducts.onSale, true);
  const where =
    query.cid === undefined
      ? onSale
      : and(onSale, inArray(shopProducts.categoryId, descendantsOf(await allCategories(db), query.cid)));
  const [total] = await db.select({ n: count() }).from(shopProducts).where(where);
  const rows = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(where)
    .orderBy(...orderOf(query.sort, now))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const cards = await productCards(
    db,
    rows.map((row) => row.id),
    now,
  );
  const items = rows.flatMap((row) => cards.get(row.id) ?? []);
  const n = total?.n ?? 0;
  return { items, total: n, hasMore: query.page * query.size < n };
}

/** A product on sale with its specs, SKUs and category path; PRODUCT_NOT_FOUND otherwise. */
export async function productDetail(db: Db, pid: number): Promise<Product> {
  const now = new Date();
  const [product] = await db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.id, pid), eq(shopProducts.onSale, true)));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const skus = (await skusOf(db, [pid])).get(pid) ?? [];
  const groups = await db
    .select({ id: shopSpecGroups.id, name: shopSpecGroups.name })
    .from(shopSpecGroups)
    .where(eq(shopSpecGroups.productId, pid))
    .orderBy(asc(shopSpecGroups.position));
  const options = await db
    .select({ id: shopSpecOptions.id, groupId: shopSpecOptions.groupId, name: shopSpecOptions.name })
    .from(shopSpecOptions)
    .where(eq(shopSpecOptions.productId, pid))
    .orderBy(asc(shopSpecOptions.position));
  return {
    ...toCard(product, skus, now),
    description: safeDescription(product.description),
    images: product.images,
    specs: groups.map((group) => ({
      name: group.name,
      options: options
        .filter((option) => option.groupId === group.id)
        .map((option) => ({ apid: option.id, name: option.name })),
    })),
    skus: skus.map((sku) => ({
      sku_id: sku.id,
      apids: sku.apids,
      price: yuanOf(currentPrice(product, sku, now)),
      market_price: optionalYuan(sku.marketPrice),
      stock: sku.stock,
    })),
    category: categoryPath(await allCategories(db), product.categoryId),
  };
}

/** Whether a product is on sale (the QR code); PRODUCT_NOT_FOUND otherwise. */
export async function assertOnSale(db: Db, pid: number): Promise<void> {
  const [row] = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(and(eq(shopProducts.id, pid), eq(shopProducts.onSale, true)));
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
}
