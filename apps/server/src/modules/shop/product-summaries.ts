import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { skusOf, toCard } from './product-cards.ts';
import { shopProducts } from './shop.tables.ts';

/**
 * A product as another module shows it in a card (a product shared into a chat): its
 * title, cover, lowest current price (yuan, two decimals) and whether it is on sale.
 */
export type ProductSummary = { id: number; title: string; cover: string; price: string; onSale: boolean };

/** Summaries of the products with these ids (on sale or not), by id; unknown ids are missing. */
export async function findProductSummaries(
  db: Db,
  ids: readonly number[],
  now = new Date(),
): Promise<Map<number, ProductSummary>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const [products, skus] = await Promise.all([
    db.select().from(shopProducts).where(inArray(shopProducts.id, wanted)),
    skusOf(db, wanted),
  ]);
  return new Map(
    products.map((product): [number, ProductSummary] => {
      const card = toCard(product, skus.get(product.id) ?? [], now);
      return [
        product.id,
        { id: product.id, title: card.title, cover: card.cover, price: card.price, onSale: product.onSale },
      ];
    }),
  );
}
