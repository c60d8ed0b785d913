import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aspectSize, renderPostImage } from './images.ts';

describe('generated images', () => {
  it.each([
    ['3:4', 1080, 1440],
    ['1:1', 1080, 1080],
    ['4:3', 1080, 810],
    ['9:16', 1080, 1920],
  ] as const)('renders %s art at %i × %i as JPEG', async (aspect, width, height) => {
    const image = await renderPostImage(1, 'travel', aspect, 0);
    expect([image.width, image.height]).toEqual([width, height]);
    const meta = await sharp(image.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
    expect(aspectSize(aspect)).toEqual({ width, height });
  });

  it('gives the same bytes for the same seed and other bytes for another', async () => {
    const a = await renderPostImage(1, 'mod', '1:1', 3, 360);
    const b = await renderPostImage(1, 'mod', '1:1', 3, 360);
    const c = await renderPostImage(2, 'mod', '1:1', 3, 360);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
  });

  it('is not a flat fill: the art has light and dark areas', async () => {
    const { data } = await renderPostImage(1, 'beauty', '3:4', 1, 360);
    const stats = await sharp(data).stats();
    const luminanceSpread = Math.max(...stats.channels.map((c) => c.max - c.min));
    expect(luminanceSpread).toBeGreaterThan(120);
  });
});
