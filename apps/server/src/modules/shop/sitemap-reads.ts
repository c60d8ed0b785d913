// Reads the sitemap lists the shop by (contract sitemap.ts has the rules): products on
// sale, keyset-paged by id, the newest edit within an id range, and the categories that
// hold something on sale.
import { and, eq, exists, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type IdRange, type IdStamp, type IdWindow, idWindowOrder, idWindowWhere } from '../../platform/id-window.ts';
import { allCategories } from './categories.service.ts';
import { shopCategories, shopProducts } from './shop.tables.ts';

const isOnSale: SQL = eq(shopProducts.onSale, true);

/** Products on sale in a window of product ids, with their title and last edit as lastmod. */
export async function onSaleProductStamps(db: Db, window: IdWindow): Promise<(IdStamp & { title: string })[]> {
  return db
    .select({ id: shopProducts.id, title: shopProducts.title, lastmod: shopProducts.updatedAt })
    .from(shopProducts)
    .where(and(isOnSale, ...idWindowWhere(shopProducts.id, window)))
    .orderBy(idWindowOrder(shopProducts.id, window))
    .limit(window.limit);
}

/** The newest lastmod of the products on sale with ids in `range`; null when there are none. */
export async function onSaleProductsLastmod(db: Db, range: IdRange): Promise<Date | null> {
  const [row] = await db
    .select({ lastmod: max(shopProducts.updatedAt) })
    .from(shopProducts)
    .where(and(isOnSale, ...idWindowWhere(shopProducts.id, range)));
  return row?.lastmod ?? null;
}

/** A category page: the ids and names from the top category down to it. */
export type CategoryTrail = { cids: number[]; names: string[] };

/**
 * Every category that holds a product on sale, itself or in a category under it, in tree
 * order (each level by sort, then id; a category before the ones under it). A shop has
 * tens of categories: they are read whole, and each is asked once whether it holds
 * something on sale (shop_products_category_idx).
 */
export async function categoryTrailsOnSale(db: Db): Promise<CategoryTrail[]> {
  const [rows, holding] = await Promise.all([
    allCategories(db),
    db
      .select({ id: shopCategories.id })
      .from(shopCategories)
      .where(
        exists(
          db
            .select({ id: shopProducts.id })
            .from(shopProducts)
            .where(and(eq(shopProducts.categoryId, shopCategories.id), isOnSale)),
        ),
      ),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // A category with something on sale below it is worth a visit too: mark the ancestors.
  const listed = new Set<number>();
  for (const { id } of holding) {
    let current = byId.get(id);
    while (current && !listed.has(current.id)) {
      listed.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
  }
  const childrenOf = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const parent = row.parentId !== null && byId.has(row.parentId) ? row.parentId : null;
    const siblings = childrenOf.get(parent);
    if (siblings) siblings.push(row);
    else childrenOf.set(parent, [row]);
  }
  const trails: CategoryTrail[] = [];
  const visit = (parent: number | null, above: CategoryTrail) => {
    for (const row of childrenOf.get(parent) ?? []) {
      if (!listed.has(row.id) || above.cids.includes(row.id)) continue;
      const trail = { cids: [...above.cids, row.id], names: [...above.names, row.name] };
      trails.push(trail);
      visit(row.id, trail);
    }
  };
  visit(null, { cids: [], names: [] });
  return trails;
}
