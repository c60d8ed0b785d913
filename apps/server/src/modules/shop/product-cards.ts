import { discountPercent, type ProductCard } from '@evcircle/contract';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { optionalYuan, yuanOf } from './money.ts';
import { shopProducts, shopSkus } from './shop.tables.ts';

// What a product costs now (0012-shop-rules.md): a promotion runs while now is inside the
// product's window, and then an SKU with a promo price costs that.

type ProductRow = typeof shopProducts.$inferSelect;
export type SkuRow = typeof shopSkus.$inferSelect;
type Window = Pick<ProductRow, 'promoStart' | 'promoEnd'>;

/** Whether the product's promotion window holds `now` (start inclusive, end exclusive). */
export function promotionRunning(product: Window, now: Date): boolean {
  const { promoStart, promoEnd } = product;
  return promoStart !== null && promoEnd !== null && promoStart <= now && now < promoEnd;
}

/** An SKU's price now: its promo price while the promotion runs, else its price. */
export function currentPrice(product: Window, sku: Pick<SkuRow, 'price' | 'promoPrice'>, now: Date): number {
  return promotionRunning(product, now) && sku.promoPrice !== null ? sku.promoPrice : sku.price;
}

/** The running promotion of these SKUs: the lowest promo price and the window's end; null when none runs. */
export function promotionOf(product: Window, skus: readonly SkuRow[], now: Date) {
  if (!promotionRunning(product, now)) return null;
  const promo = skus.flatMap((sku) => (sku.promoPrice === null ? [] : [sku.promoPrice]));
  if (promo.length === 0) return null;
  return { price: yuanOf(Math.min(...promo)), ends_at: (product.promoEnd as Date).toISOString() };
}

/** The card of a product from its row and SKUs: the lowest current price, its market price, the discount. */
export function toCard(product: ProductRow, skus: readonly SkuRow[], now: Date): ProductCard {
  let cheapest: SkuRow | undefined;
  for (const sku of skus) {
    if (!cheapest || currentPrice(product, sku, now) < currentPrice(product, cheapest, now)) cheapest = sku;
  }
  const price = cheapest ? currentPrice(product, cheapest, now) : 0;
  const marketPrice = cheapest?.marketPrice ?? null;
  return {
    pid: product.id,
    title: product.title,
    cover: product.images[0] ?? '',
    price: yuanOf(price),
    market_price: optionalYuan(marketPrice),
    discount: discountPercent(price, marketPrice),
    sales: product.sales,
    stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
    promotion: promotionOf(product, skus, now),
  };
}

/** The SKUs of these products, by pid, in id order. */
export async function skusOf(db: Db, pids: readonly number[]): Promise<Map<number, SkuRow[]>> {
  const byProduct = new Map<number, SkuRow[]>(pids.map((pid) => [pid, []]));
  if (pids.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(shopSkus)
    .where(inArray(shopSkus.productId, [...pids]))
    .orderBy(asc(shopSkus.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/** The cards of these products (on sale or not), by pid. */
export async function productCards(
  db: Db,
  pids: readonly number[],
  now = new Date(),
): Promise<Map<number, ProductCard>> {
  if (pids.length === 0) return new Map();
  const products = await db
    .select()
    .from(shopProducts)
    .where(inArray(shopProducts.id, [...pids]));
  const skus = await skusOf(db, pids);
  return new Map(products.map((product) => [product.id, toCard(product, skus.get(product.id) ?? [], now)]));
}

/** SQL of a product's lowest current SKU price at `now` (the price sorts). */
export function lowestPriceSql(now: Date): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`(select min(case when ${shopProducts.promoStart} <= ${at} and ${at} < ${shopProducts.promoEnd} and ${shopSkus.promoPrice} is not null then ${shopSkus.promoPrice} else ${shopSkus.price} end) from ${shopSkus} where ${shopSkus.productId} = ${shopProducts.id})`;
}
