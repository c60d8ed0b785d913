import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ART_KINDS, PRODUCT_IMAGE_SIZE, type ProductArt, renderProductImage, shade } from './product-art.ts';
import { productImageArts, shopMediaJobs } from './shop.ts';
import { SHOP_PRODUCTS } from './shop-catalog.ts';

const art = (kind: ProductArt['kind'], view = 0): ProductArt => ({ kind, color: '#1d4ed8', accent: '#ea580c', view });

describe('product art', () => {
  it.each(ART_KINDS)('renders %s as a square 800 × 800 WebP with a drawn object on it', async (kind) => {
    const data = await renderProductImage(1, `test-${kind}`, art(kind));
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PRODUCT_IMAGE_SIZE, PRODUCT_IMAGE_SIZE]);
    // Not a flat backdrop: the object stands out from the studio.
    const stats = await sharp(data).stats();
    expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.max - c.min))).toBeGreaterThan(120);
  });

  it('gives the same bytes for the same seed and label, other bytes for another seed or view', async () => {
    const a = await renderProductImage(1, 'mat', art('floor-mat'));
    const b = await renderProductImage(1, 'mat', art('floor-mat'));
    const c = await renderProductImage(2, 'mat', art('floor-mat'));
    const d = await renderProductImage(1, 'mat', art('floor-mat', 1));
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(a.equals(d)).toBe(false);
  });

  it('paints the product in its colour', async () => {
    const mean = async (color: string) => {
      const data = await renderProductImage(1, 'box', { ...art('crate'), color });
      return (await sharp(data).stats()).channels.map((c) => c.mean);
    };
    const [red, , blueOfRed] = await mean('#b91c1c');
    const [redOfBlue, , blue] = await mean('#1d4ed8');
    expect(red! - blueOfRed!).toBeGreaterThan(redOfBlue! - blue!);
  });

  it('shades colours toward white and black', () => {
    expect(shade('#808080', 1)).toBe('#ffffff');
    expect(shade('#808080', -1)).toBe('#000000');
    expect(shade('#808080', 0)).toBe('#808080');
  });

  it('shows each colour of a product in its own shot, else a cover and a closer view', () => {
    const mat = SHOP_PRODUCTS.find((p) => p.key === 'mat-coil')!;
    expect(productImageArts(mat).map((a) => a.color)).toEqual(['#1f2937', '#6b7280', '#7c4a2d']);
    const pillar = SHOP_PRODUCTS.find((p) => p.key === 'wallbox-pillar')!;
    expect(productImageArts(pillar).map((a) => a.view)).toEqual([0, 1]);
    // Every product has a cover and a second picture for the gallery; keys are unique.
    const jobs = shopMediaJobs(1);
    expect(new Set(jobs.map((j) => j.key)).size).toBe(jobs.length);
    for (const product of SHOP_PRODUCTS) expect(productImageArts(product).length).toBeGreaterThanOrEqual(2);
    expect(new Set(SHOP_PRODUCTS.map((p) => p.art.kind))).toEqual(new Set(ART_KINDS));
  });
});
