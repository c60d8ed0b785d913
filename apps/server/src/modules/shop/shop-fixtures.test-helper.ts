import { adminProductSave } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TestApp } from '../../../test/build-test-app.ts';
import { saveCategory } from './categories.service.ts';
import { type ProductInput, saveProduct } from './product-admin.service.ts';
import { shopProducts } from './shop.tables.ts';

const body = adminProductSave.body as NonNullable<typeof adminProductSave.body>;
export type ProductFields = Partial<z.input<typeof body>> & { cid: number };

/** A stored JPEG key an admin may name (the file exists in the test app's storage). */
export const IMAGE = 'shop/test/cover.jpg';

export async function storeImage(t: TestApp, key = IMAGE): Promise<string> {
  await t.app.storage.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
  return key;
}

/** The admin form of a product: on sale, one SKU at 10.00 with stock 5 unless told otherwise. */
export function productInput(fields: ProductFields): ProductInput {
  return body.parse({
    title: '测试商品',
    images: JSON.stringify([IMAGE]),
    skus: JSON.stringify([{ options: [], price: '10', stock: 5 }]),
    on_sale: '1',
    ...fields,
  });
}

/** Saves a product the way the admin endpoint does; answers its pid. */
export function createProduct(t: TestApp, fields: ProductFields): Promise<number> {
  return saveProduct(t.app.db, productInput(fields));
}

/** A category (top level unless parent_id); answers its cid. */
export function createCategory(t: TestApp, cname: string, parent_id?: number, sort = 0): Promise<number> {
  return saveCategory(t.app.db, { cname, parent_id, sort });
}

/** A promotion window relative to now, in hours. */
export function windowHours(fromH: number, toH: number): { promo_start: string; promo_end: string } {
  const now = Date.now();
  return {
    promo_start: new Date(now + fromH * 3_600_000).toISOString(),
    promo_end: new Date(now + toH * 3_600_000).toISOString(),
  };
}

/** Moves a product's promotion window in the database (to step across it without waiting). */
export async function setWindow(t: TestApp, pid: number, fromH: number, toH: number): Promise<void> {
  const window = windowHours(fromH, toH);
  await t.app.db
    .update(shopProducts)
    .set({ promoStart: new Date(window.promo_start), promoEnd: new Date(window.promo_end) })
    .where(eq(shopProducts.id, pid));
}

/** A spec'd product's SKUs in admin form: every combination of `colors` × `models`. */
export function skusOf(
  colors: readonly string[],
  models: readonly string[],
  sku: (color: string, model: string) => { price: string; stock: number; market_price?: string; promo_price?: string },
) {
  return colors.flatMap((color) => models.map((model) => ({ options: [color, model], ...sku(color, model) })));
}
