import type { CategoryNode, Product } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { categoryHref, pathToCategory, resolveCategoryPath } from './category-path.ts';
import { isProductListAddress, readProductModal } from './modal-params.ts';
import { discountLabel, priceText, promotionCountdown, soldLabel, struckMarketPrice } from './price.ts';
import { descriptionText } from './product-page.ts';
import { withRetries } from './qr-retry.ts';
import { nextPriceSort, readSort, withSort } from './sort.ts';
import {
  choiceText,
  chosenSku,
  clampQuantity,
  initialChoice,
  isOptionAvailable,
  maxQuantity,
  missingGroups,
  toggleOption,
} from './specs.ts';

describe('prices', () => {
  it('writes the discount as 折 below 100 only', () => {
    expect(discountLabel(75)).toBe('7.5折');
    expect(discountLabel(80)).toBe('8折');
    expect(discountLabel(99)).toBe('9.9折');
    expect(discountLabel(5)).toBe('0.5折');
    expect(discountLabel(100)).toBeNull();
    expect(discountLabel(120)).toBeNull();
    expect(discountLabel(0)).toBeNull();
    expect(discountLabel(Number.NaN)).toBeNull();
  });

  it('drops zero cents', () => {
    expect(priceText('199.00')).toBe('199');
    expect(priceText('199.90')).toBe('199.9');
    expect(priceText('0.05')).toBe('0.05');
    expect(priceText('12.34')).toBe('12.34');
  });

  it('strikes the market price only when it is above the price', () => {
    expect(struckMarketPrice('150.00', '200.00')).toBe('200.00');
    expect(struckMarketPrice('200.00', '200.00')).toBeNull();
    expect(struckMarketPrice('200.00', '')).toBeNull();
  });

  it('counts sales the Chinese way', () => {
    expect(soldLabel(36)).toBe('已售 36');
    expect(soldLabel(12_345)).toBe('已售 1.2万');
  });

  it('counts a promotion down, and stops at its end', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(promotionCountdown('2026-01-01T01:02:03Z', now)).toBe('01:02:03');
    expect(promotionCountdown('2026-01-03T00:00:05Z', now)).toBe('2天 00:00:05');
    expect(promotionCountdown('2025-12-31T23:59:59Z', now)).toBeNull();
    expect(promotionCountdown('not a time', now)).toBeNull();
  });
});

const sku = (sku_id: number, apids: number[], stock: number, price = '10.00') => ({
  sku_id,
  apids,
  price,
  market_price: '' as const,
  stock,
});

// 颜色 黑(1) 灰(2) × 车型 Model 3(11) Model Y(12); 灰 + Model Y sold out, 黑 + Model 3 sold out.
const specs: Product['specs'] = [
  {
    name: '颜色',
    options: [
      { apid: 1, name: '黑色' },
      { apid: 2, name: '灰色' },
    ],
  },
  {
    name: '车型',
    options: [
      { apid: 11, name: 'Model 3' },
      { apid: 12, name: 'Model Y' },
    ],
  },
];
const skus = [sku(1, [1, 11], 0), sku(2, [1, 12], 5), sku(3, [2, 11], 150, '12.00'), sku(4, [2, 12], 0)];

describe('spec picker', () => {
  it('starts with nothing chosen, or with what there is no choice about', () => {
    expect(initialChoice(specs, skus)).toEqual([null, null]);
    const single = [{ name: '规格', options: [{ apid: 5, name: '标准版' }] }];
    expect(initialChoice(single, [sku(9, [5], 3)])).toEqual([5]);
    expect(initialChoice([], [sku(9, [], 3)])).toEqual([]);
  });

  it('greys options that only lead to sold-out SKUs', () => {
    expect(isOptionAvailable(skus, [null, null], 0, 1)).toBe(true);
    expect(isOptionAvailable(skus, [1, null], 1, 11)).toBe(false);
    expect(isOptionAvailable(skus, [1, null], 1, 12)).toBe(true);
    expect(isOptionAvailable(skus, [2, null], 1, 12)).toBe(false);
    expect(isOptionAvailable(skus, [null, 11], 0, 1)).toBe(false);
    // Everything sold out: nothing is available.
    expect(isOptionAvailable([sku(1, [1, 11], 0)], [null, null], 0, 1)).toBe(false);
  });

  it('names the SKU once every group is chosen', () => {
    expect(chosenSku(skus, [1, null])).toBeNull();
    expect(chosenSku(skus, [2, 11])?.sku_id).toBe(3);
    expect(chosenSku(skus, [2, 12])?.stock).toBe(0);
    expect(chosenSku([sku(7, [], 4)], [])?.sku_id).toBe(7);
  });

  it('toggles an option and drops a choice that no longer leads anywhere', () => {
    expect(toggleOption(skus, [null, null], 0, 1)).toEqual([1, null]);
    expect(toggleOption(skus, [1, null], 0, 1)).toEqual([null, null]);
    // 黑 + Model Y, then 灰: 灰 + Model Y is sold out, so the model is dropped.
    expect(toggleOption(skus, [1, 12], 0, 2)).toEqual([2, null]);
    expect(toggleOption(skus, [2, 11], 1, 11)).toEqual([2, null]);
  });

  it('bounds the quantity by stock and the per-line limit', () => {
    expect(maxQuantity(5)).toBe(5);
    expect(maxQuantity(150)).toBe(99);
    expect(maxQuantity(0)).toBe(0);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(8, 5)).toBe(5);
    expect(clampQuantity(3, 0)).toBe(0);
    expect(clampQuantity(2.7, 5)).toBe(2);
  });

  it('says what is missing and what is chosen', () => {
    expect(missingGroups(specs, [1, null])).toEqual(['车型']);
    expect(choiceText(specs, [2, 11])).toBe('颜色：灰色；车型：Model 3');
    expect(choiceText(specs, [null, null])).toBe('');
  });
});

const tree: CategoryNode[] = [
  {
    cid: 3,
    cname: '充电设备',
    children: [
      { cid: 12, cname: '家用充电桩', children: [] },
      { cid: 13, cname: '便携充电枪', children: [{ cid: 40, cname: '7kW', children: [] }] },
    ],
  },
  { cid: 4, cname: '脚垫', children: [] },
];

describe('category addresses', () => {
  it('resolves a nested path of ids, each under the one before', () => {
    expect(resolveCategoryPath(tree, '3/12')?.map((n) => n.cname)).toEqual(['充电设备', '家用充电桩']);
    expect(resolveCategoryPath(tree, '3/13/40')?.map((n) => n.cid)).toEqual([3, 13, 40]);
    expect(resolveCategoryPath(tree, '4')?.map((n) => n.cid)).toEqual([4]);
  });

  it('refuses unknown ids, wrong parents and junk', () => {
    expect(resolveCategoryPath(tree, '12')).toBeNull();
    expect(resolveCategoryPath(tree, '4/12')).toBeNull();
    expect(resolveCategoryPath(tree, '3/x')).toBeNull();
    expect(resolveCategoryPath(tree, '')).toBeNull();
    expect(resolveCategoryPath(tree, '99')).toBeNull();
  });

  it('builds the address back and finds a category anywhere', () => {
    expect(categoryHref([{ cid: 3 }, { cid: 12 }])).toBe('/shop/category/3/12');
    expect(categoryHref([])).toBe('/shop');
    expect(pathToCategory(tree, 40)?.map((n) => n.cid)).toEqual([3, 13, 40]);
    expect(pathToCategory(tree, 77)).toBeNull();
  });
});

describe('sort in the address', () => {
  const params = (query: string) => new URLSearchParams(query);
  it('reads a known sort, else default', () => {
    expect(readSort(params('sort=price_asc'))).toBe('price_asc');
    expect(readSort(params('sort=cheapest'))).toBe('default');
    expect(readSort(params(''))).toBe('default');
  });
  it('writes it, leaving default out and other keys in', () => {
    expect(withSort(params('modal=true&sort=sales'), 'price_desc').toString()).toBe('modal=true&sort=price_desc');
    expect(withSort(params('sort=sales'), 'default').toString()).toBe('');
  });
  it('flips the price order', () => {
    expect(nextPriceSort('default')).toBe('price_asc');
    expect(nextPriceSort('price_asc')).toBe('price_desc');
    expect(nextPriceSort('price_desc')).toBe('price_asc');
  });
});

describe('product modal address', () => {
  const params = (query: string) => new URLSearchParams(query);
  it('reads modal=true&productId&index', () => {
    expect(readProductModal(params('modal=true&productId=5&index=2'))).toEqual({ productId: 5, index: 2 });
    expect(readProductModal(params('modal=true&postId=5'))).toBeNull();
    expect(readProductModal(params('productId=5'))).toBeNull();
  });
  it('knows the lists a product opens from', () => {
    expect(isProductListAddress('/shop', params(''))).toBe(true);
    expect(isProductListAddress('/shop/', params(''))).toBe(true);
    expect(isProductListAddress('/shop/category/3/12', params(''))).toBe(true);
    expect(isProductListAddress('/search', params('type=product'))).toBe(true);
    expect(isProductListAddress('/search', params('type=post'))).toBe(false);
    expect(isProductListAddress('/product/3', params(''))).toBe(false);
    expect(isProductListAddress('/', params(''))).toBe(false);
  });
});

describe('the mini-program code', () => {
  it('tries once and then the given retries, waiting between them', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error(`try ${calls}`));
    };
    await expect(withRetries(failing, 2, 1000, async (ms) => void waits.push(ms))).rejects.toThrow('try 3');
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('answers the first success', async () => {
    let calls = 0;
    const third = () => (++calls < 2 ? Promise.reject(new Error('no')) : Promise.resolve('qr'));
    await expect(withRetries(third, 2, 1000, async () => {})).resolves.toBe('qr');
    expect(calls).toBe(2);
  });
});

describe('the description meta', () => {
  it('is the text of the sanitized HTML, folded and cut', () => {
    expect(descriptionText('<p>原车开模&amp;<strong>防水</strong></p><ul><li>TPE</li></ul>')).toBe(
      '原车开模& 防水 TPE',
    );
    expect(descriptionText(`<p>${'好'.repeat(200)}</p>`)).toHaveLength(120);
  });
});
