import {
  ERRORS,
  type ProductCard,
  productInfo,
  productQrcode,
  productsByCategory,
  STATUS,
  categoryTree as treeEndpoint,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { dataUrlBytes, decodeQr } from '../../platform/qr-login/decode-qr.test-helper.ts';
import { APP_ID, APP_SECRET, FAKE_WECHAT_PAGES, FakeWechat } from '../../platform/qr-login/fake-wechat.test-helper.ts';
import { setProductSales, setProductWeight } from './product-admin.service.ts';
import { shopProducts } from './shop.tables.ts';
import {
  createCategory,
  createProduct,
  setWindow,
  skusOf,
  storeImage,
  windowHours,
} from './shop-fixtures.test-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://che.example.cn' });
  await storeImage(t);
});
afterAll(() => t.close());

const list = (others: Record<string, unknown>, size?: number) =>
  t.api.call(productsByCategory, { others: JSON.stringify(others), ...(size ? { size } : {}) });
const titles = (items: readonly ProductCard[]) => items.map((item) => item.title);

describe('GET /api/v1/prd/info/categoryTree', () => {
  it('answers the whole tree, any depth, each level by sort then cid', async () => {
    const second = await createCategory(t, '车内收纳', undefined, 20);
    const first = await createCategory(t, '充电设备', undefined, 10);
    const tie = await createCategory(t, '轮胎打气', undefined, 20);
    const child = await createCategory(t, '家用充电桩', first, 0);
    const grandchild = await createCategory(t, '7kW 壁挂', child, 0);
    const tree = await t.api.call(treeEndpoint, {});
    const mine = tree.filter((node) => [first, second, tie].includes(node.cid));
    expect(mine.map((node) => node.cid)).toEqual([first, second, tie]);
    expect(mine[0]).toEqual({
      cid: first,
      cname: '充电设备',
      children: [{ cid: child, cname: '家用充电桩', children: [{ cid: grandchild, cname: '7kW 壁挂', children: [] }] }],
    });
  });
});

describe('GET /api/v1/prd/info/getProductsByCategory', () => {
  it('includes every category under the one asked for, only products on sale', async () => {
    const top = await createCategory(t, '脚垫');
    const mid = await createCategory(t, 'Model Y 脚垫', top);
    const leaf = await createCategory(t, '全包围', mid);
    const other = await createCategory(t, '贴膜');
    await createProduct(t, { cid: top, title: '通用脚垫' });
    await createProduct(t, { cid: mid, title: 'Model Y 脚垫' });
    await createProduct(t, { cid: leaf, title: '全包围脚垫' });
    await createProduct(t, { cid: leaf, title: '下架的脚垫', on_sale: '0' });
    await createProduct(t, { cid: other, title: '中控屏贴膜' });

    const all = await list({ cid: top, sort: 'newest' });
    expect(titles(all.items)).toEqual(['全包围脚垫', 'Model Y 脚垫', '通用脚垫']);
    expect(all.total).toBe(3);
    expect(titles((await list({ cid: mid, sort: 'newest' })).items)).toEqual(['全包围脚垫', 'Model Y 脚垫']);
    expect(titles((await list({ cid: other })).items)).toEqual(['中控屏贴膜']);
    // No cid: every category, still only on sale.
    expect(titles((await list({ sort: 'newest' }, 100)).items)).not.toContain('下架的脚垫');
  });

  it('sorts by curation, newest, current price (promotion applied) both ways, and sales', async () => {
    const cid = await createCategory(t, '排序测试');
    const a = await createProduct(t, {
      cid,
      title: '商品A',
      skus: JSON.stringify([{ options: [], price: '30', stock: 1 }]),
    });
    const b = await createProduct(t, {
      cid,
      title: '商品B',
      skus: JSON.stringify([{ options: [], price: '10', stock: 1 }]),
    });
    // Costs 40, but 5 in a running promotion: the cheapest now.
    const c = await createProduct(t, {
      cid,
      title: '商品C',
      skus: JSON.stringify([{ options: [], price: '40', promo_price: '5', stock: 1 }]),
      ...windowHours(-1, 1),
    });
    // A promotion that has not started does not count.
    const d = await createProduct(t, {
      cid,
      title: '商品D',
      skus: JSON.stringify([{ options: [], price: '20', promo_price: '1', stock: 1 }]),
      ...windowHours(1, 2),
    });
    await setProductSales(t.app.db, a, 7);
    await setProductSales(t.app.db, b, 50);
    await setProductSales(t.app.db, c, 1);
    await setProductSales(t.app.db, d, 9);
    await setProductWeight(t.app.db, b, 10);
    await setProductWeight(t.app.db, a, 5);

    expect(titles((await list({ cid })).items)).toEqual(['商品B', '商品A', '商品D', '商品C']);
    expect(titles((await list({ cid, sort: 'default' })).items)).toEqual(['商品B', '商品A', '商品D', '商品C']);
    expect(titles((await list({ cid, sort: 'newest' })).items)).toEqual(['商品D', '商品C', '商品B', '商品A']);
    expect(titles((await list({ cid, sort: 'price_asc' })).items)).toEqual(['商品C', '商品B', '商品D', '商品A']);
    expect(titles((await list({ cid, sort: 'price_desc' })).items)).toEqual(['商品A', '商品D', '商品B', '商品C']);
    expect(titles((await list({ cid, sort: 'sales' })).items)).toEqual(['商品B', '商品D', '商品A', '商品C']);
  });

  it('pages with total and hasMore', async () => {
    const cid = await createCategory(t, '分页测试');
    for (const n of [1, 2, 3, 4, 5]) await createProduct(t, { cid, title: `商品${n}` });
    const page1 = await list({ cid, page: 1, sort: 'newest' }, 2);
    const page2 = await list({ cid, page: 2, sort: 'newest' }, 2);
    const page3 = await list({ cid, page: 3, sort: 'newest' }, 2);
    expect([titles(page1.items), titles(page2.items), titles(page3.items)]).toEqual([
      ['商品5', '商品4'],
      ['商品3', '商品2'],
      ['商品1'],
    ]);
    expect([page1.hasMore, page2.hasMore, page3.hasMore]).toEqual([true, true, false]);
    expect(page3.total).toBe(5);
    expect(await list({ cid, page: 4 }, 2)).toEqual({ items: [], total: 5, hasMore: false });
  });

  it('answers CATEGORY_NOT_FOUND for an unknown cid', async () => {
    const error = await apiFailure(list({ cid: 999_999 }));
    expect(error).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.CATEGORY_NOT_FOUND.message });
  });

  it('refuses `others` that is not JSON, an unknown sort and a bad size with the validation status', async () => {
    for (const query of [
      { others: '{cid:1' },
      { others: 'hello' },
      { others: JSON.stringify({ sort: 'cheapest' }) },
      { others: JSON.stringify({ cid: 'x' }) },
      { others: JSON.stringify({ page: 0 }) },
      { size: '0' },
    ]) {
      const error = await apiFailure(t.api.request('GET', productsByCategory.path, query));
      expect(error.status, JSON.stringify(query)).toBe(STATUS.VALIDATION_FAILED);
    }
  });
});

describe('GET /api/v1/prd/info/info', () => {
  it('answers the product with prices, the discount, specs, SKUs, images and its category path', async () => {
    const top = await createCategory(t, '屏幕配件');
    const own = await createCategory(t, '钢化膜', top);
    const pid = await createProduct(t, {
      cid: own,
      title: '中控屏钢化膜',
      description: '<p>高清<strong>防指纹</strong></p>',
      images: JSON.stringify(['shop/test/cover.jpg', '/files/shop/test/cover.jpg']),
      specs: JSON.stringify([
        { name: '颜色', options: ['高清', '防窥'] },
        { name: '车型', options: ['Model 3', 'Model Y'] },
      ]),
      skus: JSON.stringify(
        skusOf(['高清', '防窥'], ['Model 3', 'Model Y'], (color) =>
          color === '高清'
            ? { price: '80', market_price: '100', stock: 3 }
            : { price: '199', market_price: '299', stock: 0 },
        ),
      ),
    });
    const product = await t.api.call(productInfo, { pid });
    expect(product).toMatchObject({
      pid,
      title: '中控屏钢化膜',
      price: '80.00',
      market_price: '100.00',
      discount: 80,
      stock: 6,
      sales: 0,
      cover: 'shop/test/cover.jpg',
      images: ['shop/test/cover.jpg', 'shop/test/cover.jpg'],
      description: '<p>高清<strong>防指纹</strong></p>',
      promotion: null,
      category: [
        { cid: top, cname: '屏幕配件' },
        { cid: own, cname: '钢化膜' },
      ],
    });
    expect(product.specs.map((group) => [group.name, group.options.map((option) => option.name)])).toEqual([
      ['颜色', ['高清', '防窥']],
      ['车型', ['Model 3', 'Model Y']],
    ]);
    const apid = (group: number, option: number) => product.specs[group]?.options[option]?.apid;
    expect(product.skus.map((sku) => [sku.apids, sku.price, sku.market_price, sku.stock])).toEqual([
      [[apid(0, 0), apid(1, 0)], '80.00', '100.00', 3],
      [[apid(0, 0), apid(1, 1)], '80.00', '100.00', 3],
      [[apid(0, 1), apid(1, 0)], '199.00', '299.00', 0],
      [[apid(0, 1), apid(1, 1)], '199.00', '299.00', 0],
    ]);
  });

  it('computes the discount as round(price / market_price × 100), and 100 without a market price', async () => {
    const cid = await createCategory(t, '折扣测试');
    const rounded = await createProduct(t, {
      cid,
      skus: JSON.stringify([{ options: [], price: '199', market_price: '299', stock: 1 }]),
    });
    const none = await createProduct(t, { cid, skus: JSON.stringify([{ options: [], price: '59.9', stock: 1 }]) });
    expect(await t.api.call(productInfo, { pid: rounded })).toMatchObject({ discount: 67, market_price: '299.00' });
    expect(await t.api.call(productInfo, { pid: none })).toMatchObject({
      discount: 100,
      price: '59.90',
      market_price: '',
    });
    const cards = (await list({ cid })).items;
    expect(cards.map((card) => card.discount).sort()).toEqual([100, 67]);
  });

  it('applies a promotion only inside its window', async () => {
    const cid = await createCategory(t, '促销测试');
    const pid = await createProduct(t, {
      cid,
      skus: JSON.stringify([{ options: [], price: '100', market_price: '120', promo_price: '75', stock: 2 }]),
      ...windowHours(1, 2),
    });
    const before = await t.api.call(productInfo, { pid });
    expect(before).toMatchObject({ price: '100.00', promotion: null, discount: 83 });

    await setWindow(t, pid, -1, 1);
    const inside = await t.api.call(productInfo, { pid });
    expect(inside).toMatchObject({ price: '75.00', discount: 63, promotion: { price: '75.00' } });
    expect(Date.parse(inside.promotion?.ends_at ?? '')).toBeGreaterThan(Date.now());
    expect(inside.skus[0]?.price).toBe('75.00');
    expect((await list({ cid })).items[0]).toMatchObject({ price: '75.00', promotion: { price: '75.00' } });

    await setWindow(t, pid, -2, -1);
    expect(await t.api.call(productInfo, { pid })).toMatchObject({ price: '100.00', promotion: null });
  });

  it('answers only safe HTML for a description, even one stored unsanitized', async () => {
    const cid = await createCategory(t, '描述测试');
    const pid = await createProduct(t, {
      cid,
      description:
        '<p onclick="x()">好<script>alert(1)</script></p><img src="javascript:alert(1)"><img src="/files/a.jpg" onerror="x">',
    });
    expect((await t.api.call(productInfo, { pid })).description).toBe('<p>好</p><img src="/files/a.jpg" />');
    await t.app.db
      .update(shopProducts)
      .set({ description: '<h3>标题</h3><iframe src="https://evil.example"></iframe><a href="javascript:1">链接</a>' })
      .where(eq(shopProducts.id, pid));
    expect((await t.api.call(productInfo, { pid })).description).toBe('<h3>标题</h3>链接');
  });

  it('answers PRODUCT_NOT_FOUND for an unknown or off-sale product', async () => {
    const cid = await createCategory(t, '下架测试');
    const off = await createProduct(t, { cid, on_sale: '0' });
    for (const pid of [off, 999_999]) {
      const error = await apiFailure(t.api.call(productInfo, { pid }));
      expect(error).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.PRODUCT_NOT_FOUND.message });
    }
    expect((await apiFailure(t.api.request('GET', productInfo.path, { pid: 'abc' }))).status).toBe(
      STATUS.VALIDATION_FAILED,
    );
  });
});

describe('POST /api/v1/prd/info/generateQrcode (default)', () => {
  it('answers a QR of PUBLIC_URL/product/{pid}', async () => {
    const pid = await createProduct(t, { cid: await createCategory(t, '二维码') });
    const { qrcodeUrl } = await t.api.call(productQrcode, { pid });
    expect(await decodeQr(dataUrlBytes(qrcodeUrl))).toBe(`https://che.example.cn/product/${pid}`);
  });

  it('answers PRODUCT_NOT_FOUND for an unknown or off-sale product', async () => {
    const off = await createProduct(t, { cid: await createCategory(t, '二维码下架'), on_sale: '0' });
    for (const pid of [off, 999_999]) {
      const error = await apiFailure(t.api.call(productQrcode, { pid }));
      expect(error).toMatchObject({ status: STATUS.NOT_FOUND, message: ERRORS.PRODUCT_NOT_FOUND.message });
    }
  });
});

describe('POST /api/v1/prd/info/generateQrcode with SCAN_LOGIN_PROVIDER=wechat', () => {
  const fake = new FakeWechat();
  let w: TestApp;
  beforeAll(async () => {
    await fake.listen();
    w = await buildTestApp({
      SCAN_LOGIN_PROVIDER: 'wechat',
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: APP_SECRET,
      WECHAT_API_BASE: fake.base,
      WECHAT_PRODUCT_PAGE: FAKE_WECHAT_PAGES.product,
    });
    await storeImage(w);
  });
  afterAll(async () => {
    await w.close();
    await fake.close();
  });

  it('answers the mini-program code of the product page with scene pid={pid}, passing env_version', async () => {
    const pid = await createProduct(w, { cid: await createCategory(w, '小程序码') });
    const { qrcodeUrl } = await w.api.call(productQrcode, { pid, env_version: 'trial' });
    expect(await decodeQr(dataUrlBytes(qrcodeUrl))).toBe(`wxacode:pid=${pid}`);
    expect(fake.codeRequests.at(-1)?.body).toEqual({
      scene: `pid=${pid}`,
      page: FAKE_WECHAT_PAGES.product,
      check_path: false,
      env_version: 'trial',
    });
    await w.api.call(productQrcode, { pid });
    expect(fake.codeRequests.at(-1)?.body.env_version).toBe('release');
    expect(fake.tokenRequests).toBe(1);
  });

  it('answers QRCODE_FAILED when WeChat refuses, never a picture', async () => {
    const pid = await createProduct(w, { cid: await createCategory(w, '小程序码失败') });
    fake.failWith = { errcode: 45009, errmsg: 'reach max api daily quota limit' };
    try {
      const error = await apiFailure(w.api.call(productQrcode, { pid }));
      expect(error).toMatchObject({ status: STATUS.UNAVAILABLE, message: ERRORS.QRCODE_FAILED.message });
      expect(error.data).toBeNull();
    } finally {
      fake.failWith = null;
    }
  });

  it('refuses an unknown env_version with the validation status', async () => {
    const error = await apiFailure(w.api.request('POST', productQrcode.path, { pid: 1, env_version: 'beta' }));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
  });
});
