import { AppError } from '@evcircle/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { lockCart, optionNamesOf } from './cart.service.ts';
import { currentPrice, skusOf } from './product-cards.ts';
import { shopCartLines, shopProducts, shopSkus } from './shop.tables.ts';

// What the orders module needs of the shop to check out (0021-shop-orders.md): the chosen
// cart lines priced now as the cart prices them, stock reserved and given back, ordered
// lines taken out of the cart, and sales counted once an order is paid. The shop's tables
// stay the shop's: the orders module reaches them only through these.

/** A chosen cart line priced now. */
export type CheckoutLine = {
  cid: number;
  productId: number;
  skuKey: string;
  skuId: number;
  title: string;
  cover: string;
  specText: string;
  /** Fen, the promotion price while the product's promotion runs. */
  price: number;
  number: number;
  stock: number;
  /** The product is on sale and the SKU still exists (it may be sold out: see `stock`). */
  listed: boolean;
};

/** What an order holds of one SKU: the amount reserved, given back or sold. */
export type StockItem = { productId: number; skuKey: string; number: number };

/**
 * The user's cart lines `cids`, in the order asked, each priced now (promotion prices as
 * the cart). CART_LINE_NOT_FOUND when any of them is not in the user's cart. Inside a
 * transaction, the user's cart is locked until it ends (no add or delete in between).
 */
export async function checkoutLines(
  db: Db,
  userId: number,
  cids: readonly number[],
  now: Date,
  { lock = false } = {},
): Promise<CheckoutLine[]> {
  const wanted = [...new Set(cids)];
  if (lock) await lockCart(db, userId);
  const lines = await db
    .select()
    .from(shopCartLines)
    .where(and(eq(shopCartLines.userId, userId), inArray(shopCartLines.id, wanted)));
  if (lines.length !== wanted.length) throw new AppError('CART_LINE_NOT_FOUND');
  const byId = new Map(lines.map((line) => [line.id, line]));
  const pids = [...new Set(lines.map((line) => line.productId))];
  const products = await db.select().from(shopProducts).where(inArray(shopProducts.id, pids));
  const productById = new Map(products.map((product) => [product.id, product]));
  const skus = await skusOf(db, pids);
  const optionNames = await optionNamesOf(db, pids);
  return wanted.map((cid) => {
    const line = byId.get(cid);
    if (!line) throw new AppError('CART_LINE_NOT_FOUND');
    const product = productById.get(line.productId);
    const sku = skus.get(line.productId)?.find((row) => row.skuKey === line.skuKey);
    const apids = sku?.apids ?? [];
    return {
      cid,
      productId: line.productId,
      skuKey: line.skuKey,
      skuId: sku?.id ?? 0,
      title: product?.title ?? '',
      cover: product?.images[0] ?? '',
      specText: apids
        .flatMap((apid) => {
          const option = optionNames.get(apid);
          return option ? [`${option.group}：${option.name}`] : [];
        })
        .join('；'),
      price: product && sku ? currentPrice(product, sku, now) : 0,
      number: line.number,
      stock: sku?.stock ?? 0,
      listed: product?.onSale === true && sku !== undefined,
    };
  });
}

/** Items ordered by SKU identity, so every transaction locks SKU rows in the same order (no deadlock). */
function inLockOrder(items: readonly StockItem[]): StockItem[] {
  return [...items].sort(
    (a, b) => a.productId - b.productId || (a.skuKey < b.skuKey ? -1 : a.skuKey > b.skuKey ? 1 : 0),
  );
}

/**
 * Takes `number` of each SKU out of stock, in the caller's transaction: the SKU rows are
 * locked (in one order for everyone), then decremented only where `stock >= number`, so
 * two buyers of the last unit cannot both have it. STOCK_NOT_ENOUGH (with what is left)
 * for the first SKU short; the caller's transaction then rolls every decrement back.
 */
export async function reserveStock(tx: Db, items: readonly StockItem[]): Promise<void> {
  for (const item of inLockOrder(items)) {
    const [locked] = await tx
      .select({ id: shopSkus.id, stock: shopSkus.stock })
      .from(shopSkus)
      .where(and(eq(shopSkus.productId, item.productId), eq(shopSkus.skuKey, item.skuKey)))
      .for('update');
    if (!locked) throw new AppError('STOCK_NOT_ENOUGH', { stock: 0 }, { stock: 0 });
    const taken = await tx
      .update(shopSkus)
      .set({ stock: sql`${shopSkus.stock} - ${item.number}` })
      .where(and(eq(shopSkus.id, locked.id), sql`${shopSkus.stock} >= ${item.number}`))
      .returning({ id: shopSkus.id });
    if (taken.length === 0) {
      const left = Math.max(0, locked.stock);
      throw new AppError('STOCK_NOT_ENOUGH', { stock: left }, { stock: left });
    }
  }
}

/** Gives reserved stock back (an order cancelled or refunded before shipping); an SKU since removed takes nothing. */
export async function releaseStock(tx: Db, items: readonly StockItem[]): Promise<void> {
  for (const item of inLockOrder(items)) {
    await tx
      .update(shopSkus)
      .set({ stock: sql`${shopSkus.stock} + ${item.number}` })
      .where(and(eq(shopSkus.productId, item.productId), eq(shopSkus.skuKey, item.skuKey)));
  }
}

/** Takes ordered lines out of the user's cart, in the caller's transaction. */
export async function removeOrderedLines(tx: Db, userId: number, cids: readonly number[]): Promise<void> {
  if (cids.length === 0) return;
  await tx.delete(shopCartLines).where(and(eq(shopCartLines.userId, userId), inArray(shopCartLines.id, [...cids])));
}

/** Counts sold units into the products' `sales` (an order was paid), in the caller's transaction. */
export async function addProductSales(
  tx: Db,
  items: readonly Pick<StockItem, 'productId' | 'number'>[],
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const item of items) byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + item.number);
  for (const [productId, number] of [...byProduct].sort(([a], [b]) => a - b)) {
    await tx
      .update(shopProducts)
      .set({ sales: sql`${shopProducts.sales} + ${number}` })
      .where(eq(shopProducts.id, productId));
  }
}
