import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarCharacter, avatarColorIndex, renderAvatar, renderNicknameAvatar } from './avatar-art.ts';

describe('avatar art', () => {
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

  it('draws from the shipped font, so a character it lacks becomes 车 rather than an empty box', async () => {
    const fallback = await renderAvatar('𠀀', 3, 64);
    expect(fallback.equals(await renderAvatar('车', 3, 64))).toBe(true);
    expect(fallback.equals(await renderAvatar('电', 3, 64))).toBe(false);
  });

  it('keeps a nickname on one colour, the one the demo seed has always given it', () => {
    expect(avatarColorIndex('小鹿的Model Y')).toBe(avatarColorIndex('小鹿的Model Y'));
    // Pinned: the seed's avatar files are keyed by colour, so this must not drift.
    expect(avatarColorIndex('电车人')).toBe(7);
    const indexes = new Set(['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'].map(avatarColorIndex));
    expect(indexes.size).toBeGreaterThan(3);
    for (const index of indexes) expect(index).toBeLessThan(AVATAR_COLORS.length);
  });

  it('renders a 256 px JPEG (seed) or WebP (an account’s own) for a nickname', async () => {
    const jpeg = await sharp(await renderNicknameAvatar('追风的车友')).metadata();
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 256, 256]);
    const webp = await sharp(await renderNicknameAvatar('追风的车友', 'webp')).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 256, 256]);
  });
});
