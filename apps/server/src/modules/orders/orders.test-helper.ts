import { addressSave, cartAdd, createApiClient, orderCreate, orderPay, sandboxComplete } from '@evcircle/contract';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { Person } from '../../../test/login-as.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { grantPoints } from '../points/index.ts';
import { shopProducts, shopSkus } from '../shop/shop.tables.ts';
import { createCategory, createProduct, storeImage } from '../shop/shop-fixtures.test-helper.ts';
import { sandboxTicket } from '../vip/vip.test-helper.ts';

// Shared set-up of the orders tests: products with a known price and stock, a buyer's
// address and cart, points, and paying through the sandbox.

export function anonymous(t: TestApp) {
  return createApiClient({ baseUrl: '', signSecret: t.config.API_SIGN_SECRET, fetch: createInjectFetch(t.app) });
}

/** Each test app's category of test products (a worker runs several files, each with its own app). */
const categoryOf = new WeakMap<TestApp, number>();

/** A product on sale without specs at `price` yuan with `stock` units; answers its pid. */
export async function product(t: TestApp, price: string, stock: number, title = '车载充电线'): Promise<number> {
  let categoryId = categoryOf.get(t);
  if (categoryId === undefined) {
    await storeImage(t);
    categoryId = await createCategory(t, `订单测试${Date.now()}`);
    categoryOf.set(t, categoryId);
  }
  return createProduct(t, { cid: categoryId, title, skus: JSON.stringify([{ options: [], price, stock }]) });
}

/** Units of a product's only SKU in stock, and its sales. */
export async function stockAndSales(t: TestApp, pid: number): Promise<{ stock: number; sales: number }> {
  const [sku] = await t.app.db
    .select({ stock: shopSkus.stock })
    .from(shopSkus)
    .where(and(eq(shopSkus.productId, pid), eq(shopSkus.skuKey, '')));
  const [row] = await t.app.db.select({ sales: shopProducts.sales }).from(shopProducts).where(eq(shopProducts.id, pid));
  return { stock: sku?.stock ?? -1, sales: row?.sales ?? -1 };
}

/** Saves an address for `who`; answers its id. */
export async function address(who: Person, fields: Partial<Record<string, unknown>> = {}): Promise<number> {
  const saved = await who.api.call(addressSave, {
    name: '张三',
    mobile: '13800138000',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园南区 8 栋 101',
    is_default: true,
    ...fields,
  } as never);
  return saved.id;
}

/** Puts `number` of a product in `who`'s cart; answers the cart line. */
export async function inCart(who: Person, pid: number, number = 1): Promise<number> {
  return (await who.api.call(cartAdd, { pid, number })).cid;
}

let pointsRef = 0;
/** Gives `who` points through the ledger. */
export async function givePoints(t: TestApp, who: Person, amount: number): Promise<void> {
  pointsRef += 1;
  await grantPoints(t.app.db, who.id, amount, 'vip', `orders-test-${pointsRef}`);
}

/** A buyer's order of one product (a fresh cart line and the given address), unpaid. */
export async function orderOf(who: Person, pid: number, addressId: number, number = 1, usePoints = 0) {
  const cid = await inCart(who, pid, number);
  return who.api.call(orderCreate, { cids: [cid], address_id: addressId, use_points: usePoints });
}

/** Starts paying an order in the sandbox: the checkout's trade number and ticket. */
export async function sandboxPay(who: Person, orderNo: string) {
  const pay = await who.api.call(orderPay, { order_id: orderNo, pay_type: 'sandbox', pay_channel: 'h5' });
  return sandboxTicket(pay.pay_url || pay.code_url);
}

/** Pays an order through the sandbox's 支付成功 (the signed notification path). */
export async function payInSandbox(t: TestApp, who: Person, orderNo: string) {
  const ticket = await sandboxPay(who, orderNo);
  await anonymous(t).call(sandboxComplete, { ...ticket, outcome: 'paid' });
  return ticket;
}
