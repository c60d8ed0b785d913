// Places and people for the nearby tests: each test works in an area of its own, far
// enough from the others (55 km, more than NEARBY_MAX_RADIUS_KM) that none sees another's
// people.
import { NearbyPersonSchema } from '@evcircle/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { NewUser } from '../../../test/factories/users.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import type { Db } from '../../platform/db.ts';
import { nearbyPositions } from './nearby.tables.ts';
import { type GeoPoint, snapPoint, storeReport } from './positions.ts';

let areas = 0;

/** The centre of a grid cell in a fresh area of its own (around 20–45° N, 110° E). */
export function newArea(): GeoPoint {
  areas += 1;
  return snapPoint({ latitude: 20 + areas * 0.5, longitude: 110 + (areas % 7) * 0.01 });
}

/** The point `north` and `east` metres from `from`. */
export function offset(from: GeoPoint, north: number, east: number): GeoPoint {
  return {
    latitude: from.latitude + north / 111_320,
    longitude: from.longitude + east / (111_320 * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

/** Sets `userId`'s stored position to `point` (snapped, as a report stores it) now, whatever the interval. */
export async function placeAt(db: Db, userId: number, point: GeoPoint): Promise<void> {
  await backdate(db, userId, { locatedSecondsAgo: 3600 });
  const stored = await storeReport(db, userId, point);
  if (!stored) throw new Error('placeAt: the report was not stored');
}

/** Moves the times of `userId`'s row into the past. */
export async function backdate(
  db: Db,
  userId: number,
  times: { locatedSecondsAgo?: number; seenSecondsAgo?: number },
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (times.locatedSecondsAgo !== undefined) {
    set.locatedAt = sql`now() - make_interval(secs => ${times.locatedSecondsAgo})`;
  }
  if (times.seenSecondsAgo !== undefined) {
    set.lastSeenAt = sql`now() - make_interval(secs => ${times.seenSecondsAgo})`;
  }
  await db.update(nearbyPositions).set(set).where(eq(nearbyPositions.userId, userId));
}

/** A new member whose stored position is `point` (reported just now). */
export async function personAt(t: TestApp, point: GeoPoint, overrides: Partial<NewUser> = {}): Promise<Person> {
  const person = await newPerson(t, overrides);
  await placeAt(t.app.db, person.id, point);
  return person;
}

/** Fails when a nearby answer carries anything but the fields of a NearbyPerson. */
export function expectPeopleShape(people: readonly unknown[]): void {
  for (const person of people) NearbyPersonSchema.strict().parse(person);
}

/**
 * Fails when `answer` (any JSON) names a coordinate or holds one of `points`' numbers
 * (its first 3 decimals, about 100 m, exact or snapped).
 */
export function expectNoCoordinates(answer: unknown, points: readonly GeoPoint[]): void {
  const json = JSON.stringify(answer);
  expect(json).not.toMatch(/latitude|longitude|"lat"|"lng"/i);
  for (const point of points) {
    for (const p of [point, snapPoint(point)]) {
      for (const value of [p.latitude, p.longitude]) {
        // The first three decimals, as the number would begin in JSON.
        expect(json).not.toContain(value.toFixed(6).slice(0, -3));
      }
    }
  }
}
