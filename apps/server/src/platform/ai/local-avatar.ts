import type { createAvatar, Style } from '@dicebear/core';
import { AI_AVATAR_STYLES, type AiAvatarStyle } from '@evcircle/contract';
import sharp from 'sharp';
import { LOCAL_GENERATOR_INFO } from './local-image.ts';
import type { AvatarMaker } from './types.ts';

/**
 * The avatar maker that needs no AI service: DiceBear's procedural styles (code MIT,
 * © Florian Körner), drawn from the seed and rendered to PNG by sharp. The artwork of each
 * style has its own licence (from each package's `meta` and LICENSE, @dicebear 9.4.3):
 *
 * | style      | design                                  | licence                                   |
 * | ---------- | --------------------------------------- | ----------------------------------------- |
 * | adventurer | "Adventurer" by Lisa Wischofsky         | CC BY 4.0 — attribution required          |
 * | avataaars  | "Avataaars" by Pablo Stanley            | free for personal and commercial use      |
 * | big-smile  | "Custom Avatar" by Ashley Seo           | CC BY 4.0 — attribution required          |
 * | lorelei    | "Lorelei" by Lisa Wischofsky            | CC0 1.0                                   |
 * | notionists | "Notionists" by Zoish                   | CC0 1.0                                   |
 * | pixel-art  | "Pixel Art" by DiceBear                 | CC0 1.0                                   |
 *
 * NOTE: the CC BY 4.0 styles need the attribution shown where the product credits its
 * third-party material (docs and the about page), with a link to the licence.
 */

type Dicebear = {
  // biome-ignore lint/suspicious/noExplicitAny: each style has its own options type; only the common ones are passed.
  styles: Record<AiAvatarStyle, Style<any>>;
  createAvatar: typeof createAvatar;
};

/**
 * DiceBear, imported on the first avatar drawn: its collection (30 style packages) takes
 * ~0.5 s to import, which every process and test app would pay for a rarely used tool.
 */
let dicebear: Promise<Dicebear> | null = null;
function loadDicebear(): Promise<Dicebear> {
  dicebear ??= Promise.all([import('@dicebear/collection'), import('@dicebear/core')]).then(([collection, core]) => ({
    styles: {
      adventurer: collection.adventurer,
      avataaars: collection.avataaars,
      'big-smile': collection.bigSmile,
      lorelei: collection.lorelei,
      notionists: collection.notionists,
      'pixel-art': collection.pixelArt,
    },
    createAvatar: core.createAvatar,
  }));
  return dicebear;
}

/**
 * Soft backgrounds (DiceBear picks one from the seed): the styles draw on transparency,
 * and an avatar is shown cropped round on light and dark pages alike.
 */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8', 'fde68a', 'bae6fd'];

/** Sizes render() accepts (px): a thumbnail up to a large profile picture. */
const MIN_SIZE = 16;
const MAX_SIZE = 2048;

/**
 * The embedded avatar maker: every style of AI_AVATAR_STYLES, deterministic (the same
 * style, seed and size give the same PNG bytes), square PNG on a soft background.
 */
export function createLocalAvatarMaker(): AvatarMaker {
  return {
    info: LOCAL_GENERATOR_INFO,
    styles: AI_AVATAR_STYLES,
    async render(style, seed, size) {
      const { styles, createAvatar } = await loadDicebear();
      const drawn = styles[style];
      if (!drawn) throw new RangeError(`unknown avatar style: ${style}`);
      if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
        throw new RangeError(`avatar size must be an integer from ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
      }
      const svg = createAvatar(drawn, { seed, size, backgroundColor: BACKGROUNDS, backgroundType: ['solid'] });
      // The SVG's width and height are `size`, so librsvg draws the vectors at that size (no scaling blur).
      return sharp(Buffer.from(svg.toString())).png({ compressionLevel: 9 }).toBuffer();
    },
  };
}
