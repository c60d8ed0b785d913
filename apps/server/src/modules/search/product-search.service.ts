// Product search: the index of products on sale (search_products), kept in the
// transaction that saves a product or renames its category, backfilled for products that
// have no row, and queried through the shop's ranked reads.
import type { ProductSearchHit } from '@evcircle/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  findProductText,
  lastProductId,
  onSaleProductTextsWhere,
  type ProductText,
  productIdsUnderCategory,
  rankedProducts,
} from '../shop/index.ts';
import { highlight } from './highlight.ts';
import { backfill, missingFrom, removeDocument, type SearchIndex, writeDocuments } from './index-rows.ts';
import { searchProducts } from './search.tables.ts';
import { searchTsquerySql, toTsvectorSql } from './search-sql.ts';

const PRODUCT_INDEX: SearchIndex = {
  table: searchProducts,
  id: searchProducts.productId,
  document: searchProducts.document,
};

function documentOf(product: ProductText) {
  return toTsvectorSql([
    { text: product.title, weight: 'A' },
    { text: product.categories.join(' '), weight: 'B' },
    { text: product.specs.join(' '), weight: 'C' },
    { text: product.description, weight: 'D' },
  ]);
}

/** Brings one product's row in line with it: on sale, (re)indexed; off sale or gone, removed. */
export async function reindexProduct(tx: Db, productId: number): Promise<void> {
  const product = await findProductText(tx, productId);
  if (product?.onSale) await writeDocuments(tx, PRODUCT_INDEX, [{ id: product.id, document: documentOf(product) }]);
  else await removeDocument(tx, PRODUCT_INDEX, productId);
}

/** A category's name or place changed: every product under it is found by its new path. */
export async function reindexCategory(tx: Db, categoryId: number): Promise<void> {
  for (const productId of await productIdsUnderCategory(tx, categoryId)) await reindexProduct(tx, productId);
}

/** Indexes every product on sale that has no index row; answers how many. */
export function backfillProductIndex(db: Db): Promise<number> {
  const missing = missingFrom(PRODUCT_INDEX);
  return backfill(
    db,
    PRODUCT_INDEX,
    { lastId: () => lastProductId(db), missing: (window) => onSaleProductTextsWhere(db, missing, window) },
    documentOf,
  );
}

/** One page of products on sale matching every term of `word`, titles highlighted. */
export async function searchProductsFor(
  db: Db,
  word: string,
  paging: { page: number; size: number },
): Promise<{ items: ProductSearchHit[]; total: number; hasMore: boolean }> {
  const query = searchTsquerySql(word);
  const found = await rankedProducts(db, {
    index: searchProducts,
    indexProductId: searchProducts.productId,
    match: sql`${searchProducts.document} @@ ${query}`,
    rank: sql`ts_rank_cd(${searchProducts.document}, ${query})`,
    ...paging,
  });
  return { ...found, items: found.items.map((card) => ({ ...card, highlight: highlight(card.title, word) })) };
}
