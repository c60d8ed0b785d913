import { AI_AVATAR_STYLES } from '@evcircle/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalAvatarMaker } from './local-avatar.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Mean absolute difference per channel value between two same-sized pictures (0–255). */
async function pixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < (x as Buffer).length; i++)
    sum += Math.abs(((x as Buffer)[i] as number) - ((y as Buffer)[i] as number));
  return sum / (x as Buffer).length;
}

describe('createLocalAvatarMaker', () => {
  const maker = createLocalAvatarMaker();

  it('says it is the local generator and offers every avatar style of the contract', () => {
    expect(maker.info).toEqual({ configured: true, local: true, name: '本地生成器' });
    expect(maker.styles).toEqual(AI_AVATAR_STYLES);
  });

  it.each(AI_AVATAR_STYLES)('draws %s as an opaque square PNG of the asked size', async (style) => {
    const png = await maker.render(style, '车友小王', 160);
    expect(png.subarray(0, 8)).toEqual(PNG_MAGIC);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 160, 160]);
    const stats = await sharp(png).stats();
    // A drawing, not a blank: the channels vary, and the background leaves no transparent pixel.
    expect(Math.max(...stats.channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(10);
    expect(stats.channels[3]?.min).toBe(255);
  });

  it.each(AI_AVATAR_STYLES)('draws %s the same from the same seed and differently from another', async (style) => {
    const first = await maker.render(style, 'seed-甲', 96);
    const again = await maker.render(style, 'seed-甲', 96);
    const other = await maker.render(style, 'seed-乙', 96);
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
    expect(await pixelDifference(first, other)).toBeGreaterThan(2);
  });

  it('draws each style differently for the same seed', async () => {
    const drawn = await Promise.all(AI_AVATAR_STYLES.map((style) => maker.render(style, 'same-seed', 64)));
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        expect(await pixelDifference(drawn[i] as Buffer, drawn[j] as Buffer)).toBeGreaterThan(5);
      }
    }
  });

  it('refuses sizes it cannot draw and styles it does not have', async () => {
    await expect(maker.render('lorelei', 'x', 0)).rejects.toThrow(RangeError);
    await expect(maker.render('lorelei', 'x', 12.5)).rejects.toThrow(RangeError);
    await expect(maker.render('lorelei', 'x', 4096)).rejects.toThrow(RangeError);
    // @ts-expect-error: a style outside the contract, as an old client might send.
    await expect(maker.render('bottts', 'x', 64)).rejects.toThrow(RangeError);
  });
});
