// Reads the search module indexes products by and answers them with: the text of a
// product, products on sale lacking an index row, and a ranked page of products on sale
// joined to an index.
import type { ProductCard } from '@evcircle/contract';
import { and, asc, count, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../platform/db.ts';
import { type IdRange, idWindowWhere } from '../../platform/id-window.ts';
import { allCategories, categoryPath, descendantsOf } from './categories.service.ts';
import { productCards } from './product-cards.ts';
import { shopProducts, shopSpecGroups, shopSpecOptions } from './shop.tables.ts';

/** What a product is found by; `onSale` false means it must not be found. */
export type ProductText = {
  id: number;
  onSale: boolean;
  title: string;
  /** The description as plain text. */
  description: string;
  /** Names of its category path, top first. */
  categories: string[];
  /** Spec group and option names (颜色, 黑色, 车型, Model Y …). */
  specs: string[];
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** A stored (sanitized) description as plain text: tags dropped, blocks kept apart. */
function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h3|\/h4)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

async function textsOf(db: Db, rows: readonly (typeof shopProducts.$inferSelect)[]): Promise<ProductText[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [categories, groups, options] = await Promise.all([
    allCategories(db),
    db
      .select({ productId: shopSpecGroups.productId, name: shopSpecGroups.name })
      .from(shopSpecGroups)
      .where(inArray(shopSpecGroups.productId, ids))
      .orderBy(asc(shopSpecGroups.position)),
    db
      .select({ productId: shopSpecOptions.productId, name: shopSpecOptions.name })
      .from(shopSpecOptions)
      .where(inArray(shopSpecOptions.productId, ids))
      .orderBy(asc(shopSpecOptions.position)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    onSale: row.onSale,
    title: row.title,
    description: plainText(row.description),
    categories: categoryPath(categories, row.categoryId).map((node) => node.cname),
    specs: [...groups, ...options].filter((spec) => spec.productId === row.id).map((spec) => spec.name),
  }));
}

/** The text of one product (on sale or not); null when there is none. */
export async function findProductText(db: Db, pid: number): Promise<ProductText | null> {
  const rows = await db.select().from(shopProducts).where(eq(shopProducts.id, pid));
  const [text] = await textsOf(db, rows);
  return text ?? null;
}

/** The ids of the products in a category and every category under it. */
export async function productIdsUnderCategory(db: Db, cid: number): Promise<number[]> {
  const categories = descendantsOf(await allCategories(db), cid);
  const rows = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .where(inArray(shopProducts.categoryId, categories));
  return rows.map((row) => row.id);
}

/**
 * Up to `window.limit` products on sale with ids in the window, by id, that
 * `missing(shopProducts.id)` holds for (the caller's NOT EXISTS over its own index).
 */
export async function onSaleProductTextsWhere(
  db: Db,
  missing: (productId: AnyPgColumn) => SQL,
  window: IdRange & { limit: number },
): Promise<ProductText[]> {
  const rows = await db
    .select()
    .from(shopProducts)
    .where(and(eq(shopProducts.onSale, true), ...idWindowWhere(shopProducts.id, window), missing(shopProducts.id)))
    .orderBy(asc(shopProducts.id))
    .limit(window.limit);
  return textsOf(db, rows);
}

/** The highest product id there is (0 with none). */
export async function lastProductId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(shopProducts.id) }).from(shopProducts);
  return row?.id ?? 0;
}

export type RankedProductsOptions = {
  /** The index table and its product id column, joined to products. */
  index: PgTable;
  indexProductId: AnyPgColumn;
  /** Which index rows match, and their relevance (higher first). */
  match: SQL;
  rank: SQL;
  page: number;
  size: number;
};

/**
 * One page of products on sale matching an index, most relevant first, then best
 * selling, then newest, as the shop's cards, with the total matched.
 */
export async function rankedProducts(
  db: Db,
  options: RankedProductsOptions,
): Promise<{ items: ProductCard[]; total: number; hasMore: boolean }> {
  const where = and(options.match, eq(shopProducts.onSale, true));
  const [total] = await db
    .select({ n: count() })
    .from(shopProducts)
    .innerJoin(options.index, eq(options.indexProductId, shopProducts.id))
    .where(where);
  const rows = await db
    .select({ id: shopProducts.id })
    .from(shopProducts)
    .innerJoin(options.index, eq(options.indexProductId, shopProducts.id))
    .where(where)
    .orderBy(sql`${options.rank} desc`, desc(shopProducts.sales), desc(shopProducts.createdAt), desc(shopProducts.id))
    .limit(options.size)
    .offset((options.page - 1) * options.size);
  const cards = await productCards(
    db,
    rows.map((row) => row.id),
  );
  const n = total?.n ?? 0;
  return {
    items: rows.flatMap((row) => cards.get(row.id) ?? []),
    total: n,
    hasMore: options.page * options.size < n,
  };
}
