import { AppError, CART_MAX_LINES, CART_MAX_PER_LINE, type CartLine } from '@evcircle/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { pointsBalance } from '../points/index.ts';
import { optionalYuan, yuanOf } from './money.ts';
import { skuKeyOf } from './product-admin.service.ts';
import { currentPrice, promotionRunning, type SkuRow, skusOf } from './product-cards.ts';
import { shopCartLines, shopProducts, shopSpecGroups, shopSpecOptions } from './shop.tables.ts';

// The cart (0012-shop-rules.md): a line per user and SKU, priced from the product now.

type AddInput = { pid: number; apids: number[]; number: number };

/**
 * The SKU `apids` names on a product on sale: PRODUCT_NOT_FOUND for an unknown or
 * unlisted product, SPEC_INVALID unless the apids are exactly one option of each of
 * its spec groups (in any order).
 */
async function chosenSku(db: Db, pid: number, apids: readonly number[]): Promise<SkuRow> {
  const [product] = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(and(eq(shopProducts.id, pid), eq(shopProducts.onSale, true)));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const [groups] = await db.select({ n: count() }).from(shopSpecGroups).where(eq(shopSpecGroups.productId, pid));
  const options =
    apids.length === 0
      ? []
      : await db
          .select({ id: shopSpecOptions.id, groupId: shopSpecOptions.groupId })
          .from(shopSpecOptions)
          .where(and(eq(shopSpecOptions.productId, pid), inArray(shopSpecOptions.id, [...apids])));
  const groupsChosen = new Set(options.map((option) => option.groupId));
  const valid =
    apids.length === (groups?.n ?? 0) &&
    new Set(apids).size === apids.length &&
    options.length === apids.length &&
    groupsChosen.size === apids.length;
  if (!valid) throw new AppError('SPEC_INVALID');
  const sku = ((await skusOf(db, [pid])).get(pid) ?? []).find((row) => row.skuKey === skuKeyOf(apids));
  if (!sku) throw new AppError('SPEC_INVALID');
  return sku;
}

/** The sum of the numbers of the user's lines. */
export async function cartCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${shopCartLines.number})` })
    .from(shopCartLines)
    .where(eq(shopCartLines.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Adds `number` of an SKU to the user's cart, merging with the line of the same SKU.
 * SOLD_OUT at stock 0; STOCK_NOT_ENOUGH (with how many more fit) when the merged number
 * passes the stock or CART_MAX_PER_LINE; CART_FULL for a new line at CART_MAX_LINES.
 * The user's cart writes run one at a time (a transaction lock), and the unique index
 * on (user, SKU) keeps one line per SKU even so.
 */
export async function addToCart(
  db: Db,
  userId: number,
  input: AddInput,
): Promise<{ cid: number; number: number; count: number }> {
  const sku = await chosenSku(db, input.pid, input.apids);
  if (sku.stock <= 0) throw new AppError('SOLD_OUT');
  const limit = Math.min(sku.stock, CART_MAX_PER_LINE);
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const [existing] = await tx
      .select({ number: shopCartLines.number })
      .from(shopCartLines)
      .where(
        and(
          eq(shopCartLines.userId, userId),
          eq(shopCartLines.productId, input.pid),
          eq(shopCartLines.skuKey, sku.skuKey),
        ),
      );
    const held = existing?.number ?? 0;
    if (held + input.number > limit) {
      const more = Math.max(0, limit - held);
      throw new AppError('STOCK_NOT_ENOUGH', { stock: more }, { stock: more });
    }
    if (!existing) {
      const [lines] = await tx.select({ n: count() }).from(shopCartLines).where(eq(shopCartLines.userId, userId));
      if ((lines?.n ?? 0) >= CART_MAX_LINES) throw new AppError('CART_FULL', { limit: CART_MAX_LINES });
    }
    const [line] = await tx
      .insert(shopCartLines)
      .values({ userId, productId: input.pid, skuKey: sku.skuKey, number: input.number })
      .onConflictDoUpdate({
        target: [shopCartLines.userId, shopCartLines.productId, shopCartLines.skuKey],
        set: { number: sql`${shopCartLines.number} + excluded.number`, updatedAt: new Date() },
      })
      .returning({ cid: shopCartLines.id, number: shopCartLines.number });
    if (!line) throw new Error('cart upsert returned no row');
    if (line.number > limit) {
      const more = Math.max(0, limit - (line.number - input.number));
      throw new AppError('STOCK_NOT_ENOUGH', { stock: more }, { stock: more });
    }
    return { ...line, count: await cartCount(tx, userId) };
  });
}

/** Serialises one user's cart writes until the transaction ends. */
export async function lockCart(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shop-cart:${userId}`}, 0))`);
}

/**
 * Sets a line's number: CART_LINE_NOT_FOUND for a line not the user's, PRODUCT_NOT_FOUND
 * once the product is off sale, SPEC_INVALID once its SKU is gone, STOCK_NOT_ENOUGH over the stock.
 */
export async function updateCartNumber(
  db: Db,
  userId: number,
  cid: number,
  number: number,
): Promise<{ cid: number; number: number; count: number }> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const [line] = await tx
      .select()
      .from(shopCartLines)
      .where(and(eq(shopCartLines.id, cid), eq(shopCartLines.userId, userId)));
    if (!line) throw new AppError('CART_LINE_NOT_FOUND');
    const [product] = await tx
      .select({ onSale: shopProducts.onSale })
      .from(shopProducts)
      .where(eq(shopProducts.id, line.productId));
    if (!product?.onSale) throw new AppError('PRODUCT_NOT_FOUND');
    const sku = ((await skusOf(tx, [line.productId])).get(line.productId) ?? []).find(
      (row) => row.skuKey === line.skuKey,
    );
    if (!sku) throw new AppError('SPEC_INVALID');
    if (sku.stock <= 0) throw new AppError('SOLD_OUT');
    if (number > sku.stock) throw new AppError('STOCK_NOT_ENOUGH', { stock: sku.stock }, { stock: sku.stock });
    await tx.update(shopCartLines).set({ number, updatedAt: new Date() }).where(eq(shopCartLines.id, cid));
    return { cid, number, count: await cartCount(tx, userId) };
  });
}

/** Removes lines of the user's cart; if any cid is not theirs, CART_LINE_NOT_FOUND and nothing goes. */
export async function deleteCartLines(db: Db, userId: number, cids: readonly number[]): Promise<{ count: number }> {
  const wanted = [...new Set(cids)];
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const removed = await tx
      .delete(shopCartLines)
      .where(and(eq(shopCartLines.userId, userId), inArray(shopCartLines.id, wanted)))
      .returning({ id: shopCartLines.id });
    // Throwing rolls the delete back: every line or none.
    if (removed.length !== wanted.length) throw new AppError('CART_LINE_NOT_FOUND');
    return { count: await cartCount(tx, userId) };
  });
}

/** Removes a user's whole cart (account deletion). */
export async function deleteCartOf(db: Db, userId: number): Promise<void> {
  await db.delete(shopCartLines).where(eq(shopCartLines.userId, userId));
}

/**
 * The user's cart, newest line first, each priced from its product now: lines of a
 * running promotion (their SKU has a promo price) in `acvPrds`, the rest in `prds`. A
 * line is unavailable when its product is off sale, its SKU gone or sold out; `total`
 * sums the available lines.
 */
export async function cartList(db: Db, userId: number) {
  const now = new Date();
  const lines = await db
    .select()
    .from(shopCartLines)
    .where(eq(shopCartLines.userId, userId))
    .orderBy(desc(shopCartLines.createdAt), desc(shopCartLines.id));
  const pids = [...new Set(lines.map((line) => line.productId))];
  const products = pids.length === 0 ? [] : await db.select().from(shopProducts).where(inArray(shopProducts.id, pids));
  const productById = new Map(products.map((product) => [product.id, product]));
  const skus = await skusOf(db, pids);
  const optionNames = await optionNamesOf(db, pids);

  const prds: CartLine[] = [];
  const acvPrds: CartLine[] = [];
  let total = 0;
  for (const line of lines) {
    const product = productById.get(line.productId);
    if (!product) continue;
    const sku = skus.get(line.productId)?.find((row) => row.skuKey === line.skuKey);
    const apids = sku?.apids ?? (line.skuKey === '' ? [] : line.skuKey.split(',').map(Number));
    const price = sku ? currentPrice(product, sku, now) : 0;
    const amount = price * line.number;
    const available = product.onSale && sku !== undefined && sku.stock > 0;
    const promoted = sku !== undefined && sku.promoPrice !== null && promotionRunning(product, now);
    if (available) total += amount;
    const answer: CartLine = {
      cid: line.id,
      pid: line.productId,
      sku_id: sku?.id ?? 0,
      title: product.title,
      cover: product.images[0] ?? '',
      apids,
      spec_text: apids
        .flatMap((apid) => {
          const option = optionNames.get(apid);
          return option ? [`${option.group}：${option.name}`] : [];
        })
        .join('；'),
      price: yuanOf(price),
      market_price: optionalYuan(sku?.marketPrice ?? null),
      number: line.number,
      stock: sku?.stock ?? 0,
      amount: yuanOf(amount),
      available,
      promotion: promoted ? { price: yuanOf(price), ends_at: (product.promoEnd as Date).toISOString() } : null,
    };
    (promoted ? acvPrds : prds).push(answer);
  }
  return {
    prds,
    acvPrds,
    balance: await pointsBalance(db, userId),
    total: yuanOf(total),
    count: lines.reduce((sum, line) => sum + line.number, 0),
  };
}

/** Option names and their group names by apid, for these products. */
export async function optionNamesOf(
  db: Db,
  pids: readonly number[],
): Promise<Map<number, { group: string; name: string }>> {
  if (pids.length === 0) return new Map();
  const rows = await db
    .select({ id: shopSpecOptions.id, name: shopSpecOptions.name, group: shopSpecGroups.name })
    .from(shopSpecOptions)
    .innerJoin(shopSpecGroups, eq(shopSpecGroups.id, shopSpecOptions.groupId))
    .where(inArray(shopSpecOptions.productId, [...pids]))
    .orderBy(asc(shopSpecOptions.id));
  return new Map(rows.map((row) => [row.id, { group: row.group, name: row.name }]));
}
