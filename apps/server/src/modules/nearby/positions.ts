// Where people are, as the nearby rules let anyone know it (docs/decisions/0016-nearby-
// privacy.md): positions snapped to a grid before they are stored, stored at most once per
// LOCATION_REPORT_INTERVAL_S, fresh for LOCATION_TTL_HOURS, and distances answered only as
// buckets, ordered with a stable pseudo-random tiebreak.
import { createHash } from 'node:crypto';
import { AppError, LOCATION_REPORT_INTERVAL_S, LOCATION_TTL_HOURS } from '@evcircle/contract';
import { and, eq, isNotNull, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { shanghaiDay } from '../../platform/shanghai-day.ts';
import { users } from '../accounts/index.ts';
import { blockedEitherWayIdsOf } from '../relations/index.ts';
import { nearbyPositions } from './nearby.tables.ts';

export type GeoPoint = { latitude: number; longitude: number };

/** Height of a grid cell in degrees of latitude: about 200 m. */
const CELL_LAT_DEG = 0.0018;
/** Cells never get wider than this many degrees of longitude (near the poles). */
const CELL_LNG_MAX_DEG = 1;
/** The radius of the earth earthdistance assumes (its `earth()`), in metres. */
const EARTH_RADIUS_M = 6_378_168;

/** Rounds to 6 decimals (about 0.1 m), so a snapped point snaps to itself. */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The centre of the grid cell holding `point`: cells are CELL_LAT_DEG (about 200 m) high
 * and about as wide (their width in degrees of longitude grows with the latitude of the
 * cell's row). Every stored position and every point a distance is measured from is
 * snapped, so an answer can never say more than which cell someone is in.
 */
export function snapPoint(point: GeoPoint): GeoPoint {
  const row = Math.floor(point.latitude / CELL_LAT_DEG);
  const latitude = Math.min(90, Math.max(-90, (row + 0.5) * CELL_LAT_DEG));
  const cos = Math.cos((latitude * Math.PI) / 180);
  const lngStep = Math.min(CELL_LNG_MAX_DEG, CELL_LAT_DEG / Math.max(cos, 1e-9));
  const column = Math.floor((point.longitude + 180) / lngStep);
  const longitude = Math.min(180, Math.max(-180, (column + 0.5) * lngStep - 180));
  return { latitude: round6(latitude), longitude: round6(longitude) };
}

/**
 * snapPoint in SQL, over coordinate expressions: the earth point of the cell's centre
 * (for places stored exactly, such as posts'; positions are stored snapped already).
 */
export function snappedEarthSql(latitude: SQL, longitude: SQL): SQL {
  const cell = sql`${CELL_LAT_DEG}::float8`;
  const lat = sql`least(90::float8, greatest(-90::float8, (floor(${latitude} / ${cell}) + 0.5) * ${cell}))`;
  const step = sql`least(${CELL_LNG_MAX_DEG}::float8, ${cell} / greatest(cos(radians(${lat})), 1e-9::float8))`;
  const lng = sql`least(180::float8, greatest(-180::float8, (floor((${longitude} + 180) / ${step}) + 0.5) * ${step} - 180))`;
  // ll_to_earth written out over plain C functions (it costs ten times as much per row).
  const r = sql`${EARTH_RADIUS_M}::float8`;
  return sql`cube(array[${r} * cos(radians(${lat})) * cos(radians(${lng})), ${r} * cos(radians(${lat})) * sin(radians(${lng})), ${r} * sin(radians(${lat}))])`;
}

/** How far a snapped point may lie from the point itself, in metres, with room to spare. */
export const SNAP_MARGIN_M = 200;

/**
 * The order within a distance bucket: a number from a hash of the viewer, the other
 * person (or team) and the day in Shanghai. The same viewer sees the same order all day
 * whatever point they ask from, so moving a little and asking again reveals nothing, and
 * the order says nothing about who is nearer within the bucket.
 */
export function stableTiebreak(viewerId: number, key: string | number, now: Date = new Date()): number {
  const digest = createHash('md5')
    .update(`${viewerId}:${key}:${shanghaiDay(now)}`)
    .digest('hex');
  return Number.parseInt(digest.slice(0, 8), 16);
}

/** stableTiebreak in SQL, for the key `keySql` (the same number, so lists page consistently). */
export function stableTiebreakSql(viewerId: number, keySql: SQL | unknown, now: Date = new Date()): SQL {
  const prefix = `${viewerId}:`;
  const suffix = `:${shanghaiDay(now)}`;
  return sql`('x' || lpad(substr(md5(${prefix} || (${keySql})::text || ${suffix}), 1, 8), 16, '0'))::bit(64)::bigint`;
}

/** distanceBucket (nearby-rules.ts) in SQL, over a distance in metres. */
export function distanceBucketSql(metres: SQL): SQL<number> {
  return sql<number>`(case
    when ${metres} < 100 then 100
    when ${metres} < 500 then 500
    when ${metres} < 5000 then greatest(1000, ceil(${metres} / 500) * 500)
    else ceil(${metres} / 1000) * 1000 end)::int`.mapWith(Number);
}

/** The earth point of a stored position (the column nearby_positions_earth_idx indexes). */
export const storedEarth = sql`${nearbyPositions.earth}`;

/** The earth point of `point` as SQL (earthdistance's ll_to_earth). */
export function earthOf(point: GeoPoint): SQL {
  return sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
}

/**
 * The earth point of `point` as a cube literal, computed here as ll_to_earth does, so a
 * query compares each row with a constant instead of calling ll_to_earth again.
 */
export function earthCubeOf(point: GeoPoint): SQL {
  const lat = (point.latitude * Math.PI) / 180;
  const lng = (point.longitude * Math.PI) / 180;
  const x = EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lng);
  const y = EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lng);
  const z = EARTH_RADIUS_M * Math.sin(lat);
  return sql`${`(${x}, ${y}, ${z})`}::cube`;
}

/**
 * Metres along the earth between two earth points (cubes): earth_distance written out
 * (the great circle from the straight-line distance, as its sec_to_gc does) over plain C
 * functions, which costs a tenth of calling it.
 */
export function metresBetweenSql(a: SQL, b: SQL): SQL {
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, cube_distance(${a}, ${b}) / ${2 * EARTH_RADIUS_M}::float8)))`;
}

/** Metres from `center` to each stored position. */
export function distanceFrom(center: GeoPoint): SQL {
  return metresBetweenSql(earthCubeOf(center), storedEarth);
}

/**
 * Stored positions within `radiusM` of `center`: the box walks the GiST index, the
 * distance keeps the circle. `boxRadiusM` narrows the box alone (the radar's reach).
 */
export function withinSql(center: GeoPoint, radiusM: number, boxRadiusM: number | SQL = radiusM): SQL {
  const box = typeof boxRadiusM === 'number' ? sql`${boxRadiusM}::float8` : boxRadiusM;
  return sql`${nearbyPositions.latitude} is not null and earth_box(${earthOf(center)}, ${box}) @> ${storedEarth} and ${distanceFrom(center)} <= ${radiusM}::float8`;
}

/** The position was stored within LOCATION_TTL_HOURS. */
export const freshSql = sql`${nearbyPositions.locatedAt} > now() - make_interval(hours => ${LOCATION_TTL_HOURS})`;

/**
 * Stores `point` (snapped) as the user's position unless one was stored less than
 * LOCATION_REPORT_INTERVAL_S ago, in one statement (two reports at once store one).
 * Answers whether it was stored.
 */
export async function storeReport(db: Db, userId: number, point: GeoPoint): Promise<boolean> {
  const snapped = snapPoint(point);
  const rows = await db
    .insert(nearbyPositions)
    .values({ userId, latitude: snapped.latitude, longitude: snapped.longitude, locatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: nearbyPositions.userId,
      set: { latitude: snapped.latitude, longitude: snapped.longitude, locatedAt: sql`now()` },
      setWhere: sql`${nearbyPositions.locatedAt} is null or ${nearbyPositions.locatedAt} <= now() - make_interval(secs => ${LOCATION_REPORT_INTERVAL_S})`,
    })
    .returning({ userId: nearbyPositions.userId });
  return rows.length > 0;
}

/** The user's snapped position if it is fresh (stored within LOCATION_TTL_HOURS), else null. */
export async function freshPositionOf(db: Db, userId: number): Promise<GeoPoint | null> {
  const [row] = await db
    .select({ latitude: nearbyPositions.latitude, longitude: nearbyPositions.longitude })
    .from(nearbyPositions)
    .where(and(eq(nearbyPositions.userId, userId), isNotNull(nearbyPositions.latitude), freshSql));
  if (!row || row.latitude === null || row.longitude === null) return null;
  return { latitude: row.latitude, longitude: row.longitude };
}

/**
 * The point the viewer's nearby answers are measured from: `query` counts as a report
 * (stored under the same interval rule as report-location, so asking from many points
 * quickly measures from the first), and the answer is the viewer's stored position.
 * Without a query point, the stored fresh position; NEARBY_LOCATION_REQUIRED when none.
 */
export async function viewerPoint(db: Db, viewerId: number, query: GeoPoint | null): Promise<GeoPoint> {
  if (query) await storeReport(db, viewerId, query);
  const stored = await freshPositionOf(db, viewerId);
  if (!stored) throw new AppError('NEARBY_LOCATION_REQUIRED');
  return stored;
}

/** The query's point when it carries one (the contract accepts both or neither). */
export function queryPoint(query: { latitude: number | null; longitude: number | null }): GeoPoint | null {
  return query.latitude === null || query.longitude === null
    ? null
    : { latitude: query.latitude, longitude: query.longitude };
}

/**
 * Users with a fresh position within `radiusM` of `center`, live accounts only.
 * Invisible ones are included (they may still be told of a team nearby); the caller
 * leaves out blocks.
 */
export async function userIdsWithin(
  db: Db,
  center: GeoPoint,
  radiusM: number,
  options: { excludeIds?: number[] } = {},
): Promise<number[]> {
  const conditions: SQL[] = [withinSql(snapPoint(center), radiusM), freshSql, isNull(users.deletedAt)];
  if (options.excludeIds && options.excludeIds.length > 0) {
    conditions.push(notInArray(nearbyPositions.userId, options.excludeIds));
  }
  const rows = await db
    .select({ id: nearbyPositions.userId })
    .from(nearbyPositions)
    .innerJoin(users, eq(users.id, nearbyPositions.userId))
    .where(and(...conditions))
    .orderBy(nearbyPositions.userId);
  return rows.map((row) => row.id);
}

/**
 * Whose stored position `viewerId` may see (the conditions on nearby_positions every
 * people answer shares): fresh, visible, not the viewer, no block either way. Deleted
 * accounts have no row (removed with the account).
 */
export function visiblePositionsSql(viewerId: number): SQL {
  return and(
    freshSql,
    eq(nearbyPositions.isInvisible, 0),
    ne(nearbyPositions.userId, viewerId),
    notInArray(nearbyPositions.userId, blockedEitherWayIdsOf(viewerId)),
  ) as SQL;
}

/**
 * How many people `viewerId` may see within `radiusM` of `center`, in all and by distance
 * bucket (nearest first): visible, not blocked either way, not the viewer.
 */
export async function countPeopleAround(
  db: Db,
  viewerId: number,
  center: GeoPoint,
  radiusM: number,
): Promise<{ total: number; buckets: { distance: number; count: number }[] }> {
  const snapped = snapPoint(center);
  const bucket = distanceBucketSql(distanceFrom(snapped));
  const rows = await db
    .select({ distance: bucket, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(nearbyPositions)
    .innerJoin(users, eq(users.id, nearbyPositions.userId))
    .where(and(withinSql(snapped, radiusM), visiblePositionsSql(viewerId), isNull(users.deletedAt)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { total: rows.reduce((sum, row) => sum + row.count, 0), buckets: rows };
}
