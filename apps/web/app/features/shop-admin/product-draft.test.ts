import type { AdminProduct } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  chinaLocalToIso,
  combinations,
  draftOf,
  draftProblems,
  emptyDraft,
  fillSkus,
  flattenTree,
  isoToChinaLocal,
  isStockInput,
  isYuanInput,
  MAX_SKUS,
  moveItem,
  type ProductDraft,
  parentOf,
  type SkuDraft,
  saveBody,
  skuTable,
  usableSpecs,
} from './product-draft.ts';

const sku = (options: string[], price = '', stock = ''): SkuDraft => ({
  options,
  price,
  market_price: '',
  promo_price: '',
  stock,
});

describe('combinations and the SKU table', () => {
  it('has one row without spec groups', () => {
    expect(combinations([])).toEqual([[]]);
    expect(skuTable([], [])).toEqual([sku([])]);
  });

  it('makes every combination, in group order', () => {
    const specs = [
      { name: '颜色', options: ['黑', '灰'] },
      { name: '车型', options: ['Model 3', 'Model Y', '小米 SU7'] },
    ];
    expect(combinations(specs)).toEqual([
      ['黑', 'Model 3'],
      ['黑', 'Model Y'],
      ['黑', '小米 SU7'],
      ['灰', 'Model 3'],
      ['灰', 'Model Y'],
      ['灰', '小米 SU7'],
    ]);
    expect(skuTable(specs, [])).toHaveLength(6);
  });

  it('leaves out unnamed groups, empty and repeated options', () => {
    expect(
      usableSpecs([
        { name: ' 颜色 ', options: ['黑', ' 黑 ', '', '白'] },
        { name: '', options: ['x'] },
        { name: '尺寸', options: [' '] },
      ]),
    ).toEqual([{ name: '颜色', options: ['黑', '白'] }]);
  });

  it('keeps what was typed for combinations that stay', () => {
    const before = [sku(['黑'], '199', '5'), sku(['灰'], '209', '3')];
    const after = skuTable([{ name: '颜色', options: ['灰', '白'] }], before);
    expect(after).toEqual([sku(['灰'], '209', '3'), sku(['白'])]);
  });

  it('carries a row over into the combinations a new group makes', () => {
    const before = [sku(['黑'], '199', '5')];
    const after = skuTable(
      [
        { name: '颜色', options: ['黑'] },
        { name: '车型', options: ['Model 3', 'Model Y'] },
      ],
      before,
    );
    expect(after).toEqual([sku(['黑', 'Model 3'], '199', '5'), sku(['黑', 'Model Y'], '199', '5')]);
  });

  it(`refuses more than ${MAX_SKUS} combinations`, () => {
    const many = Array.from({ length: 15 }, (_, i) => `v${i}`);
    expect(
      skuTable(
        [
          { name: 'a', options: many },
          { name: 'b', options: many },
        ],
        [],
      ),
    ).toBeNull();
  });

  it('fills every row from the 批量填写 row, leaving blank fields alone', () => {
    const filled = fillSkus([sku(['黑'], '1', '2'), sku(['白'])], { price: '99.5', stock: ' ', market_price: '' });
    expect(filled).toEqual([sku(['黑'], '99.5', '2'), sku(['白'], '99.5', '')]);
  });
});

describe('yuan and stock as typed', () => {
  it('accepts at most two decimals', () => {
    for (const ok of ['0', '199', '199.9', '199.90', ' 12.5 ']) expect(isYuanInput(ok), ok).toBe(true);
    for (const bad of ['', '-1', '1.999', '1e3', '¥5', '12345678', '.5', '5.'])
      expect(isYuanInput(bad), bad).toBe(false);
  });
  it('takes whole stocks only', () => {
    expect(isStockInput('0')).toBe(true);
    expect(isStockInput('120')).toBe(true);
    expect(isStockInput('')).toBe(false);
    expect(isStockInput('1.5')).toBe(false);
    expect(isStockInput('-3')).toBe(false);
  });
});

describe('the promotion window on the Beijing clock', () => {
  it('reads datetime-local as Beijing time, whatever the browser zone', () => {
    expect(chinaLocalToIso('2026-11-25T20:30')).toBe('2026-11-25T12:30:00.000Z');
    expect(isoToChinaLocal('2026-11-25T12:30:00.000Z')).toBe('2026-11-25T20:30');
    expect(isoToChinaLocal('2026-12-31T20:00:00.000Z')).toBe('2027-01-01T04:00');
  });
  it('keeps empty and refuses nonsense', () => {
    expect(chinaLocalToIso('')).toBe('');
    expect(chinaLocalToIso('tomorrow')).toBe('');
    expect(isoToChinaLocal('')).toBe('');
    expect(isoToChinaLocal('not a time')).toBe('');
  });
});

function validDraft(): ProductDraft {
  return {
    ...emptyDraft(3),
    title: '特斯拉脚垫',
    images: ['post/a.png'],
    specs: [{ name: '颜色', options: ['黑', '灰'] }],
    skus: [sku(['黑'], '199', '5'), sku(['灰'], '199', '0')],
  };
}

describe('draftProblems', () => {
  it('finds nothing in a complete product', () => {
    expect(draftProblems(validDraft())).toEqual({});
  });
  it('names each missing or wrong field', () => {
    const problems = draftProblems({
      ...emptyDraft(),
      title: 'x',
      skus: [sku([], '1.234', '')],
    });
    expect(problems).toMatchObject({
      cid: '请选择分类',
      title: '商品名称至少 2 个字',
      images: '至少上传一张商品图',
      skus: expect.stringContaining('售价'),
    });
  });
  it('asks for a window when a SKU has a promotion price, and an end after the start', () => {
    const promo = validDraft();
    promo.skus = [{ ...sku(['黑'], '199', '5'), promo_price: '149' }, sku(['灰'], '199', '1')];
    expect(draftProblems(promo).promo).toBe('设置了促销价，请填写促销开始和结束时间');
    promo.promo_start = '2026-12-01T10:00';
    promo.promo_end = '2026-12-01T09:00';
    expect(draftProblems(promo).promo).toBe('促销结束时间须晚于开始时间');
    promo.promo_end = '2026-12-02T09:00';
    expect(draftProblems(promo)).toEqual({});
  });
  it('refuses a spec group without a name or without options', () => {
    expect(draftProblems({ ...validDraft(), specs: [{ name: '', options: ['黑'] }] }).specs).toBe('规格名不能为空');
    expect(draftProblems({ ...validDraft(), specs: [{ name: '颜色', options: [] }] }).specs).toBe('每个规格至少一个值');
  });
});

describe('saveBody and draftOf', () => {
  it('sends trimmed values, numbers for stock and ISO times', () => {
    const draft = { ...validDraft(), title: ' 脚垫 ', promo_start: '2026-12-01T10:00', promo_end: '2026-12-02T10:00' };
    const body = saveBody(draft);
    expect(body).toMatchObject({
      cid: 3,
      title: '脚垫',
      specs: [{ name: '颜色', options: ['黑', '灰'] }],
      skus: [
        { options: ['黑'], price: '199', stock: 5 },
        { options: ['灰'], price: '199', stock: 0 },
      ],
      promo_start: '2026-12-01T02:00:00.000Z',
      promo_end: '2026-12-02T02:00:00.000Z',
      on_sale: false,
    });
    expect(body.pid).toBeUndefined();
  });

  it('reads a stored product back into the form', () => {
    const product: AdminProduct = {
      pid: 9,
      cid: 3,
      title: '充电桩',
      description: '<p>7kW</p>',
      images: ['a.png', 'b.png'],
      on_sale: true,
      specs: [{ name: '功率', options: ['7kW'] }],
      skus: [{ options: ['7kW'], price: '1999.00', market_price: '2599.00', promo_price: '', stock: 12 }],
      promo_start: '',
      promo_end: '',
      sales: 3,
    };
    const draft = draftOf(product);
    expect(draft).toMatchObject({ pid: 9, cid: 3, on_sale: true, images: ['a.png', 'b.png'] });
    expect(draft.skus[0]).toEqual({
      options: ['7kW'],
      price: '1999.00',
      market_price: '2599.00',
      promo_price: '',
      stock: '12',
    });
    expect(saveBody(draft).pid).toBe(9);
  });
});

describe('categories and image order', () => {
  const tree = [
    {
      cid: 1,
      cname: '内饰',
      children: [{ cid: 4, cname: '脚垫', children: [{ cid: 7, cname: 'Model Y', children: [] }] }],
    },
    { cid: 2, cname: '充电', children: [] },
  ];
  it('flattens the tree with depth and path', () => {
    expect(flattenTree(tree).map((c) => [c.cid, c.depth, c.path])).toEqual([
      [1, 0, '内饰'],
      [4, 1, '内饰 / 脚垫'],
      [7, 2, '内饰 / 脚垫 / Model Y'],
      [2, 0, '充电'],
    ]);
  });
  it('finds the parent of a category', () => {
    expect(parentOf(tree, 1)).toBeUndefined();
    expect(parentOf(tree, 4)).toBe(1);
    expect(parentOf(tree, 7)).toBe(4);
    expect(parentOf(tree, 2)).toBeUndefined();
  });
  it('moves an image (the first is the cover)', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
