import { type AdminProduct, AppError, type adminProductSave } from '@evcircle/contract';
import { and, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { isValidStorageKey } from '../../platform/storage/keys.ts';
import { allCategories } from './categories.service.ts';
import { fenOf, optionalYuan, yuanOf } from './money.ts';
import { productCards } from './product-cards.ts';
import { shopCategories, shopProducts, shopSkus, shopSpecGroups, shopSpecOptions } from './shop.tables.ts';
import { safeDescription } from './shop-html.ts';

export type ProductInput = z.output<NonNullable<(typeof adminProductSave)['body']>>;

/** The key of an SKU: its option ids sorted ascending, joined by ','. */
export function skuKeyOf(apids: readonly number[]): string {
  return [...apids].sort((a, b) => a - b).join(',');
}

const IMAGE_EXTENSION = /\.(?:jpe?g|png|webp|gif|avif)$/i;

/**
 * The storage key an admin meant by an image address: the key itself or `/files/<key>`.
 * Anything else (an address on another site, a key that is not an image) is
 * UPLOAD_NOT_FOUND; with `storage`, so is a key with no stored file.
 */
async function storedImageKeys(images: readonly string[], storage?: Pick<StorageProvider, 'exists'>) {
  const keys = images.map((src) => {
    const key = src.trim().replace(/^\/files\//, '');
    if (!isValidStorageKey(key) || !IMAGE_EXTENSION.test(key)) throw new AppError('UPLOAD_NOT_FOUND');
    return key;
  });
  if (storage) {
    for (const key of new Set(keys)) if (!(await storage.exists(key))) throw new AppError('UPLOAD_NOT_FOUND');
  }
  return keys;
}

type PlannedSku = {
  options: string[];
  price: number;
  marketPrice: number | null;
  promoPrice: number | null;
  stock: number;
};

/** Checks specs and SKUs (every combination exactly once) and prices; answers them in fen. */
function plannedSkus(input: ProductInput): PlannedSku[] {
  const invalid = (detail: string) => new AppError('SKUS_INVALID', { detail });
  const groupNames = input.specs.map((group) => group.name);
  if (new Set(groupNames).size !== groupNames.length) throw invalid('规格名重复');
  for (const group of input.specs) {
    if (new Set(group.options).size !== group.options.length) throw invalid(`规格“${group.name}”的值重复`);
  }
  const combinations = input.specs.reduce((n, group) => n * group.options.length, 1);
  if (input.skus.length !== combinations) throw invalid(`应有 ${combinations} 个 SKU，实际 ${input.skus.length} 个`);
  const seen = new Set<string>();
  return input.skus.map((sku) => {
    if (sku.options.length !== input.specs.length) throw invalid('每个 SKU 须为每个规格选一个值');
    sku.options.forEach((option, i) => {
      if (!input.specs[i]?.options.includes(option)) throw invalid(`规格值“${option}”不存在`);
    });
    const combination = JSON.stringify(sku.options);
    if (seen.has(combination)) throw invalid(`组合“${sku.options.join('/')}”重复`);
    seen.add(combination);
    const price = fenOf(sku.price);
    if (price <= 0) throw invalid('售价须大于 0');
    const marketPrice = sku.market_price === '' ? null : fenOf(sku.market_price);
    if (marketPrice !== null && marketPrice < price) throw invalid('划线价不能低于售价');
    const promoPrice = sku.promo_price === '' ? null : fenOf(sku.promo_price);
    return { options: sku.options, price, marketPrice, promoPrice, stock: sku.stock };
  });
}

/** The promotion window; PROMOTION_INVALID when promo prices have none, it ends first, or a promo price is not lower. */
function promotionWindow(input: ProductInput, skus: readonly PlannedSku[]): { start: Date | null; end: Date | null } {
  const invalid = (detail: string) => new AppError('PROMOTION_INVALID', { detail });
  const start = input.promo_start === '' ? null : new Date(input.promo_start);
  const end = input.promo_end === '' ? null : new Date(input.promo_end);
  if ((start === null) !== (end === null)) throw invalid('请同时填写开始和结束时间');
  for (const time of [start, end]) {
    const year = time?.getUTCFullYear() ?? 2000;
    if (year < 2000 || year > 9999) throw invalid('时间超出范围');
  }
  const promoted = skus.filter((sku) => sku.promoPrice !== null);
  if (promoted.length > 0 && start === null) throw invalid('设置了促销价，须填写促销时间');
  if (start !== null && end !== null && end.getTime() <= start.getTime()) throw invalid('结束时间须晚于开始时间');
  for (const sku of promoted) {
    if ((sku.promoPrice as number) <= 0 || (sku.promoPrice as number) >= sku.price) throw invalid('促销价须低于售价');
  }
  return { start, end };
}

/**
 * Creates (no pid) or replaces a product, the admin endpoint's and the seed's one way.
 * Specs and SKUs are replaced wholesale, but an option keeps its apid while its group
 * name and option name stay, and an SKU keeps its id while its options stay (cart lines
 * name SKUs by their options, so they survive the edit; a line whose SKU went shows as
 * unavailable). With `storage`, every image must be a stored file. Answers the pid.
 */
export async function saveProduct(
  db: Db,
  input: ProductInput,
  storage?: Pick<StorageProvider, 'exists'>,
): Promise<number> {
  const skus = plannedSkus(input);
  const window = promotionWindow(input, skus);
  const images = await storedImageKeys(input.images, storage);
  if (images.length === 0) throw new AppError('UPLOAD_NOT_FOUND');
  const fields = {
    categoryId: input.cid,
    title: input.title,
    description: safeDescription(input.description),
    images,
    onSale: input.on_sale,
    promoStart: window.start,
    promoEnd: window.end,
    updatedAt: new Date(),
  };
  return transaction(db, async (tx, announce) => {
    // The category stays while the product is written (deleteCategory locks it too).
    const [category] = await tx
      .select({ id: shopCategories.id })
      .from(shopCategories)
      .where(eq(shopCategories.id, input.cid))
      .for('share');
    if (!category) throw new AppError('CATEGORY_NOT_FOUND');
    let pid: number;
    if (input.pid === undefined) {
      const [row] = await tx.insert(shopProducts).values(fields).returning({ id: shopProducts.id });
      if (!row) throw new Error('product insert returned no row');
      pid = row.id;
    } else {
      const [row] = await tx
        .update(shopProducts)
        .set(fields)
        .where(eq(shopProducts.id, input.pid))
        .returning({ id: shopProducts.id });
      if (!row) throw new AppError('PRODUCT_NOT_FOUND');
      pid = row.id;
    }
    const apidsOf = await replaceSpecs(tx, pid, input.specs);
    await replaceSkus(tx, pid, skus, apidsOf);
    await announce('product.changed', { productId: pid });
    return pid;
  });
}

/** Writes the spec groups and options, keeping the ids of those that stay; answers option names → apids. */
async function replaceSpecs(
  tx: Db,
  pid: number,
  specs: ProductInput['specs'],
): Promise<(groupIndex: number, option: string) => number> {
  const groups = await tx
    .select({ id: shopSpecGroups.id, name: shopSpecGroups.name })
    .from(shopSpecGroups)
    .where(eq(shopSpecGroups.productId, pid));
  const groupIds = new Map(groups.map((group) => [group.name, group.id]));
  const keptGroups = specs.map((group) => groupIds.get(group.name)).filter((id) => id !== undefined);
  await tx
    .delete(shopSpecGroups)
    .where(
      keptGroups.length > 0
        ? and(eq(shopSpecGroups.productId, pid), notInArray(shopSpecGroups.id, keptGroups))
        : eq(shopSpecGroups.productId, pid),
    );
  const apids = new Map<string, number>();
  for (const [position, group] of specs.entries()) {
    let groupId = groupIds.get(group.name);
    if (groupId === undefined) {
      const [row] = await tx
        .insert(shopSpecGroups)
        .values({ productId: pid, name: group.name, position })
        .returning({ id: shopSpecGroups.id });
      if (!row) throw new Error('spec group insert returned no row');
      groupId = row.id;
    } else {
      await tx.update(shopSpecGroups).set({ position }).where(eq(shopSpecGroups.id, groupId));
    }
    const options = await tx
      .select({ id: shopSpecOptions.id, name: shopSpecOptions.name })
      .from(shopSpecOptions)
      .where(eq(shopSpecOptions.groupId, groupId));
    const optionIds = new Map(options.map((option) => [option.name, option.id]));
    const stale = options.filter((option) => !group.options.includes(option.name)).map((option) => option.id);
    if (stale.length > 0) await tx.delete(shopSpecOptions).where(inArray(shopSpecOptions.id, stale));
    for (const [optionPosition, name] of group.options.entries()) {
      let apid = optionIds.get(name);
      if (apid === undefined) {
        const [row] = await tx
          .insert(shopSpecOptions)
          .values({ groupId, productId: pid, name, position: optionPosition })
          .returning({ id: shopSpecOptions.id });
        if (!row) throw new Error('spec option insert returned no row');
        apid = row.id;
      } else {
        await tx.update(shopSpecOptions).set({ position: optionPosition }).where(eq(shopSpecOptions.id, apid));
      }
      apids.set(`${position}\u0000${name}`, apid);
    }
  }
  return (groupIndex, option) => {
    const apid = apids.get(`${groupIndex}\u0000${option}`);
    if (apid === undefined) throw new Error(`no apid for ${groupIndex}/${option}`);
    return apid;
  };
}

/** Upserts the SKUs by their option set and removes the ones that went. */
async function replaceSkus(
  tx: Db,
  pid: number,
  skus: readonly PlannedSku[],
  apidOf: (groupIndex: number, option: string) => number,
): Promise<void> {
  const rows = skus.map((sku) => {
    const apids = sku.options.map((option, i) => apidOf(i, option));
    return {
      productId: pid,
      skuKey: skuKeyOf(apids),
      apids,
      price: sku.price,
      marketPrice: sku.marketPrice,
      promoPrice: sku.promoPrice,
      stock: sku.stock,
    };
  });
  const keys = rows.map((row) => row.skuKey);
  await tx.delete(shopSkus).where(and(eq(shopSkus.productId, pid), notInArray(shopSkus.skuKey, keys)));
  await tx
    .insert(shopSkus)
    .values(rows)
    .onConflictDoUpdate({
      target: [shopSkus.productId, shopSkus.skuKey],
      set: {
        apids: sql`excluded.apids`,
        price: sql`excluded.price`,
        marketPrice: sql`excluded.market_price`,
        promoPrice: sql`excluded.promo_price`,
        stock: sql`excluded.stock`,
      },
    });
}

/** Sets how many a product has sold (the seed; orders are not built yet). */
export async function setProductSales(db: Db, pid: number, sales: number): Promise<void> {
  const rows = await db
    .update(shopProducts)
    .set({ sales })
    .where(eq(shopProducts.id, pid))
    .returning({ id: shopProducts.id });
  if (rows.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
}

/** Sets a product's curated weight (the `default` sort: higher first, then newest). */
export async function setProductWeight(db: Db, pid: number, weight: number): Promise<void> {
  const rows = await db
    .update(shopProducts)
    .set({ weight })
    .where(eq(shopProducts.id, pid))
    .returning({ id: shopProducts.id });
  if (rows.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
}

/** Puts a product on sale or takes it off; PRODUCT_NOT_FOUND for an unknown pid. */
export async function setProductOnSale(db: Db, pid: number, onSale: boolean): Promise<void> {
  await transaction(db, async (tx, announce) => {
    const rows = await tx
      .update(shopProducts)
      .set({ onSale, updatedAt: new Date() })
      .where(eq(shopProducts.id, pid))
      .returning({ id: shopProducts.id });
    if (rows.length === 0) throw new AppError('PRODUCT_NOT_FOUND');
    await announce('product.changed', { productId: pid });
  });
}

/** The product as the admin edits it, on sale or not. */
export async function adminProduct(db: Db, pid: number): Promise<AdminProduct> {
  const [product] = await db.select().from(shopProducts).where(eq(shopProducts.id, pid));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const groups = await db
    .select({ id: shopSpecGroups.id, name: shopSpecGroups.name })
    .from(shopSpecGroups)
    .where(eq(shopSpecGroups.productId, pid))
    .orderBy(shopSpecGroups.position);
  const options = await db
    .select({ id: shopSpecOptions.id, groupId: shopSpecOptions.groupId, name: shopSpecOptions.name })
    .from(shopSpecOptions)
    .where(eq(shopSpecOptions.productId, pid))
    .orderBy(shopSpecOptions.position);
  const skus = await db.select().from(shopSkus).where(eq(shopSkus.productId, pid)).orderBy(shopSkus.id);
  const optionName = new Map(options.map((option) => [option.id, option.name]));
  return {
    pid: product.id,
    cid: product.categoryId,
    title: product.title,
    description: safeDescription(product.description),
    images: product.images,
    on_sale: product.onSale,
    specs: groups.map((group) => ({
      name: group.name,
      options: options.filter((option) => option.groupId === group.id).map((option) => option.name),
    })),
    skus: skus.map((sku) => ({
      options: sku.apids.map((apid) => optionName.get(apid) ?? ''),
      price: yuanOf(sku.price),
      market_price: optionalYuan(sku.marketPrice),
      promo_price: optionalYuan(sku.promoPrice),
      stock: sku.stock,
    })),
    promo_start: product.promoStart?.toISOString() ?? '',
    promo_end: product.promoEnd?.toISOString() ?? '',
    sales: product.sales,
  };
}

/** Every product, on sale or not, newest first; `word` matches the title. */
export async function adminProductList(db: Db, query: { page: number; size: number; word: string }) {
  const where = query.word === '' ? undefined : ilike(shopProducts.title, `%${escapeLike(query.word)}%`);
  const [total] = await db.select({ n: count() }).from(shopProducts).where(where);
  const rows = await db
    .select({ id: shopProducts.id, onSale: shopProducts.onSale, categoryId: shopProducts.categoryId })
    .from(shopProducts)
    .where(where)
    .orderBy(desc(shopProducts.createdAt), desc(shopProducts.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const cards = await productCards(
    db,
    rows.map((row) => row.id),
  );
  const categories = await allCategories(db);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const items = rows.flatMap((row) => {
    const card = cards.get(row.id);
    if (!card) return [];
    return [{ ...card, on_sale: row.onSale, cid: row.categoryId, category: names.get(row.categoryId) ?? '' }];
  });
  const n = total?.n ?? 0;
  return { items, total: n, hasMore: query.page * query.size < n };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
