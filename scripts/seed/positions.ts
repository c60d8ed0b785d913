// Positions for the seed's `--located N` (the radar, nearby lists and the radar benchmark
// of issue 16): the first N users get a last reported position around their home
// district, snapped to the nearby module's grid as a real report would be, most of them
// fresh, some stale (older than LOCATION_TTL_HOURS: they appear nowhere) and some
// invisible. Deterministic: user i's position depends on the run seed and i only.
import { LOCATION_TTL_HOURS } from '@evcircle/contract';
import { snapPoint } from '../../apps/server/src/modules/nearby/index.ts';
import type { SeedUser } from './content.ts';
import { createRandom } from './random.ts';

/** Share of located users whose last report is older than LOCATION_TTL_HOURS. */
export const STALE_SHARE = 0.1;
/** Share of located users who switched to invisible. */
export const INVISIBLE_SHARE = 0.05;
/**
 * Spread of people around their home district's centre (standard deviation of a normal
 * distribution, metres; cut at three of them): a city's drivers live and park all over it,
 * thickest in the middle.
 */
export const SPREAD_M = 6_000;

const HOUR_MS = 3_600_000;
const METRES_PER_DEGREE = 111_320;

export type SeedPosition = {
  userId: number;
  /** WGS-84, snapped (snapPoint): what the nearby module stores for a report. */
  latitude: number;
  longitude: number;
  locatedAt: Date;
  isInvisible: 0 | 1;
};

/** User `user`'s position: near their home district, at a time before `anchor`. */
export function buildPosition(seed: number, anchor: Date, user: SeedUser): SeedPosition {
  const random = createRandom(seed, `position:${user.id}`);
  // Box–Muller: two normal offsets, cut at three standard deviations.
  const radius = Math.min(3, Math.sqrt(-2 * Math.log(1 - random.next()))) * SPREAD_M;
  const angle = random.float(0, 2 * Math.PI);
  const home = user.home.district;
  const latitude = home.latitude + (radius * Math.cos(angle)) / METRES_PER_DEGREE;
  const longitude =
    home.longitude + (radius * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((home.latitude * Math.PI) / 180));
  const stale = random.chance(STALE_SHARE);
  // Fresh: reported within the last day (never in the last minute, so the seed's "now" is
  // never before it); stale: one to fourteen days past the time to live.
  const ageMs = stale
    ? random.float(LOCATION_TTL_HOURS + 1, LOCATION_TTL_HOURS + 14 * 24) * HOUR_MS
    : random.float(1 / 60, LOCATION_TTL_HOURS - 1) * HOUR_MS;
  return {
    userId: user.id,
    ...snapPoint({ latitude, longitude }),
    locatedAt: new Date(anchor.getTime() - ageMs),
    isInvisible: random.chance(INVISIBLE_SHARE) ? 1 : 0,
  };
}
