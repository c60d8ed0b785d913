import { DEFAULT_QUALITY_HEIGHT } from './constants.ts';

/**
 * The index of the rendition to start with: the height nearest `target` (576 by default);
 * on a tie the lower one (less data for the same distance). -1 when there are none.
 */
export function nearestQualityIndex(heights: readonly number[], target: number = DEFAULT_QUALITY_HEIGHT): number {
  let best = -1;
  for (const [index, height] of heights.entries()) {
    if (!Number.isFinite(height) || height <= 0) continue;
    if (best === -1) {
      best = index;
      continue;
    }
    const distance = Math.abs(height - target);
    const bestHeight = heights[best] ?? 0;
    const bestDistance = Math.abs(bestHeight - target);
    if (distance < bestDistance || (distance === bestDistance && height < bestHeight)) best = index;
  }
  return best;
}

/**
 * A rendition's quality as the menu names it (720p…): its short side, so a portrait video's
 * 360×640 rung is 360p, as a landscape 640×360 one is.
 */
export function renditionQuality({ width = 0, height = 0 }: { width?: number; height?: number }): number {
  if (width > 0 && height > 0) return Math.min(width, height);
  return height > 0 ? height : width;
}
