// The position rules the nearby answers and the teams module build on: the grid snap, the
// buckets and the tiebreak (the same in SQL as in TypeScript), and the helpers the module
// exports (viewerPoint, freshPositionOf, userIdsWithin, countPeopleAround).
import { distanceBucket, LOCATION_TTL_HOURS } from '@evcircle/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { newPerson } from '../../../test/login-as.ts';
import { block } from '../chat/chat.test-helper.ts';
import { backdate, newArea, offset, placeAt } from './nearby.test-helper.ts';
import {
  countPeopleAround,
  distanceBucketSql,
  earthCubeOf,
  earthOf,
  freshPositionOf,
  type GeoPoint,
  metresBetweenSql,
  snapPoint,
  snappedEarthSql,
  stableTiebreak,
  stableTiebreakSql,
  userIdsWithin,
  viewerPoint,
} from './positions.ts';
import { setVisibility } from './presence.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Great-circle metres between two points (the sphere earthdistance uses). */
function metres(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_378_168 * Math.asin(Math.sqrt(h));
}

/** The one value `expression` selects. */
async function scalar(expression: ReturnType<typeof sql>): Promise<number> {
  // Both drivers answer execute() with { rows }.
  const result = (await t.app.db.execute(sql`select ${expression} as v`)) as unknown as {
    rows: { v: string | number }[];
  };
  return Number(result.rows[0]?.v);
}

const SAMPLES: GeoPoint[] = [
  { latitude: 31.230416, longitude: 121.473701 },
  { latitude: 39.908, longitude: 116.459 },
  { latitude: 22.5431, longitude: 114.0579 },
  { latitude: -33.8688, longitude: 151.2093 },
  { latitude: 64.1466, longitude: -21.9426 },
  { latitude: 0, longitude: 0 },
  { latitude: 89.9999, longitude: 179.9999 },
  { latitude: -90, longitude: -180 },
  { latitude: 90, longitude: 180 },
];

describe('snapPoint', () => {
  it('answers the centre of a cell about 200 m across, and the centre snaps to itself', () => {
    for (const point of SAMPLES) {
      const snapped = snapPoint(point);
      expect(snapPoint(snapped)).toEqual(snapped);
      expect(Math.abs(snapped.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(snapped.longitude)).toBeLessThanOrEqual(180);
      if (Math.abs(point.latitude) < 80) expect(metres(point, snapped)).toBeLessThan(145);
    }
  });

  it('puts points a few tens of metres apart in one cell, and points 300 m apart in different ones', () => {
    const centre = snapPoint(SAMPLES[0] as GeoPoint);
    for (const [north, east] of [
      [40, 0],
      [0, -60],
      [-70, 70],
    ] as const) {
      expect(snapPoint(offset(centre, north, east))).toEqual(centre);
    }
    expect(snapPoint(offset(centre, 300, 0))).not.toEqual(centre);
    expect(snapPoint(offset(centre, 0, 300))).not.toEqual(centre);
  });

  it('is the same in SQL (for places stored exactly, such as posts’)', async () => {
    for (const point of [...SAMPLES, ...SAMPLES.map((p) => offset(p, 77, -123))]) {
      if (Math.abs(point.latitude) > 89) continue;
      const snapped = snapPoint(point);
      const inSql = snappedEarthSql(sql`${point.latitude}::float8`, sql`${point.longitude}::float8`);
      const apart = await scalar(
        sql`cube_distance(${inSql}, ll_to_earth(${snapped.latitude}::float8, ${snapped.longitude}::float8))`,
      );
      expect(apart).toBeLessThan(1);
    }
  });
});

describe('distances in SQL', () => {
  it('metresBetweenSql and earthCubeOf answer what earth_distance and ll_to_earth do', async () => {
    for (const [a, b] of [
      [SAMPLES[0], SAMPLES[1]],
      [SAMPLES[0], offset(SAMPLES[0] as GeoPoint, 150, -80)],
      [SAMPLES[2], offset(SAMPLES[2] as GeoPoint, 4321, 1234)],
      [SAMPLES[3], SAMPLES[4]],
    ] as [GeoPoint, GeoPoint][]) {
      const ours = await scalar(metresBetweenSql(earthCubeOf(a), earthCubeOf(b)));
      const theirs = await scalar(sql`earth_distance(${earthOf(a)}, ${earthOf(b)})`);
      expect(Math.abs(ours - theirs)).toBeLessThan(0.01);
      expect(Math.abs(ours - metres(a, b))).toBeLessThan(0.5);
    }
  });
});

describe('buckets and tiebreak in SQL', () => {
  it('distanceBucketSql answers distanceBucket', async () => {
    const distances = [0, 50, 99.9, 100, 499, 500, 999, 1000, 1001, 1499, 1500, 1501, 4999, 5000, 5001, 12_345];
    for (const d of distances) {
      expect([d, await scalar(distanceBucketSql(sql`${d}::float8`))]).toEqual([d, distanceBucket(d)]);
    }
  });

  it('stableTiebreakSql answers stableTiebreak, which changes with viewer, key and day', async () => {
    const now = new Date('2026-12-01T12:00:00Z');
    for (const [viewer, key] of [
      [1, 2],
      [42, 7],
      [123_456, 654_321],
    ] as const) {
      expect(await scalar(stableTiebreakSql(viewer, sql`${key}::bigint`, now))).toBe(stableTiebreak(viewer, key, now));
    }
    expect(stableTiebreak(1, 2, now)).not.toBe(stableTiebreak(2, 2, now));
    expect(stableTiebreak(1, 2, now)).not.toBe(stableTiebreak(1, 3, now));
    expect(stableTiebreak(1, 2, now)).not.toBe(stableTiebreak(1, 2, new Date('2026-12-02T12:00:00Z')));
    // The day is Shanghai's: 15:59 and 16:01 UTC are two days.
    expect(stableTiebreak(1, 2, new Date('2026-12-01T15:59:00Z'))).not.toBe(
      stableTiebreak(1, 2, new Date('2026-12-01T16:01:00Z')),
    );
  });
});

describe('the exported helpers', () => {
  it('viewerPoint stores the query point (snapped) under the interval rule and answers the stored one', async () => {
    const user = await createUser(t.app.db);
    const here = offset(newArea(), 33, 44);
    expect(await viewerPoint(t.app.db, user.id, here)).toEqual(snapPoint(here));
    expect(await viewerPoint(t.app.db, user.id, offset(here, 5000, 0))).toEqual(snapPoint(here));
    expect(await viewerPoint(t.app.db, user.id, null)).toEqual(snapPoint(here));
    expect(await freshPositionOf(t.app.db, user.id)).toEqual(snapPoint(here));
    await backdate(t.app.db, user.id, { locatedSecondsAgo: LOCATION_TTL_HOURS * 3600 + 1 });
    expect(await freshPositionOf(t.app.db, user.id)).toBeNull();
    await expect(viewerPoint(t.app.db, user.id, null)).rejects.toMatchObject({ code: 'NEARBY_LOCATION_REQUIRED' });
  });

  it('userIdsWithin: fresh positions in the radius, invisible ones too, minus excluded ids', async () => {
    const here = newArea();
    const [a, b, c, far] = [
      await createUser(t.app.db),
      await createUser(t.app.db),
      await createUser(t.app.db),
      await createUser(t.app.db),
    ];
    await placeAt(t.app.db, a.id, offset(here, 100, 0));
    await placeAt(t.app.db, b.id, offset(here, 0, 900));
    await placeAt(t.app.db, c.id, offset(here, -1500, 0));
    await placeAt(t.app.db, far.id, offset(here, 0, 8000));
    await setVisibility(t.app.db, b.id, 1);
    const byId = (list: number[]) => [...list].sort((x, y) => x - y);
    expect(await userIdsWithin(t.app.db, here, 2000)).toEqual(byId([a.id, b.id, c.id]));
    expect(await userIdsWithin(t.app.db, here, 1000)).toEqual(byId([a.id, b.id]));
    expect(await userIdsWithin(t.app.db, here, 2000, { excludeIds: [a.id, c.id] })).toEqual([b.id]);
  });

  it('countPeopleAround: by bucket, visible and unblocked only, never the viewer', async () => {
    const here = newArea();
    const viewer = await newPerson(t);
    await placeAt(t.app.db, viewer.id, here);
    const [p0, p1, p2, p3, p4] = [
      await newPerson(t),
      await newPerson(t),
      await newPerson(t),
      await newPerson(t),
      await newPerson(t),
    ];
    await placeAt(t.app.db, p0.id, offset(here, 20, 0)); // bucket 100
    await placeAt(t.app.db, p1.id, offset(here, -30, 10)); // bucket 100
    await placeAt(t.app.db, p2.id, offset(here, 2300, 0)); // bucket 2500
    await placeAt(t.app.db, p3.id, offset(here, 0, 700)); // invisible
    await placeAt(t.app.db, p4.id, offset(here, 0, -700)); // blocked the viewer
    await setVisibility(t.app.db, p3.id, 1);
    await block(p4, viewer);
    expect(await countPeopleAround(t.app.db, viewer.id, here, 5000)).toEqual({
      total: 3,
      buckets: [
        { distance: 100, count: 2 },
        { distance: distanceBucket(metres(here, snapPoint(offset(here, 2300, 0)))), count: 1 },
      ],
    });
    expect(await countPeopleAround(t.app.db, viewer.id, here, 1000)).toEqual({
      total: 2,
      buckets: [{ distance: 100, count: 2 }],
    });
  });
});
