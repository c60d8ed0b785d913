// Posts with a place around a point (GET geo-posts), measured as people are: from the
// point's grid cell to the place's grid cell, answered as a distance bucket. A post's
// place is where its author was when publishing, so neither the radius nor the buckets
// may pin it down more finely than a cell, however many points someone asks from.
import { distanceBucketText, type GeoPost } from '@evcircle/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { geoPostsAround } from '../posts/index.ts';
import {
  distanceBucketSql,
  earthCubeOf,
  type GeoPoint,
  metresBetweenSql,
  SNAP_MARGIN_M,
  snapPoint,
  snappedEarthSql,
} from './positions.ts';

export async function listGeoPosts(
  db: Db,
  viewerId: number | null,
  query: GeoPoint & { radius: number; page: number; size: number },
): Promise<{ items: GeoPost[]; hasMore: boolean }> {
  const center = snapPoint(query);
  const page = await geoPostsAround(db, {
    latitude: center.latitude,
    longitude: center.longitude,
    radiusM: query.radius * 1000,
    page: query.page,
    size: query.size,
    viewerId,
    distanceTo: (latitude: SQL, longitude: SQL) =>
      metresBetweenSql(earthCubeOf(center), snappedEarthSql(latitude, longitude)),
    boxMarginM: SNAP_MARGIN_M,
    bucketOf: distanceBucketSql,
  });
  return {
    items: page.items.map((post) => ({ ...post, distance_text: distanceBucketText(post.distance) })),
    hasMore: page.hasMore,
  };
}
