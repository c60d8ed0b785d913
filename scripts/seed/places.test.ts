import { readFile } from 'node:fs/promises';
import { PLACE_CATEGORIES, PLACES_RADIUS_M } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countPois } from '../../apps/server/src/modules/places/index.ts';
import { findPoisAround } from '../../apps/server/src/modules/places/places.service.ts';
import {
  createDatabase,
  createMemoryDatabase,
  type Database,
  runMigrations,
} from '../../apps/server/src/platform/db.ts';
// The migrated template it provides (pgliteTemplate).
import type {} from '../../apps/server/test/global-setup.ts';
import { buildPlaces, MAX_DISTANCE_FROM_CENTER_M, PLACE_CITIES, seedPlaces } from './places.ts';

const places = buildPlaces(1);

function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('the demo places', () => {
  it('are the same for the same seed, and move with another', () => {
    expect(buildPlaces(1)).toEqual(places);
    expect(buildPlaces(2)).not.toEqual(places);
  });

  it('are a few hundred, each city with its share', () => {
    expect(places.length).toBeGreaterThanOrEqual(300);
    expect(places.length).toBeLessThanOrEqual(400);
    for (const city of PLACE_CITIES) {
      expect(places.filter((p) => p.city === city.name)).toHaveLength(city.count);
    }
  });

  it('lie within 15 km of their city’s centre, in one of its districts', () => {
    for (const place of places) {
      const city = PLACE_CITIES.find((c) => c.name === place.city);
      expect(city, place.name).toBeDefined();
      expect(metres(city!.center, place), place.name).toBeLessThanOrEqual(MAX_DISTANCE_FROM_CENTER_M + 50);
      expect(city!.districts.map((d) => d.name)).toContain(place.district);
    }
  });

  it('have a known kind, a unique name and a street address', () => {
    expect(new Set(places.map((p) => p.name)).size).toBe(places.length);
    for (const place of places) {
      expect(PLACE_CATEGORIES).toContain(place.category);
      expect(place.address).toMatch(/号/);
    }
    // Every kind is there, charging stations most of all.
    const ofKind = (kind: string) => places.filter((p) => p.category === kind).length;
    for (const kind of PLACE_CATEGORIES) expect(ofKind(kind), kind).toBeGreaterThan(5);
    expect(ofKind('充电站')).toBeGreaterThan(ofKind('洗车店'));
  });

  it('name regional brands only where they run', () => {
    const southern = places.filter((p) => p.name.startsWith('南方电网') || p.name.startsWith('埃安'));
    expect(southern.length).toBeGreaterThan(0);
    for (const place of southern) expect(['深圳市', '广州市']).toContain(place.city);
    for (const place of places.filter((p) => p.name.startsWith('国家电网'))) {
      expect(['深圳市', '广州市']).not.toContain(place.city);
    }
  });
});

describe('seedPlaces', () => {
  let database: Database;
  beforeAll(async () => {
    // From the run's template, as buildTestDatabase does (importing that would bring the
    // whole test app into the scripts' type check).
    const template = inject('pgliteTemplate');
    if (template) database = await createMemoryDatabase(new Blob([await readFile(template)]));
    else {
      database = await createDatabase({ DATABASE_URL: 'memory://', DATA_DIR: '' });
      await runMigrations(database);
    }
  });
  afterAll(() => database.close());

  it('fills an empty directory once, searchable at once, and leaves a filled one alone', async () => {
    expect(await seedPlaces(database.db, 1)).toBe(places.length);
    expect(await countPois(database.db)).toBe(places.length);
    expect(await seedPlaces(database.db, 2)).toBe(0);
    expect(await countPois(database.db)).toBe(places.length);

    const shanghai = PLACE_CITIES[0]!.center;
    const query = { ...shanghai, radius: PLACES_RADIUS_M, page: 1, size: 25 };
    const chargers = await findPoisAround(database.db, { ...query, word: '充电' });
    expect(chargers.length).toBeGreaterThan(5);
    const tesla = await findPoisAround(database.db, { ...query, word: 'tesila' });
    expect(tesla.length).toBeGreaterThan(0);
    for (const poi of tesla) expect(poi.name).toContain('特斯拉');
  });
});
