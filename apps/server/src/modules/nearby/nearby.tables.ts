import { sql } from 'drizzle-orm';
import { bigint, check, customType, doublePrecision, index, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** A point of earthdistance (a `cube` of three coordinates, metres from the earth's centre). */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * Each person's nearby state, one row per user (docs/decisions/0016-nearby-privacy.md):
 * the last stored position, already snapped to the grid (snapPoint; the exact point a
 * phone reported is never stored), when it was stored (at most once per
 * LOCATION_REPORT_INTERVAL_S; older than LOCATION_TTL_HOURS it counts nowhere), the
 * visibility switch, and when a realtime connection of theirs was last seen. The row
 * exists once the person reports or switches visibility; the position columns are null
 * until a first report. `earth` is `ll_to_earth(latitude, longitude)`, stored (computed by
 * the database on every write) and indexed (GiST) for the earth_box scans and the
 * nearest-first walks of the radar and the lists: computing ll_to_earth for every row a
 * query looks at cost 25 times more than reading it.
 */
export const nearbyPositions = pgTable(
  'nearby_positions',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().references(userKey, { onDelete: 'cascade' }),
    /** WGS-84 degrees of the grid cell's centre. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** When the position was stored; null until a first report. */
    locatedAt: timestamp('located_at', { withTimezone: true }),
    /** 1 = appears in no list, radar, active users or stats (still sees others). */
    isInvisible: smallint('is_invisible').notNull().default(0),
    /** The last time a realtime connection of theirs opened or closed (coarse last-active time). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** ll_to_earth(latitude, longitude); null without a position. */
    earth: cube('earth').generatedAlwaysAs(sql`ll_to_earth("latitude", "longitude")`),
  },
  (t) => [
    index('nearby_positions_earth_idx').using('gist', t.earth).where(sql`${t.latitude} is not null`),
    check('nearby_positions_lat_range', sql`${t.latitude} between -90 and 90`),
    check('nearby_positions_lng_range', sql`${t.longitude} between -180 and 180`),
    check('nearby_positions_point_whole', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);
