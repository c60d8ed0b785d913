// Nearby and teams rules the server and the browser both apply (SPEC.md §7 "Nearby and
// teams", §9; docs/decisions/0016-nearby-privacy.md). Nobody ever receives another
// person's coordinates: only the distance buckets below.
import { RADAR_LIMIT } from './constants.ts';

/** SPEC.md §9 "Nearby radius default", in km: radar and active users. */
export const NEARBY_PEOPLE_RADIUS_KM = 5;
/** SPEC.md §9 "Nearby radius default", in km: geo posts and teams. */
export const NEARBY_PLACES_RADIUS_KM = 10;
/** The largest radius any nearby call accepts, in km (bigger is capped). */
export const NEARBY_MAX_RADIUS_KM = 50;
/** The radii the pickers of /nearby and /radar offer, in km. */
export const NEARBY_RADIUS_CHOICES_KM = [1, 3, 5, 10, 20, 50] as const;
/** SPEC.md §9 "Radar limit": people (and teams) on the radar at most (declared in constants.ts). */
export { RADAR_LIMIT };

/** A reported position is stored at most once per this many seconds per person. */
export const LOCATION_REPORT_INTERVAL_S = 30;
/** A position older than this appears nowhere. */
export const LOCATION_TTL_HOURS = 24;

/**
 * A distance as anyone but its owner may see it: the upper bound of its bucket, in
 * metres. Under 100 m → 100; under 500 m → 500; under 5 km → the next 0.5 km up;
 * then the next whole km up. Never the distance itself.
 */
export function distanceBucket(metres: number): number {
  const m = Math.max(0, metres);
  if (m < 100) return 100;
  if (m < 500) return 500;
  if (m < 5000) return Math.max(1000, Math.ceil(m / 500) * 500);
  return Math.ceil(m / 1000) * 1000;
}

/** How a bucket reads: 100米内, 500米内, 1.5公里内, 12公里内. */
export function distanceBucketText(bucketMetres: number): string {
  if (bucketMetres < 1000) return `${bucketMetres}米内`;
  const km = bucketMetres / 1000;
  return `${Number.isInteger(km) ? km : km.toFixed(1)}公里内`;
}

/** SPEC.md §3 sex as users store it: 0 unknown, 1 male, 2 female. Filters take '' for any. */
export const NEARBY_SEX_FILTERS = ['', '1', '2'] as const;
