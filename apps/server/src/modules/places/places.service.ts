// Places near a point: the local directory (the pois table, searched with the search
// module's Chinese text engine and earthdistance) and the one answer of /pub/nearbyAds,
// whichever provider MAPS_PROVIDER names.
import { PLACES_RADIUS_M, type Poi } from '@evcircle/contract';
import { and, asc, count, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { PlaceQuery, PlaceSearch } from '../../platform/maps/index.ts';
import { searchTsquerySql, toTsvectorSql } from '../search/index.ts';
import { pois } from './places.tables.ts';

/** A place to add to the local directory (WGS-84 degrees). */
export type PoiInput = {
  name: string;
  category: string;
  address: string;
  city: string;
  district: string;
  latitude: number;
  longitude: number;
};

/** Rows per INSERT when loading places. */
const INSERT_BATCH = 500;

/** The search terms of a place: its name first, then its kind, then where it is. */
function documentOf(place: PoiInput): SQL {
  return toTsvectorSql([
    { text: place.name, weight: 'A' },
    { text: place.category, weight: 'B' },
    { text: `${place.city} ${place.district} ${place.address}`, weight: 'C' },
  ]);
}

/** Adds places to the local directory, indexed for search; answers how many. */
export async function insertPois(db: Db, places: readonly PoiInput[]): Promise<number> {
  for (let start = 0; start < places.length; start += INSERT_BATCH) {
    await db.insert(pois).values(
      places.slice(start, start + INSERT_BATCH).map((place) => ({
        name: place.name,
        category: place.category,
        address: place.address,
        city: place.city,
        district: place.district,
        lat: place.latitude,
        lng: place.longitude,
        document: documentOf(place) as unknown as string,
      })),
    );
  }
  return places.length;
}

/** How many places the local directory holds. */
export async function countPois(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pois);
  return row?.n ?? 0;
}

/**
 * One page of the local directory's places within `radius` metres of the point. No word:
 * nearest first. A word: the places matching every term of it; those matching in the name
 * first, then in name and kind, then anywhere (address, district, city), each nearest
 * first. A word with nothing searchable in it (only punctuation) matches nothing.
 */
export async function findPoisAround(db: Db, query: PlaceQuery): Promise<Poi[]> {
  const point = sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`;
  const place = sql`ll_to_earth(${pois.lat}, ${pois.lng})`;
  const radius = sql`${query.radius}::float8`;
  const distance = sql<number>`earth_distance(${point}, ${place})`.mapWith(Number);
  // The box (GiST index) narrows to a square; the distance keeps the circle.
  const near = and(
    sql`earth_box(${point}, ${radius}) @> ${place}`,
    sql`earth_distance(${point}, ${place}) <= ${radius}`,
  );

  let where = near;
  const order: SQL[] = [];
  if (query.word) {
    const terms = searchTsquerySql(query.word);
    where = and(near, sql`${pois.document} @@ ${terms}`);
    order.push(sql`case
      when ts_filter(${pois.document}, '{a}'::"char"[]) @@ ${terms} then 0
      when ts_filter(${pois.document}, '{a,b}'::"char"[]) @@ ${terms} then 1
      else 2 end`);
  }
  order.push(asc(distance), asc(pois.id));

  const rows = await db
    .select({
      id: pois.id,
      name: pois.name,
      category: pois.category,
      address: pois.address,
      city: pois.city,
      district: pois.district,
      latitude: pois.lat,
      longitude: pois.lng,
      distance,
    })
    .from(pois)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return rows.map((row) => ({ ...row, id: String(row.id), distance: Math.round(row.distance) }));
}

/** The local directory as a place search (MAPS_PROVIDER=local). */
export function localPlaceSearch(db: Db): PlaceSearch {
  return { kind: 'local', around: (query) => findPoisAround(db, query) };
}

/** The answer of /pub/nearbyAds: a page of places within PLACES_RADIUS_M of the point. */
export async function listNearbyPlaces(
  search: PlaceSearch,
  input: { latitude: number; longitude: number; word: string; size: number; idx: number },
): Promise<{ pois: Poi[] }> {
  const found = await search.around({
    latitude: input.latitude,
    longitude: input.longitude,
    word: input.word,
    radius: PLACES_RADIUS_M,
    page: input.idx,
    size: input.size,
  });
  return { pois: found };
}
