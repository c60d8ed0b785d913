import type { Post } from '@evcircle/contract/client';

/** Covers are shown between 4:3 landscape and 3:4 portrait; beyond that they are cropped. */
const MIN_RATIO = 3 / 4;
const MAX_RATIO = 4 / 3;
/** Text, author and like row under the cover, as a fraction of the card's width. */
const CARD_TEXT_HEIGHT = 0.42;

/** Height/width of a post's cover box, from imgpack when known (otherwise 3:4 portrait, e.g. a video frame). */
export function coverSize(post: Pick<Post, 'imgpack'>): { width: number; height: number } {
  const image = post.imgpack[0];
  const width = image && image.width > 0 ? image.width : 3;
  const height = image && image.height > 0 ? image.height : 4;
  const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, height / width));
  // A fixed width keeps the numbers small; only the ratio matters to the box.
  return { width: 480, height: Math.round(480 * ratio) };
}

/**
 * Deals posts into columns, each to the currently shortest one, from the known cover
 * sizes. Deterministic (server and client agree) and stable: appending a page only adds
 * to the bottoms, nothing already shown moves.
 */
export function distributeIntoColumns<T extends Pick<Post, 'imgpack'>>(posts: readonly T[], columns: number): T[][] {
  const out: T[][] = Array.from({ length: columns }, () => []);
  const heights = new Array<number>(columns).fill(0);
  for (const post of posts) {
    let shortest = 0;
    for (let c = 1; c < columns; c++) if ((heights[c] ?? 0) < (heights[shortest] ?? 0) - 1e-9) shortest = c;
    const { width, height } = coverSize(post);
    out[shortest]?.push(post);
    heights[shortest] = (heights[shortest] ?? 0) + height / width + CARD_TEXT_HEIGHT;
  }
  return out;
}

/** Columns by viewport width: 2 on phones, 3–5 on wider screens. */
export function columnCountFor(width: number): number {
  if (width < 768) return 2;
  if (width < 1024) return 3;
  if (width < 1440) return 4;
  return 5;
}
