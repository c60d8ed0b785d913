import { sql } from 'drizzle-orm';
import { bigint, check, customType, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';

/** A PostgreSQL `tsvector`, written only through the search engine's toTsvectorSql. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The local directory of places near which people park and charge (MAPS_PROVIDER=local):
 * charging and swap stations, service centres, tyre shops, car washes. Coordinates are
 * WGS-84 degrees. `document` holds the search terms of the name (weight A), the kind (B)
 * and the address with its district and city (C); `ll_to_earth(lat, lng)` is indexed for
 * earth_box radius filters.
 */
export const pois = pgTable(
  'pois',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('pois_document_idx').using('gin', t.document),
    index('pois_earth_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`),
    check('pois_lat_range', sql`${t.lat} between -90 and 90`),
    check('pois_lng_range', sql`${t.lng} between -180 and 180`),
  ],
);
