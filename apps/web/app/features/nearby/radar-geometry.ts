// Where the radar draws people and teams. The server sends no direction and no distance,
// only a distance bucket (nearby-rules.ts distanceBucket): a dot's ring is its bucket, and
// its angle comes from its id alone (a stable hash), so the drawing says nothing about
// where anyone is beyond what the bucket already says, and a dot stays put between scans.

/** The centre's own disc ("我"): dots start outside it. */
export const INNER_FRACTION = 0.16;

/** A ring distance, in metres: the bucket bounds people see (nearby-rules.ts). */
const RING_CANDIDATES_M = [100, 500, 1000, 2000, 3000, 5000, 10_000, 20_000, 30_000, 50_000];
/** Rings closer than this (as a fraction of the radius) would crowd their labels. */
const RING_MIN_GAP = 0.2;

/**
 * How far out a distance is drawn, as a fraction of the radar's radius: a square-root
 * scale, so the many people within a few hundred metres are not crammed into the middle.
 */
export function radialFraction(metres: number, radiusMetres: number): number {
  const share = Math.min(1, Math.max(0, metres / radiusMetres));
  return INNER_FRACTION + (1 - INNER_FRACTION) * Math.sqrt(share);
}

/** The rings inside the edge (the edge itself is the radius), in metres, well apart. */
export function ringsFor(radiusMetres: number): number[] {
  const rings: number[] = [];
  let last = INNER_FRACTION;
  for (const metres of RING_CANDIDATES_M) {
    if (metres >= radiusMetres) break;
    const at = radialFraction(metres, radiusMetres);
    if (at - last >= RING_MIN_GAP && 1 - at >= RING_MIN_GAP * 0.75) {
      rings.push(metres);
      last = at;
    }
  }
  return rings;
}

/** The distances a bucket stands for: [lower, upper) in metres (nearby-rules.ts distanceBucket). */
export function bucketBand(bucketMetres: number): [number, number] {
  if (bucketMetres <= 100) return [0, 100];
  if (bucketMetres <= 500) return [100, 500];
  if (bucketMetres <= 5000) return [bucketMetres - 500, bucketMetres];
  return [bucketMetres - 1000, bucketMetres];
}

/** A number in [0, 1) from a text, always the same for the same text (FNV-1a). */
export function stableUnit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

export type RadarItem = { key: string; distance: number };
/** A dot's centre, in percent of the radar's box (0–100 both ways, the centre at 50/50). */
export type RadarPoint = { key: string; x: number; y: number };

/** Dots nearer than this (percent of the box) are turned apart. */
const MIN_GAP_PERCENT = 9;
const TURN = 0.61;
const MAX_TURNS = 10;
/** Dots stay this far inside the edge (percent of the half-width), so they are not cut. */
const EDGE_MARGIN = 0.9;

/**
 * The dots' places: each on its bucket's band at its own stable angle; one that would sit
 * on another is turned around the centre (up to MAX_TURNS times) to the first free place,
 * or the roomiest one tried.
 */
export function placeDots(items: readonly RadarItem[], radiusMetres: number): RadarPoint[] {
  const placed: RadarPoint[] = [];
  for (const item of items) {
    const [low, high] = bucketBand(item.distance);
    const metres = low + (high - low) * (0.2 + 0.6 * stableUnit(`${item.key}:r`));
    const r = radialFraction(metres, radiusMetres) * EDGE_MARGIN * 50;
    const start = stableUnit(item.key) * 2 * Math.PI;
    let best: RadarPoint | null = null;
    let bestGap = -1;
    for (let turn = 0; turn <= MAX_TURNS; turn++) {
      const angle = start + turn * TURN;
      const point = { key: item.key, x: 50 + r * Math.cos(angle), y: 50 + r * Math.sin(angle) };
      const gap = Math.min(Infinity, ...placed.map((p) => Math.hypot(p.x - point.x, p.y - point.y)));
      if (gap >= MIN_GAP_PERCENT) {
        best = point;
        break;
      }
      if (gap > bestGap) {
        best = point;
        bestGap = gap;
      }
    }
    if (best) placed.push(best);
  }
  return placed;
}
