// Product search (search/info/products): products saved through the admin path are found
// by their title, category, specs and description, only while on sale.
import {
  adminCategorySave,
  adminProductOnSale,
  adminProductSave,
  ProductSearchHitSchema,
  productSearch,
  STATUS,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { createCategory, createProduct, IMAGE, storeImage } from '../shop/shop-fixtures.test-helper.ts';
import { backfillProductIndex } from './product-search.service.ts';
import { searchProducts } from './search.tables.ts';

let t: TestApp;
let admin: Person;
let top: number;
let sub: number;
const pids: Record<string, number> = {};

async function found(word: string, extra: { page?: number; size?: number } = {}): Promise<number[]> {
  return (await t.api.call(productSearch, { word, ...extra })).items.map((item) => item.pid);
}

beforeAll(async () => {
  t = await buildTestApp();
  await storeImage(t);
  admin = await newPerson(t, { role: 'admin' });
  top = await createCategory(t, '车内用品');
  sub = await createCategory(t, '脚垫', top);
  const mats = await admin.api.request('POST', adminProductSave.path, {
    cid: sub,
    title: 'TPE 全包围脚垫',
    description: '<p>环保<strong>无异味</strong>，防水易清洗</p>',
    images: JSON.stringify([IMAGE]),
    specs: JSON.stringify([{ name: '车型', options: ['Model 3', 'Model Y'] }]),
    skus: JSON.stringify([
      { options: ['Model 3'], price: '399', market_price: '599', stock: 5 },
      { options: ['Model Y'], price: '429', stock: 5 },
    ]),
    on_sale: '1',
  });
  pids.mats = (mats as { pid: number }).pid;
  pids.charger = await createProduct(t, { cid: top, title: '特斯拉便携充电枪 7kW', description: '<p>家用 220V</p>' });
  pids.film = await createProduct(t, { cid: top, title: '中控屏钢化膜 <防窥>', description: '<p>高清 & 防指纹</p>' });
  pids.hidden = await createProduct(t, { cid: top, title: '特斯拉下架测试款', on_sale: '0' });
});
afterAll(() => t.close());

describe('GET /api/v1/search/info/products', () => {
  it.each([
    ['脚垫', ['mats']], // title
    ['垫', ['mats']], // one character
    ['车内用品', ['mats', 'charger', 'film']], // category (a parent category too)
    ['model y', ['mats']], // spec option, Latin, any case
    ['无异味', ['mats']], // description, through the markup
    ['tsl', ['charger']], // pinyin initials
    ['chongdian', ['charger']], // full pinyin of a word
    ['7kw', ['charger']],
  ])('finds %s', async (word, expected) => {
    expect((await found(word)).sort()).toEqual(expected.map((name) => pids[name]).sort());
  });

  it('answers cards with total, hasMore and the title highlighted (escaped)', async () => {
    const page1 = await t.api.call(productSearch, { word: '车内用品', size: 2 });
    expect(page1.total).toBe(3);
    expect(page1.hasMore).toBe(true);
    expect(page1.items).toHaveLength(2);
    const page2 = await t.api.call(productSearch, { word: '车内用品', size: 2, page: 2 });
    expect(page2.hasMore).toBe(false);
    expect(new Set([...page1.items, ...page2.items].map((item) => item.pid)).size).toBe(3);
    const [film] = (await t.api.call(productSearch, { word: '钢化膜' })).items;
    expect(ProductSearchHitSchema.strict().parse(film)).toEqual(film);
    expect(film?.highlight).toBe('中控屏<em>钢化膜</em> &lt;防窥&gt;');
    const [mats] = (await t.api.call(productSearch, { word: '脚垫' })).items;
    expect(mats).toMatchObject({ price: '399.00', market_price: '599.00', discount: 67 });
  });

  it('ranks a title match above a description match', async () => {
    const word = `防水${Date.now()}`;
    const inText = await createProduct(t, { cid: top, title: '收纳箱', description: `<p>${word}</p>` });
    const inTitle = await createProduct(t, { cid: top, title: `${word} 车衣` });
    expect(await found(word)).toEqual([inTitle, inText]);
  });

  it('leaves products off sale out, and takes them back when they return', async () => {
    expect(await found('下架测试款')).toEqual([]);
    await admin.api.call(adminProductOnSale, { pid: pids.hidden!, on_sale: true });
    expect(await found('下架测试款')).toEqual([pids.hidden]);
    await admin.api.call(adminProductOnSale, { pid: pids.hidden!, on_sale: false });
    expect(await found('下架测试款')).toEqual([]);
    const rows = await t.app.db.select().from(searchProducts).where(eq(searchProducts.productId, pids.hidden!));
    expect(rows).toEqual([]);
  });

  it('finds products by a category’s new name once it is renamed', async () => {
    const cid = await createCategory(t, '旧分类名');
    const pid = await createProduct(t, { cid, title: '改名测试商品' });
    expect(await found('旧分类名')).toEqual([pid]);
    await admin.api.call(adminCategorySave, { cid, cname: '露营装备', sort: 0 });
    expect(await found('旧分类名')).toEqual([]);
    expect(await found('露营装备')).toEqual([pid]);
  });

  it('indexes products on sale that have no row, once', async () => {
    await t.app.db.delete(searchProducts).where(eq(searchProducts.productId, pids.charger!));
    expect(await found('充电枪')).toEqual([]);
    expect(await backfillProductIndex(t.app.db)).toBe(1);
    expect(await found('充电枪')).toEqual([pids.charger]);
    expect(await backfillProductIndex(t.app.db)).toBe(0);
  });

  it('refuses a blank or too long word with the validation status, and finds nothing for punctuation', async () => {
    for (const word of ['', '   ', '电'.repeat(101)]) {
      expect(await apiFailure(t.api.call(productSearch, { word }))).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
      });
    }
    expect(await t.api.call(productSearch, { word: "'); drop table shop_products; --" })).toEqual({
      items: [],
      total: 0,
      hasMore: false,
    });
    expect(await found('脚垫')).toEqual([pids.mats]);
  });
});
