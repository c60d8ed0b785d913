import { randomInt } from 'node:crypto';
import { adminCategorySave, adminProductSave, productInfo, uploadImage } from '@evcircle/contract';
import type { LoggedInUser } from './login.ts';
import { noisePng } from './media.ts';

/** A product an admin made through the API for a journey: its pid and the apids of each SKU by option name. */
export type TestProduct = { pid: number; cid: number; title: string; apids: Record<string, number[]> };

/**
 * An admin makes a category and a product on sale in it, with one spec group 颜色 whose
 * SKUs are `skus` (option name → price and stock), through the real admin calls.
 */
export async function createTestProduct(
  admin: LoggedInUser,
  skus: Record<string, { price: string; stock: number; market_price?: string }>,
): Promise<TestProduct> {
  const tag = String(randomInt(10_000, 100_000));
  const { cid } = await admin.api.call(adminCategorySave, { cname: `测试${tag}` });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(noisePng(32))], { type: 'image/png' }), 'cover.png');
  const image = await admin.api.call(uploadImage, form);
  const title = `测试脚垫 ${tag}`;
  const names = Object.keys(skus);
  const { pid } = await admin.api.call(adminProductSave, {
    cid,
    title,
    description: '<p>测试商品</p>',
    images: [image.path],
    specs: [{ name: '颜色', options: names }],
    skus: names.map((name) => ({
      options: [name],
      price: skus[name]?.price ?? '1',
      market_price: skus[name]?.market_price ?? '',
      promo_price: '',
      stock: skus[name]?.stock ?? 0,
    })),
    on_sale: true,
  });
  const product = await admin.api.call(productInfo, { pid });
  const apids: Record<string, number[]> = {};
  for (const option of product.specs[0]?.options ?? []) apids[option.name] = [option.apid];
  return { pid, cid, title, apids };
}
