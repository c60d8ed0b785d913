// People around the viewer: the radar, active users and the paged list of
// /api/v1/user/info/nearby. One query shape for all three (selectPeopleAround): the GiST
// box scan of nearby_positions, the circle, freshness, visibility, blocks, filters, then
// bucket order with the viewer's stable tiebreak. Never a coordinate in an answer.
import {
  distanceBucketText,
  NEARBY_ACTIVE_MINUTES,
  type NearbyPeopleTag,
  type NearbyPerson,
  RADAR_LIMIT,
} from '@evcircle/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { escapeLike, users } from '../accounts/index.ts';
import { followedAmong, followeeIdsOf } from '../relations/index.ts';
import { nearbyPositions } from './nearby.tables.ts';
import {
  distanceBucketSql,
  distanceFrom,
  earthCubeOf,
  type GeoPoint,
  queryPoint,
  snapPoint,
  stableTiebreakSql,
  storedEarth,
  viewerPoint,
  visiblePositionsSql,
  withinSql,
} from './positions.ts';

export type NearbyPeopleQuery = {
  /** Metres. */
  radiusM: number;
  /** '' any, '1' male, '2' female. */
  sex: '' | '1' | '2';
  /** A word matched in the car model ('' any). */
  model: string;
  /** Active within NEARBY_ACTIVE_MINUTES only. */
  activeOnly?: boolean;
  tag?: NearbyPeopleTag;
  limit: number;
  offset?: number;
};

/** Reported a position, or had a realtime connection, within NEARBY_ACTIVE_MINUTES. */
const activeSql = sql`(${nearbyPositions.locatedAt} > now() - make_interval(mins => ${NEARBY_ACTIVE_MINUTES}) or ${nearbyPositions.lastSeenAt} > now() - make_interval(mins => ${NEARBY_ACTIVE_MINUTES}))`;

/**
 * The people `viewerId` may see around `center` (snapped), bucket by bucket, in the
 * viewer's stable order within a bucket: one statement, cheap however crowded the place.
 * - `reach`: the N nearest candidates (N = offset + limit; a nearest-first walk of
 *   nearby_positions_earth_idx that stops at N) and the bucket of the farthest of them.
 *   The first N by bucket all lie within it, so nothing beyond it is looked at (the
 *   radius itself when fewer than N are within it).
 * - `located`: every candidate in the box of the reach (an earth_box scan of the same
 *   index), with its distance computed once (OFFSET 0 keeps the subquery whole);
 * - `page`: ordered by bucket, then the viewer's tiebreak; the page's people joined last.
 * Exported so the benchmark can EXPLAIN exactly this query.
 */
export function selectPeopleAround(db: Db, viewerId: number, center: GeoPoint, query: NearbyPeopleQuery) {
  const snapped = snapPoint(center);
  const distance = distanceFrom(snapped);
  const wanted = (query.offset ?? 0) + query.limit;

  // Filters on the account's own columns: a condition on the person's users row, checked
  // row by row as the walks below find them (a join here would let the planner trade the
  // nearest-first walk for a scan of the whole circle). Deleted accounts have no position
  // (removed with the account); the page's join leaves them out all the same.
  const onUser: SQL[] = [];
  if (query.sex !== '') onUser.push(eq(users.sex, Number(query.sex)));
  if (query.model !== '') onUser.push(sql`${users.carModel} ilike ${`%${escapeLike(query.model)}%`}`);
  if (query.tag === 'vip') onUser.push(sql`${users.vipUntil} > now()`);

  const candidates = (box: number | SQL): SQL => {
    const conditions: SQL[] = [withinSql(snapped, query.radiusM, box), visiblePositionsSql(viewerId)];
    if (query.activeOnly || query.tag === 'active') conditions.push(activeSql);
    if (query.tag === 'following') conditions.push(inArray(nearbyPositions.userId, followeeIdsOf(viewerId)));
    if (onUser.length > 0) {
      conditions.push(
        sql`coalesce((select ${and(...onUser)} from ${users} where ${users.id} = ${nearbyPositions.userId}), false)`,
      );
    }
    return and(...conditions) as SQL;
  };

  const nearest = db
    .select({ metres: sql<number>`${distance}`.as('metres') })
    .from(nearbyPositions)
    .where(candidates(query.radiusM))
    .orderBy(sql`${storedEarth} <-> ${earthCubeOf(snapped)}`)
    .limit(wanted)
    .as('nearest');
  const reach = sql`(select case when count(*) < ${wanted} then ${query.radiusM}::float8 else least(${query.radiusM}::float8, max(${distanceBucketSql(sql`${nearest.metres}`)})::float8) end from ${nearest})`;

  const located = db
    .select({ userId: nearbyPositions.userId, metres: sql<number>`${distance}`.as('metres') })
    .from(nearbyPositions)
    .where(candidates(reach))
    .offset(0)
    .as('located');
  const page = db
    .select({
      userId: located.userId,
      bucket: sql<number>`${distanceBucketSql(sql`${located.metres}`)}`.as('bucket'),
      tiebreak: sql<string>`${stableTiebreakSql(viewerId, located.userId)}`.as('tiebreak'),
    })
    .from(located)
    .orderBy(sql`2`, sql`3`, located.userId)
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .as('page');

  return db
    .select({
      uid: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      sex: users.sex,
      carModel: users.carModel,
      distance: sql<number>`${page.bucket}`.mapWith(Number),
    })
    .from(page)
    .innerJoin(users, and(eq(users.id, page.userId), isNull(users.deletedAt)))
    .orderBy(sql`${page.bucket}`, sql`${page.tiebreak}`, page.userId);
}

type PersonRow = { uid: number; nickname: string; avatar: string; sex: number; carModel: string; distance: number };

/** Rows as NearbyPersons: whom the viewer follows (one query), who is online (one adapter round trip). */
async function toPeople(db: Db, viewerId: number, rows: readonly PersonRow[]): Promise<NearbyPerson[]> {
  const ids = rows.map((row) => row.uid);
  const [followed, online] = await Promise.all([followedAmong(db, viewerId, ids), onlineAmong(db, ids)]);
  return rows.map((row) => ({
    uid: row.uid,
    nickname: row.nickname,
    avatar: row.avatar,
    sex: (row.sex === 1 || row.sex === 2 ? row.sex : 0) as 0 | 1 | 2,
    car_model: row.carModel,
    distance: row.distance,
    distance_text: distanceBucketText(row.distance),
    is_online: online.has(row.uid),
    isfollow: followed.has(row.uid),
  }));
}

/** Which of `ids` have a realtime connection open (nobody, without a realtime hub). */
export async function onlineAmong(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const hub = realtimeOf(db);
  return hub ? hub.onlineAmong(ids) : new Set();
}

type PointQuery = { latitude: number | null; longitude: number | null };

/**
 * GET radar-users: up to `limit` (at most RADAR_LIMIT) people within `radius` km of the
 * viewer's stored position (the query point counts as a report), sex and model filters.
 */
export async function radarUsers(
  db: Db,
  viewerId: number,
  query: PointQuery & { radius: number; limit: number; sex: '' | '1' | '2'; model: string },
): Promise<{ users: NearbyPerson[] }> {
  const center = await viewerPoint(db, viewerId, queryPoint(query));
  const rows = await selectPeopleAround(db, viewerId, center, {
    radiusM: query.radius * 1000,
    sex: query.sex,
    model: query.model,
    limit: Math.min(query.limit, RADAR_LIMIT),
  });
  return { users: await toPeople(db, viewerId, rows) };
}

/** GET active-users: the radar of people active within NEARBY_ACTIVE_MINUTES, up to RADAR_LIMIT. */
export async function activeUsers(
  db: Db,
  viewerId: number,
  query: PointQuery & { radius: number },
): Promise<{ users: NearbyPerson[] }> {
  const center = await viewerPoint(db, viewerId, queryPoint(query));
  const rows = await selectPeopleAround(db, viewerId, center, {
    radiusM: query.radius * 1000,
    sex: '',
    model: '',
    activeOnly: true,
    limit: RADAR_LIMIT,
  });
  return { users: await toPeople(db, viewerId, rows) };
}

/** GET /api/v1/user/info/nearby: a page of people within `km`, filtered by sex, model and tag. */
export async function nearbyPeoplePage(
  db: Db,
  viewerId: number,
  query: PointQuery & {
    km: number;
    sex: '' | '1' | '2';
    model: string;
    tag: NearbyPeopleTag;
    page: number;
    size: number;
  },
): Promise<{ items: NearbyPerson[]; hasMore: boolean }> {
  const center = await viewerPoint(db, viewerId, queryPoint(query));
  // One row more than the page says whether another page follows.
  const rows = await selectPeopleAround(db, viewerId, center, {
    radiusM: query.km * 1000,
    sex: query.sex,
    model: query.model,
    tag: query.tag,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  const hasMore = rows.length > query.size;
  return { items: await toPeople(db, viewerId, rows.slice(0, query.size)), hasMore };
}
