import {
  adminCategoryDelete,
  adminCategorySave,
  adminProductInfo,
  adminProductList,
  adminProductOnSale,
  adminProductSave,
  cartAdd,
  cartList,
  ERRORS,
  productInfo,
  productsByCategory,
  STATUS,
} from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { createCategory, createProduct, IMAGE, storeImage, windowHours } from './shop-fixtures.test-helper.ts';

let t: TestApp;
let admin: Person;
let cid: number;
beforeAll(async () => {
  t = await buildTestApp();
  await storeImage(t);
  admin = await newPerson(t, { role: 'admin' });
  cid = await createCategory(t, '管理测试');
});
afterAll(() => t.close());

/** The admin form of a 颜色 × 车型 product as the admin page sends it (JSON text fields). */
function form(fields: Record<string, unknown> = {}) {
  return {
    cid,
    title: '特斯拉充电枪收纳盒',
    description: '<p>防水<em>耐磨</em></p>',
    images: JSON.stringify([IMAGE]),
    specs: JSON.stringify([
      { name: '颜色', options: ['黑色', '白色'] },
      { name: '车型', options: ['Model 3', 'Model Y'] },
    ]),
    skus: JSON.stringify([
      { options: ['黑色', 'Model 3'], price: '89', market_price: '129', stock: 5 },
      { options: ['黑色', 'Model Y'], price: '89', market_price: '129', stock: 5 },
      { options: ['白色', 'Model 3'], price: '99', stock: 5 },
      { options: ['白色', 'Model Y'], price: '99', stock: 5 },
    ]),
    on_sale: '1',
    ...fields,
  };
}

const save = (fields: Record<string, unknown> = {}) =>
  admin.api.request('POST', adminProductSave.path, form(fields)) as Promise<{ pid: number }>;

describe('admin calls are admins’ only', () => {
  it('refuses a member (ADMIN_REQUIRED) and a visitor (2011) on every admin call, changing nothing', async () => {
    const member = await newPerson(t);
    const pid = await createProduct(t, { cid, title: '别人改不了', on_sale: '0' });
    const calls = [
      (api: typeof t.api) => api.request('POST', adminProductSave.path, form({ pid })),
      (api: typeof t.api) => api.call(adminProductList, {}),
      (api: typeof t.api) => api.call(adminProductInfo, { pid }),
      (api: typeof t.api) => api.call(adminProductOnSale, { pid, on_sale: true }),
      (api: typeof t.api) => api.call(adminCategorySave, { cname: '偷偷加的', sort: 0 }),
      (api: typeof t.api) => api.call(adminCategoryDelete, { cid }),
    ];
    for (const [i, call] of calls.entries()) {
      expect((await apiFailure(call(member.api))).status, `member ${i}`).toBe(ERRORS.ADMIN_REQUIRED.status);
      expect((await apiFailure(call(t.api))).status, `visitor ${i}`).toBe(STATUS.NOT_LOGGED_IN);
    }
    const kept = await admin.api.call(adminProductInfo, { pid });
    expect(kept).toMatchObject({ title: '别人改不了', on_sale: false });
    expect((await admin.api.call(adminProductList, { word: '偷偷' })).items).toEqual([]);
  });
});

describe('POST /api/v1/admin/prd/save', () => {
  it('creates a product that then appears in its category, and reads back as saved', async () => {
    const own = await createCategory(t, '新品分类');
    const { pid } = await save({ cid: own, promo_start: '', promo_end: '' });
    const listed = await t.api.call(productsByCategory, { others: JSON.stringify({ cid: own }) });
    expect(listed.items.map((item) => [item.pid, item.price, item.market_price, item.discount])).toEqual([
      [pid, '89.00', '129.00', 69],
    ]);
    expect(await admin.api.call(adminProductInfo, { pid })).toEqual({
      pid,
      cid: own,
      title: '特斯拉充电枪收纳盒',
      description: '<p>防水<em>耐磨</em></p>',
      images: [IMAGE],
      on_sale: true,
      specs: [
        { name: '颜色', options: ['黑色', '白色'] },
        { name: '车型', options: ['Model 3', 'Model Y'] },
      ],
      skus: [
        { options: ['黑色', 'Model 3'], price: '89.00', market_price: '129.00', promo_price: '', stock: 5 },
        { options: ['黑色', 'Model Y'], price: '89.00', market_price: '129.00', promo_price: '', stock: 5 },
        { options: ['白色', 'Model 3'], price: '99.00', market_price: '', promo_price: '', stock: 5 },
        { options: ['白色', 'Model Y'], price: '99.00', market_price: '', promo_price: '', stock: 5 },
      ],
      promo_start: '',
      promo_end: '',
      sales: 0,
    });
  });

  it('keeps option ids and cart lines across an edit; a removed SKU’s line becomes unavailable', async () => {
    const { pid } = await save();
    const before = await t.api.call(productInfo, { pid });
    const apid = (name: string) => before.specs.flatMap((g) => g.options).find((o) => o.name === name)?.apid as number;
    const buyer = await newPerson(t);
    await buyer.api.call(cartAdd, { pid, apids: [apid('黑色'), apid('Model Y')], number: 2 });
    await buyer.api.call(cartAdd, { pid, apids: [apid('白色'), apid('Model 3')], number: 1 });

    // 白色 goes, 灰色 and the Model S come; prices change.
    await save({
      pid,
      specs: JSON.stringify([
        { name: '颜色', options: ['灰色', '黑色'] },
        { name: '车型', options: ['Model 3', 'Model Y', 'Model S'] },
      ]),
      skus: JSON.stringify(
        ['灰色', '黑色'].flatMap((color) =>
          ['Model 3', 'Model Y', 'Model S'].map((model) => ({ options: [color, model], price: '79', stock: 9 })),
        ),
      ),
    });
    const after = await t.api.call(productInfo, { pid });
    const apidAfter = (name: string) => after.specs.flatMap((g) => g.options).find((o) => o.name === name)?.apid;
    for (const name of ['黑色', 'Model 3', 'Model Y']) expect(apidAfter(name), name).toBe(apid(name));
    expect(apidAfter('白色')).toBeUndefined();

    const cart = await buyer.api.call(cartList, {});
    expect(cart.prds.map((line) => [line.spec_text, line.price, line.number, line.available])).toEqual([
      // The 白色 option is gone with its SKU: the line stays, unavailable, without a price.
      ['车型：Model 3', '0.00', 1, false],
      ['颜色：黑色；车型：Model Y', '79.00', 2, true],
    ]);
    expect(cart.total).toBe('158.00');
  });

  it('refuses SKUs that do not match the specs', async () => {
    const sku = (options: string[], price = '10') => ({ options, price, stock: 1 });
    const specs = JSON.stringify([
      { name: '颜色', options: ['黑色', '白色'] },
      { name: '车型', options: ['Model 3'] },
    ]);
    const cases = [
      { specs, skus: JSON.stringify([sku(['黑色', 'Model 3'])]) },
      { specs, skus: JSON.stringify([sku(['黑色', 'Model 3']), sku(['黑色', 'Model 3'])]) },
      { specs, skus: JSON.stringify([sku(['黑色', 'Model 3']), sku(['红色', 'Model 3'])]) },
      { specs, skus: JSON.stringify([sku(['黑色', 'Model 3']), sku(['白色'])]) },
      { specs: '[]', skus: JSON.stringify([sku([]), sku([])]) },
      { specs: '[]', skus: JSON.stringify([sku(['黑色'])]) },
      { specs: JSON.stringify([{ name: '颜色', options: ['黑色', '黑色'] }]), skus: JSON.stringify([sku(['黑色'])]) },
      { specs: '[]', skus: JSON.stringify([sku([], '0')]) },
      { specs: '[]', skus: JSON.stringify([{ options: [], price: '10', market_price: '9', stock: 1 }]) },
    ];
    for (const fields of cases) {
      const error = await apiFailure(save({ ...fields, title: '不该存下的商品' }));
      expect(error.status, JSON.stringify(fields)).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message, JSON.stringify(fields)).toMatch(/^SKU 与规格不一致：/);
    }
    expect((await admin.api.call(adminProductList, { word: '不该存下' })).total).toBe(0);
  });

  it('refuses a promotion without a window, with its end first, or not lower than the price', async () => {
    const skus = (promo: string) => JSON.stringify([{ options: [], price: '100', promo_price: promo, stock: 1 }]);
    const cases = [
      { specs: '[]', skus: skus('80') },
      { specs: '[]', skus: skus('80'), promo_start: windowHours(0, 1).promo_start },
      { specs: '[]', skus: skus('80'), ...windowHours(2, 1) },
      { specs: '[]', skus: skus('100'), ...windowHours(0, 1) },
      { specs: '[]', skus: skus('120'), ...windowHours(0, 1) },
      { specs: '[]', skus: skus('80'), promo_start: '-271821-04-20T00:00:00Z', promo_end: windowHours(0, 1).promo_end },
    ];
    for (const fields of cases) {
      const error = await apiFailure(save(fields));
      expect(error.message, JSON.stringify(fields)).toMatch(/^促销设置不正确：/);
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await save({ specs: '[]', skus: skus('80'), ...windowHours(0, 1) })).toMatchObject({
      pid: expect.any(Number),
    });
  });

  it('takes only images stored on this site', async () => {
    const other = await storeImage(t, 'shop/test/other.jpg');
    const { pid } = await save({ images: JSON.stringify([`/files/${other}`, IMAGE]) });
    expect((await admin.api.call(adminProductInfo, { pid })).images).toEqual([other, IMAGE]);
    for (const image of [
      'https://evil.example/x.jpg',
      '//evil.example/x.jpg',
      'shop/test/missing.jpg',
      '../etc/passwd',
      'shop/test/cover.exe',
    ]) {
      const error = await apiFailure(save({ images: JSON.stringify([image]) }));
      expect(error, image).toMatchObject({
        status: STATUS.VALIDATION_FAILED,
        message: ERRORS.UPLOAD_NOT_FOUND.message,
      });
    }
    expect((await apiFailure(save({ images: '[]' }))).status).toBe(STATUS.VALIDATION_FAILED);
  });

  it('stores a sanitized description', async () => {
    const { pid } = await save({
      description: '<h4>参数</h4><script>steal()</script><ul><li style="x">防水</li></ul>',
    });
    expect((await admin.api.call(adminProductInfo, { pid })).description).toBe('<h4>参数</h4><ul><li>防水</li></ul>');
  });

  it('answers PRODUCT_NOT_FOUND for an unknown pid and CATEGORY_NOT_FOUND for an unknown category', async () => {
    expect((await apiFailure(save({ pid: 999_999 }))).message).toBe(ERRORS.PRODUCT_NOT_FOUND.message);
    expect((await apiFailure(save({ cid: 999_999 }))).message).toBe(ERRORS.CATEGORY_NOT_FOUND.message);
    expect((await apiFailure(admin.api.call(adminProductInfo, { pid: 999_999 }))).status).toBe(STATUS.NOT_FOUND);
  });
});

describe('admin product list and on-sale', () => {
  it('lists every product newest first with its state, and puts one on or off sale', async () => {
    const own = await createCategory(t, '上下架');
    const { pid } = await save({ cid: own, title: '上下架测试商品', on_sale: '0' });
    const page = await admin.api.call(adminProductList, { word: '上下架测试' });
    expect(page.items.map((item) => [item.pid, item.on_sale, item.cid, item.category])).toEqual([
      [pid, false, own, '上下架'],
    ]);
    const shop = () => t.api.call(productsByCategory, { others: JSON.stringify({ cid: own }) });
    expect((await shop()).total).toBe(0);
    expect(await admin.api.call(adminProductOnSale, { pid, on_sale: true })).toEqual({ result: true });
    expect((await shop()).items.map((item) => item.pid)).toEqual([pid]);
    await admin.api.call(adminProductOnSale, { pid, on_sale: false });
    expect((await shop()).total).toBe(0);
    expect((await apiFailure(admin.api.call(adminProductOnSale, { pid: 999_999, on_sale: true }))).status).toBe(
      STATUS.NOT_FOUND,
    );
  });
});

describe('admin categories', () => {
  it('creates, renames and moves categories; refuses cycles and unknown ids', async () => {
    const { cid: top } = await admin.api.call(adminCategorySave, { cname: '车衣', sort: 3 });
    const { cid: child } = await admin.api.call(adminCategorySave, { cname: '隐形车衣', parent_id: top, sort: 0 });
    const { cid: grandchild } = await admin.api.call(adminCategorySave, { cname: 'TPU', parent_id: child, sort: 0 });
    expect(
      await admin.api.call(adminCategorySave, { cid: child, cname: '隐形车衣膜', parent_id: top, sort: 1 }),
    ).toEqual({
      cid: child,
    });

    for (const parent of [top, child, grandchild]) {
      const error = await apiFailure(
        admin.api.call(adminCategorySave, { cid: top, cname: '车衣', parent_id: parent, sort: 3 }),
      );
      expect(error).toMatchObject({ status: STATUS.VALIDATION_FAILED, message: ERRORS.CATEGORY_CYCLE.message });
    }
    const unknownParent = await apiFailure(
      admin.api.call(adminCategorySave, { cname: '孤儿', parent_id: 999_999, sort: 0 }),
    );
    expect(unknownParent.message).toBe(ERRORS.CATEGORY_NOT_FOUND.message);
    const hugeSort = await apiFailure(admin.api.call(adminCategorySave, { cname: '排序太大', sort: 2 ** 40 }));
    expect(hugeSort.status).toBe(STATUS.VALIDATION_FAILED);
    const unknownCid = await apiFailure(admin.api.call(adminCategorySave, { cid: 999_999, cname: '不存在', sort: 0 }));
    expect(unknownCid.message).toBe(ERRORS.CATEGORY_NOT_FOUND.message);
    // A top category again ('' parent).
    expect(
      await admin.api.request('POST', adminCategorySave.path, {
        cid: grandchild,
        cname: 'TPU',
        parent_id: '',
        sort: 0,
      }),
    ).toEqual({
      cid: grandchild,
    });
  });

  it('deletes only an empty category', async () => {
    const { cid: top } = await admin.api.call(adminCategorySave, { cname: '待删除', sort: 0 });
    const { cid: child } = await admin.api.call(adminCategorySave, { cname: '待删子类', parent_id: top, sort: 0 });
    const pid = await createProduct(t, { cid: child });
    for (const target of [top, child]) {
      const error = await apiFailure(admin.api.call(adminCategoryDelete, { cid: target }));
      expect(error).toMatchObject({ status: STATUS.CONFLICT, message: ERRORS.CATEGORY_NOT_EMPTY.message });
    }
    await save({ pid, cid });
    expect(await admin.api.call(adminCategoryDelete, { cid: child })).toEqual({ result: true });
    expect(await admin.api.call(adminCategoryDelete, { cid: top })).toEqual({ result: true });
    expect((await apiFailure(admin.api.call(adminCategoryDelete, { cid: top }))).message).toBe(
      ERRORS.CATEGORY_NOT_FOUND.message,
    );
  });
});
