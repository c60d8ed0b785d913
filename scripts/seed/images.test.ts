import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { aspectSize, avatarCharacter, renderAvatar, renderPostImage } from './images.ts';

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

  it('draws the Chinese initial of the nickname on the avatar', async () => {
    expect(avatarCharacter('小鹿的Model Y')).toBe('小');
    expect(avatarCharacter('kevin不吃香菜')).toBe('K');
    expect(avatarCharacter('__')).toBe('车');
    const withCharacter = await sharp(await renderAvatar('电', 0, 128))
      .raw()
      .toBuffer();
    const background = await sharp(await renderAvatar(' ', 0, 128))
      .raw()
      .toBuffer();
    // The glyph turns many pixels white; a missing CJK font would draw nothing (or tofu).
    let whiteDiff = 0;
    for (let i = 0; i < withCharacter.length; i += 3) {
      if (withCharacter[i]! > 230 && withCharacter[i + 1]! > 230 && background[i]! < 200) whiteDiff++;
    }
    expect(whiteDiff).toBeGreaterThan(600);
  });
});
