import type { PostTheme } from '@evcircle/contract';
import sharp from 'sharp';
import { postArtSvg } from './art.ts';
import { createRandom } from './random.ts';

/** Aspect ratios phone photos and screenshots come in, as width : height. */
export const ASPECTS = { '3:4': [3, 4], '1:1': [1, 1], '4:3': [4, 3], '9:16': [9, 16] } as const;
export type Aspect = keyof typeof ASPECTS;

/** Post images are generated 1080 px wide, the width phones upload at. */
export const POST_IMAGE_WIDTH = 1080;

export type RenderedImage = { data: Buffer; width: number; height: number };

export function aspectSize(aspect: Aspect, width = POST_IMAGE_WIDTH): { width: number; height: number } {
  const [w, h] = ASPECTS[aspect];
  return { width, height: Math.round((width * h) / w) };
}

/** JPEG settings fixed here so the same seed gives the same bytes on every run. */
const JPEG = { quality: 82, progressive: true, chromaSubsampling: '4:2:0' } as const;

/**
 * Art number `index` of `theme` at `aspect` under run seed `seed`: a procedural scene
 * (sky, ridges, road, chargers, garage, car) rendered from SVG to JPEG with sharp.
 */
export async function renderPostImage(
  seed: number,
  theme: PostTheme,
  aspect: Aspect,
  index: number,
  width = POST_IMAGE_WIDTH,
): Promise<RenderedImage> {
  const size = aspectSize(aspect, width);
  const svg = postArtSvg(createRandom(seed, `art:${theme}:${aspect}:${index}`), theme, size.width, size.height);
  const data = await sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();
  return { data, ...size };
}
