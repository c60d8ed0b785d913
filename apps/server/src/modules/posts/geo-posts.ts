// Posts published with a place, around a point (the nearby module's geo-posts). Posts'
// own coordinates stay here: answers carry the Post shape and a distance bucket.
import type { Post } from '@evcircle/contract';
import { and, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../accounts/index.ts';
import { blockedEitherWayIdsOf } from '../relations/index.ts';
import { feedColumns, markForViewer } from './posts.service.ts';
import { posts } from './posts.tables.ts';

export type GeoPostsQuery = {
  /** The point the list is measured from (WGS-84 degrees). */
  latitude: number;
  longitude: number;
  /** Metres. */
  radiusM: number;
  page: number;
  size: number;
  viewerId: number | null;
  /**
   * Metres from the point to a post's place, as SQL over the post's coordinates: the
   * caller's rule (nearby measures between grid cells, so neither the radius nor the
   * buckets can pin a place down).
   */
  distanceTo: (latitude: SQL, longitude: SQL) => SQL;
  /** How much farther than `radiusM` a place may lie and still be within it by `distanceTo`. */
  boxMarginM: number;
  /** The distance bucket of a distance in metres: the list is ordered by it (then newest), never by the distance. */
  bucketOf: (metres: SQL) => SQL<number>;
};

/** The earth point of a located post (the expression posts_earth_idx indexes). */
const postEarth = sql`ll_to_earth(${posts.latitude}, ${posts.longitude})`;

/**
 * The rows of one page of live posts of live authors whose place is within the radius
 * (the box walks posts_earth_idx), nearest bucket first, then newest; the authors blocked
 * by or blocking the viewer left out. Exported so a benchmark can EXPLAIN exactly this query.
 */
export function selectGeoPostRows(db: Db, query: GeoPostsQuery) {
  const point = sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`;
  const distance = query.distanceTo(sql`${posts.latitude}`, sql`${posts.longitude}`);
  const bucket = query.bucketOf(distance);
  const conditions: SQL[] = [
    isNull(posts.deletedAt),
    isNotNull(posts.latitude),
    isNotNull(posts.longitude),
    sql`earth_box(${point}, ${query.radiusM + query.boxMarginM}::float8) @> ${postEarth}`,
    sql`${distance} <= ${query.radiusM}::float8`,
    isNull(users.deletedAt),
  ];
  if (query.viewerId !== null) conditions.push(notInArray(posts.userId, blockedEitherWayIdsOf(query.viewerId)));
  return db
    .select({ ...feedColumns, distance: bucket })
    .from(posts)
    .innerJoin(users, sql`${users.id} = ${posts.userId}`)
    .where(and(...conditions))
    .orderBy(sql`${bucket}`, sql`${posts.createdAt} desc`, sql`${posts.id} desc`)
    .limit(query.size + 1)
    .offset((query.page - 1) * query.size);
}

/** One page of posts around the point, as Posts marked for the viewer with their distance bucket. */
export async function geoPostsAround(
  db: Db,
  query: GeoPostsQuery,
): Promise<{ items: (Post & { distance: number })[]; hasMore: boolean }> {
  const rows = await selectGeoPostRows(db, query);
  const page = rows.slice(0, query.size);
  const marked = await markForViewer(db, page, query.viewerId);
  return {
    items: marked.map((post, i) => ({ ...post, distance: page[i]?.distance ?? 0 })),
    hasMore: rows.length > query.size,
  };
}
