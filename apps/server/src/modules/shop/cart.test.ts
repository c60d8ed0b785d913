import {
  CART_MAX_LINES,
  cartAdd,
  cartCount,
  cartDelete,
  cartList,
  cartUpdateNumber,
  deleteAccount,
  ERRORS,
  type Product,
  productInfo,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson } from '../../../test/login-as.ts';
import { pointsLedger } from '../points/points.tables.ts';
import { saveProduct, setProductOnSale } from './product-admin.service.ts';
import { shopCartLines } from './shop.tables.ts';
import {
  createCategory,
  createProduct,
  type ProductFields,
  productInput,
  skusOf,
  storeImage,
  windowHours,
} from './shop-fixtures.test-helper.ts';

let t: TestApp;
let cid: number;
beforeAll(async () => {
  t = await buildTestApp();
  await storeImage(t);
  cid = await createCategory(t, '购物车测试');
});
afterAll(() => t.close());

const COLORS = ['黑色', '灰色'];
const MODELS = ['Model 3', 'Model Y'];

/** A floor mat in 2 colours × 2 models: 黑色 costs 199 (market 299), 灰色 159; stock per SKU as given. */
function matFields(stock: (color: string, model: string) => number, extra: Partial<ProductFields> = {}): ProductFields {
  return {
    cid,
    title: '全包围脚垫',
    specs: JSON.stringify([
      { name: '颜色', options: COLORS },
      { name: '车型', options: MODELS },
    ]),
    skus: JSON.stringify(
      skusOf(COLORS, MODELS, (color, model) => ({
        price: color === '黑色' ? '199' : '159',
        market_price: color === '黑色' ? '299' : '',
        stock: stock(color, model),
      })),
    ),
    ...extra,
  };
}

async function mat(stock: (color: string, model: string) => number = () => 10, extra: Partial<ProductFields> = {}) {
  const pid = await createProduct(t, matFields(stock, extra));
  const product = await t.api.call(productInfo, { pid });
  return { pid, product, apids: (color: string, model: string) => apidsOf(product, color, model) };
}

function apidsOf(product: Product, color: string, model: string): number[] {
  const find = (group: number, name: string) => {
    const option = product.specs[group]?.options.find((o) => o.name === name);
    if (!option) throw new Error(`no option ${name}`);
    return option.apid;
  };
  return [find(0, color), find(1, model)];
}

describe('cart calls need login', () => {
  it('answers 2011 to a visitor for every cart call', async () => {
    const calls = [
      () => t.api.call(cartAdd, { pid: 1, apids: [], number: 1 }),
      () => t.api.call(cartCount, {}),
      () => t.api.call(cartList, {}),
      () => t.api.call(cartDelete, { cids: [1] }),
      () => t.api.call(cartUpdateNumber, { cid: 1, number: 1 }),
    ];
    for (const call of calls) expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});

describe('POST /api/v1/prd/cart/add', () => {
  it('merges adds of the same SKU (options in any order) and counts every unit', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat();
    const first = await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model Y'), number: 2 });
    expect(first).toMatchObject({ number: 2, count: 2 });
    const again = await me.api.call(cartAdd, { pid, apids: [...apids('黑色', 'Model Y')].reverse(), number: 3 });
    expect(again).toEqual({ cid: first.cid, number: 5, count: 5 });
    // The comma-joined form is the same SKU too.
    const text = await me.api.request('POST', cartAdd.path, {
      pid,
      apids: apids('黑色', 'Model Y').join(','),
      number: 1,
    });
    expect(text).toEqual({ cid: first.cid, number: 6, count: 6 });
    const other = await me.api.call(cartAdd, { pid, apids: apids('灰色', 'Model Y'), number: 1 });
    expect(other.cid).not.toBe(first.cid);
    expect(await me.api.call(cartCount, {})).toEqual({ count: 7 });
    expect(await t.app.db.$count(shopCartLines, eq(shopCartLines.userId, me.id))).toBe(2);
  });

  it('keeps one line when two adds of the same SKU arrive at once', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat();
    const results = await Promise.all(
      [1, 2, 3].map(() => me.api.call(cartAdd, { pid, apids: apids('灰色', 'Model 3'), number: 2 })),
    );
    expect(new Set(results.map((r) => r.cid)).size).toBe(1);
    const lines = await t.app.db.select().from(shopCartLines).where(eq(shopCartLines.userId, me.id));
    expect(lines.map((line) => line.number)).toEqual([6]);
  });

  it('refuses options that are not exactly one of each spec group', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat();
    const [black, model3] = apids('黑色', 'Model 3') as [number, number];
    const [grey] = apids('灰色', 'Model 3') as [number, number];
    const { apids: othersApids } = await mat();
    const [foreign] = othersApids('黑色', 'Model 3') as [number, number];
    for (const bad of [
      [],
      [black],
      [black, grey],
      [black, model3, grey],
      [black, black],
      [foreign, model3],
      [black, 999_999],
    ]) {
      const error = await apiFailure(me.api.call(cartAdd, { pid, apids: bad, number: 1 }));
      expect(error, JSON.stringify(bad)).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: ERRORS.SPEC_INVALID.message,
      });
    }
    // A product without specs takes no options at all.
    const plain = await createProduct(t, { cid });
    expect((await apiFailure(me.api.call(cartAdd, { pid: plain, apids: [black], number: 1 }))).message).toBe(
      ERRORS.SPEC_INVALID.message,
    );
    expect(await me.api.call(cartAdd, { pid: plain, apids: [], number: 1 })).toMatchObject({ number: 1 });
    expect(await me.api.call(cartCount, {})).toEqual({ count: 1 });
  });

  it('refuses past the stock (saying how many more fit), a sold-out SKU, and bad numbers', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat((color) => (color === '黑色' ? 3 : 0));
    await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 2 });
    const over = await apiFailure(me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 2 }));
    expect(over).toMatchObject({ status: STATUS.CONFLICT, message: '库存不足，最多还能购买 1 件', data: { stock: 1 } });
    const soldOut = await apiFailure(me.api.call(cartAdd, { pid, apids: apids('灰色', 'Model 3'), number: 1 }));
    expect(soldOut).toMatchObject({ status: STATUS.CONFLICT, message: ERRORS.SOLD_OUT.message });
    for (const number of [0, -1, 100, 1.5, 'abc']) {
      const error = await apiFailure(
        me.api.request('POST', cartAdd.path, { pid, apids: apids('黑色', 'Model 3'), number }),
      );
      expect(error.status, String(number)).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await me.api.call(cartCount, {})).toEqual({ count: 2 });
  });

  it('refuses an unknown or off-sale product', async () => {
    const me = await newPerson(t);
    const off = await createProduct(t, { cid, on_sale: '0' });
    for (const pid of [off, 999_999]) {
      const error = await apiFailure(me.api.call(cartAdd, { pid, apids: [], number: 1 }));
      expect(error).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.PRODUCT_NOT_FOUND.message });
    }
  });

  it('refuses a new line once the cart holds CART_MAX_LINES lines, but still merges', async () => {
    const me = await newPerson(t);
    const filler = await createProduct(t, { cid });
    const { pid, apids } = await mat();
    await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 1 });
    await t.app.db.insert(shopCartLines).values(
      Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({
        userId: me.id,
        productId: filler,
        skuKey: `x${i}`,
        number: 1,
      })),
    );
    const full = await apiFailure(me.api.call(cartAdd, { pid, apids: apids('灰色', 'Model 3'), number: 1 }));
    expect(full).toMatchObject({ status: STATUS.CONFLICT, message: `购物车最多放 ${CART_MAX_LINES} 种商品` });
    expect(await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 1 })).toMatchObject({
      number: 2,
    });
  });

  it('never takes a price from the client', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat();
    await me.api.request('POST', cartAdd.path, {
      pid,
      apids: apids('黑色', 'Model 3'),
      number: 1,
      price: '0.01',
      amount: '0.01',
    });
    const cart = await me.api.call(cartList, {});
    expect(cart.prds[0]).toMatchObject({ pid, price: '199.00', amount: '199.00' });
    expect(cart.total).toBe('199.00');
  });
});

describe('GET /api/v1/prd/cart/list', () => {
  it('prices every line from the product now, splits promotions, marks what cannot be bought', async () => {
    const me = await newPerson(t);
    await t.app.db.insert(pointsLedger).values({ userId: me.id, amount: 35, reason: 'checkin', ref: 'test' });
    const plain = await mat();
    const promo = await mat(() => 10, {
      title: '促销脚垫',
      skus: JSON.stringify(
        skusOf(COLORS, MODELS, (color) => ({
          price: '100',
          promo_price: color === '黑色' ? '79.9' : '',
          stock: 10,
        })),
      ),
      ...windowHours(-1, 1),
    });
    const off = await mat();
    const empty = await mat(() => 1);

    await me.api.call(cartAdd, { pid: plain.pid, apids: plain.apids('黑色', 'Model 3'), number: 2 });
    await me.api.call(cartAdd, { pid: promo.pid, apids: promo.apids('黑色', 'Model Y'), number: 3 });
    await me.api.call(cartAdd, { pid: promo.pid, apids: promo.apids('灰色', 'Model Y'), number: 1 });
    await me.api.call(cartAdd, { pid: off.pid, apids: off.apids('灰色', 'Model 3'), number: 1 });
    await me.api.call(cartAdd, { pid: empty.pid, apids: empty.apids('灰色', 'Model 3'), number: 1 });
    await setProductOnSale(t.app.db, off.pid, false);
    // Sold out since it was added.
    const emptyInput = productInput(matFields(() => 0));
    await saveProduct(t.app.db, { ...emptyInput, pid: empty.pid });

    const cart = await me.api.call(cartList, {});
    expect(cart.balance).toBe(35);
    expect(cart.count).toBe(8);
    expect(cart.acvPrds.map((line) => [line.pid, line.spec_text, line.price, line.amount])).toEqual([
      [promo.pid, '颜色：黑色；车型：Model Y', '79.90', '239.70'],
    ]);
    expect(cart.acvPrds[0]?.promotion?.price).toBe('79.90');
    // Newest first.
    expect(cart.prds.map((line) => [line.pid, line.price, line.number, line.available])).toEqual([
      [empty.pid, '159.00', 1, false],
      [off.pid, '159.00', 1, false],
      [promo.pid, '100.00', 1, true],
      [plain.pid, '199.00', 2, true],
    ]);
    expect(cart.prds.at(-1)).toMatchObject({ market_price: '299.00', amount: '398.00', stock: 10, promotion: null });
    // 398 + 239.70 + 100
    expect(cart.total).toBe('737.70');
  });
});

describe('POST /api/v1/prd/cart/del and updnumber', () => {
  it('removes only the caller’s own lines, all or none', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    const { pid, apids } = await mat();
    const mine = await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 1 });
    const mine2 = await me.api.call(cartAdd, { pid, apids: apids('灰色', 'Model 3'), number: 2 });
    const theirs = await other.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 4 });

    for (const cids of [[theirs.cid], [mine.cid, theirs.cid], [mine.cid, 999_999]]) {
      const error = await apiFailure(me.api.call(cartDelete, { cids }));
      expect(error).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.CART_LINE_NOT_FOUND.message });
    }
    expect(await me.api.call(cartCount, {})).toEqual({ count: 3 });
    expect(await other.api.call(cartCount, {})).toEqual({ count: 4 });

    expect(await me.api.call(cartDelete, { cids: [mine.cid] })).toEqual({ result: true, count: 2 });
    expect(await me.api.request('POST', cartDelete.path, { cids: String(mine2.cid) })).toEqual({
      result: true,
      count: 0,
    });
    for (const cids of ['', '[]', 'abc']) {
      expect((await apiFailure(me.api.request('POST', cartDelete.path, { cids }))).status).toBe(
        STATUS.VALIDATION_FAILED,
      );
    }
  });

  it('changes the number of the caller’s own line up to its stock', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    const { pid, apids } = await mat(() => 4);
    const mine = await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 1 });
    const theirs = await other.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 2 });

    expect(await me.api.call(cartUpdateNumber, { cid: mine.cid, number: 4 })).toEqual({
      cid: mine.cid,
      number: 4,
      count: 4,
    });
    const over = await apiFailure(me.api.call(cartUpdateNumber, { cid: mine.cid, number: 5 }));
    expect(over).toMatchObject({ status: STATUS.CONFLICT, data: { stock: 4 } });
    const notMine = await apiFailure(me.api.call(cartUpdateNumber, { cid: theirs.cid, number: 1 }));
    expect(notMine).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.CART_LINE_NOT_FOUND.message });
    expect(await other.api.call(cartCount, {})).toEqual({ count: 2 });
    for (const number of [0, 100, 'x']) {
      const error = await apiFailure(me.api.request('POST', cartUpdateNumber.path, { cid: mine.cid, number }));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await me.api.call(cartCount, {})).toEqual({ count: 4 });
  });
});

describe('account deletion', () => {
  it('removes the account’s cart', async () => {
    const me = await newPerson(t);
    const { pid, apids } = await mat();
    await me.api.call(cartAdd, { pid, apids: apids('黑色', 'Model 3'), number: 1 });
    await me.api.call(deleteAccount, { confirm: '注销' });
    expect(await t.app.db.$count(shopCartLines, eq(shopCartLines.userId, me.id))).toBe(0);
  });
});
