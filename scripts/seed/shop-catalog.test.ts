import { createRequire } from 'node:module';
import { adminProductSave, parseIconName } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { isValidStorageKey } from '../../apps/server/src/platform/storage/index.ts';
import { productImageKey } from './shop.ts';
import {
  type CatalogProduct,
  catalogSkus,
  combinations,
  SHOP_CATEGORIES,
  SHOP_FEATURED,
  SHOP_PRODUCTS,
  shopProductDrafts,
} from './shop-catalog.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const drafts = shopProductDrafts(NOW);
const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const product = (key: string) => SHOP_PRODUCTS.find((p) => p.key === key) as CatalogProduct;

describe('the demo shop catalog', () => {
  it('has 8–12 top categories, each with sub-categories, names the admin form accepts', () => {
    expect(SHOP_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(SHOP_CATEGORIES.length).toBeLessThanOrEqual(12);
    const names = SHOP_CATEGORIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const top of SHOP_CATEGORIES) {
      expect(top.children.length, top.name).toBeGreaterThan(0);
      expect(new Set(top.children).size).toBe(top.children.length);
      for (const name of [top.name, ...top.children]) expect(name.length).toBeLessThanOrEqual(12);
    }
  });

  it('gives each top category an icon the icon endpoint serves', () => {
    const require = createRequire(import.meta.url);
    for (const top of SHOP_CATEGORIES) {
      const parsed = parseIconName(top.icon);
      expect(parsed, top.icon).not.toBeNull();
      const set = require(`@iconify-json/${parsed?.prefix}/icons.json`) as { icons: Record<string, unknown> };
      expect(set.icons[parsed?.name ?? ''], top.icon).toBeDefined();
    }
  });

  it('has about 60 products, each in a sub-category, and every sub-category has products', () => {
    expect(SHOP_PRODUCTS.length).toBeGreaterThanOrEqual(55);
    expect(SHOP_PRODUCTS.length).toBeLessThanOrEqual(70);
    const leaves = new Set(SHOP_CATEGORIES.flatMap((top) => top.children.map((child) => `${top.name}/${child}`)));
    const used = new Set(SHOP_PRODUCTS.map((p) => p.category.join('/')));
    for (const path of used) expect(leaves.has(path), path).toBe(true);
    expect([...leaves].filter((leaf) => !used.has(leaf))).toEqual([]);
  });

  it('gives every product a unique key that makes valid storage keys, and featured keys exist', () => {
    const keys = SHOP_PRODUCTS.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(isValidStorageKey(productImageKey(1, key, 0))).toBe(true);
    }
    for (const key of SHOP_FEATURED) expect(keys).toContain(key);
  });

  it('has SKUs covering every option combination exactly once', () => {
    for (const draft of drafts) {
      const expected = combinations(draft.specs.map((spec) => spec.options)).map((c) => JSON.stringify(c));
      const actual = draft.skus.map((sku) => JSON.stringify(sku.options));
      expect(new Set(actual).size, draft.key).toBe(actual.length);
      expect([...actual].sort(), draft.key).toEqual([...expected].sort());
      for (const spec of draft.specs) expect(new Set(spec.options).size, draft.key).toBe(spec.options.length);
      expect(new Set(draft.specs.map((s) => s.name)).size, draft.key).toBe(draft.specs.length);
    }
    expect(combinations([])).toEqual([[]]);
    expect(drafts.find((d) => d.key === 'wallbox-pillar')?.skus.map((s) => s.options)).toEqual([[]]);
  });

  it('prices every SKU above zero, the market price at least the price, the promotion price below it', () => {
    for (const draft of drafts) {
      for (const sku of draft.skus) {
        const price = fen(sku.price);
        expect(price, draft.key).toBeGreaterThan(0);
        if (sku.market_price !== '') expect(fen(sku.market_price), draft.key).toBeGreaterThanOrEqual(price);
        if (sku.promo_price !== '') {
          expect(fen(sku.promo_price), draft.key).toBeGreaterThan(0);
          expect(fen(sku.promo_price), draft.key).toBeLessThan(price);
        }
        expect(sku.stock).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('charges what a real shop would', () => {
    const skuPrices = (where: (p: CatalogProduct) => boolean) =>
      drafts.filter((d) => where(product(d.key))).flatMap((d) => d.skus.map((s) => Number(s.price)));
    const within = (prices: number[], low: number, high: number) => {
      expect(prices.length).toBeGreaterThan(0);
      for (const price of prices) {
        expect(price).toBeGreaterThanOrEqual(low);
        expect(price).toBeLessThanOrEqual(high);
      }
    };
    within(
      skuPrices((p) => p.category[1] === '脚垫'),
      199,
      699,
    );
    within(
      skuPrices((p) => p.art.kind === 'wall-box' && p.key !== 'wallbox-pillar'),
      1999,
      3999,
    );
    within(
      skuPrices((p) => p.category[1] === '钢化膜'),
      39,
      99,
    );
  });

  it('is what the admin form accepts', () => {
    for (const draft of drafts) {
      const body = {
        cid: 1,
        title: draft.title,
        description: draft.description,
        images: [productImageKey(1, draft.key, 0)],
        specs: draft.specs,
        skus: draft.skus,
        on_sale: draft.on_sale,
        promo_start: draft.promo_start,
        promo_end: draft.promo_end,
      };
      const parsed = adminProductSave.body?.safeParse(body);
      expect(parsed?.success, `${draft.key}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(true);
    }
  });

  it('writes descriptions with paragraphs, lists and bold text only', () => {
    for (const draft of drafts) {
      const tags = [...draft.description.matchAll(/<\/?([a-z]+)[^>]*>/g)].map((m) => m[1]);
      expect(new Set(tags), draft.key).toEqual(new Set(tags.filter((t) => ['p', 'ul', 'li', 'strong'].includes(t!))));
      expect(draft.description).toMatch(/^<p>.+<\/p><ul>(<li>.+?<\/li>)+<\/ul>/);
    }
  });

  it('has sold-out SKUs where the catalog says so and stock everywhere else', () => {
    let soldOutSkus = 0;
    for (const item of SHOP_PRODUCTS) {
      const skus = catalogSkus(item);
      for (const combo of item.soldOut ?? []) {
        const matching = skus.filter((sku) => combo.every((name) => sku.options.includes(name)));
        expect(matching.length, `${item.key}: ${combo.join('/')}`).toBeGreaterThan(0);
      }
      for (const sku of skus) {
        const soldOut = item.soldOut?.some((combo) => combo.every((name) => sku.options.includes(name))) ?? false;
        expect(sku.stock === 0, `${item.key} ${sku.options.join('/')}`).toBe(soldOut);
        if (soldOut) soldOutSkus++;
      }
    }
    expect(soldOutSkus).toBeGreaterThanOrEqual(4);
    // A product sold out altogether, as the lists show it.
    expect(drafts.filter((d) => d.skus.every((s) => s.stock === 0)).map((d) => d.key)).toEqual(['gun-v2l']);
    // Stock is part of the catalog: the same on every run.
    expect(catalogSkus(product('mat-tpe'))).toEqual(catalogSkus(product('mat-tpe')));
  });

  it('takes two products off sale and runs a few promotions around now, one starting later', () => {
    expect(drafts.filter((d) => !d.on_sale).map((d) => d.key)).toEqual(['mat-leather', 'model-164']);
    const promoted = drafts.filter((d) => d.promo_start !== '');
    const running = promoted.filter((d) => new Date(d.promo_start) <= NOW && NOW < new Date(d.promo_end));
    const upcoming = promoted.filter((d) => new Date(d.promo_start) > NOW);
    expect(running.length).toBeGreaterThanOrEqual(3);
    expect(upcoming.length).toBe(1);
    for (const draft of promoted) {
      expect(new Date(draft.promo_end).getTime()).toBeGreaterThan(new Date(draft.promo_start).getTime());
      expect(draft.skus.every((s) => s.promo_price !== '')).toBe(true);
    }
    for (const draft of drafts.filter((d) => d.promo_start === '')) {
      expect(draft.skus.every((s) => s.promo_price === '')).toBe(true);
    }
    // The windows follow the moment the seed runs at.
    const later = shopProductDrafts(new Date(NOW.getTime() + 86_400_000));
    const mat = (list: typeof drafts) => list.find((d) => d.key === 'mat-tpe')!;
    expect(new Date(mat(later).promo_start).getTime() - new Date(mat(drafts).promo_start).getTime()).toBe(86_400_000);
  });

  it('names car models, colours and sizes in its spec groups', () => {
    const groups = new Set(drafts.flatMap((d) => d.specs.map((s) => s.name)));
    for (const name of ['车型', '颜色', '规格', '长度']) expect(groups).toContain(name);
    const carModels = new Set(
      drafts.flatMap((d) => d.specs.filter((s) => s.name === '车型').flatMap((s) => s.options)),
    );
    for (const model of ['Model 3', 'Model Y', '小米SU7', '比亚迪海豹']) expect(carModels).toContain(model);
    expect(drafts.every((d) => d.sales > 0)).toBe(true);
  });
});
