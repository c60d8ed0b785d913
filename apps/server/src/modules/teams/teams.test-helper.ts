import { createTeam, reportLocation, type TeamCard } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { teams } from './teams.tables.ts';

export type Point = { latitude: number; longitude: number };

/** 人民广场, Shanghai (WGS-84). */
export const HERE: Point = { latitude: 31.230416, longitude: 121.473701 };

/** The WGS-84 point `north` and `east` metres from `from`. */
export function offset(north: number, east: number, from: Point = HERE): Point {
  return {
    latitude: from.latitude + north / 111_320,
    longitude: from.longitude + east / (111_320 * Math.cos((from.latitude * Math.PI) / 180)),
  };
}

/**
 * A place of each test's own: the first `step` degrees of latitude north of `base`, the
 * next one `step` further, so one test's teams and people stay out of another's radii.
 */
export function spotsFrom(base: Point, step: number): () => Point {
  let taken = 0;
  return () => {
    taken += 1;
    return { latitude: base.latitude + taken * step, longitude: base.longitude };
  };
}

/** `N` people as a tuple when N is a literal (for destructuring), an array otherwise. */
type People<N extends number, Made extends Person[] = []> = number extends N
  ? Person[]
  : Made['length'] extends N
    ? Made
    : People<N, [...Made, Person]>;

/** `count` new members, logged in (newPerson), made at once. */
export function newPeople<N extends number>(t: TestApp, count: N): Promise<People<N>> {
  return Promise.all(Array.from({ length: count }, () => newPerson(t))) as Promise<People<N>>;
}

type CreateBody = z.input<NonNullable<(typeof createTeam)['body']>>;

/** Starts a team through the API (at HERE, two hours, no push unless `fields` say otherwise); answers its id. */
export async function startTeam(who: Person, fields: Partial<CreateBody> = {}): Promise<number> {
  const { team_id } = await who.api.call(createTeam, {
    title: '周末自驾去千岛湖',
    description: '周六早上 8 点人民广场集合',
    ...HERE,
    ...fields,
  });
  expect(team_id).toMatch(/^\d+$/);
  return Number(team_id);
}

/** `who` reports being at `point` (a fresh position for the nearby rules). */
export async function reportAt(who: Person, point: Point, isInvisible?: 0 | 1): Promise<void> {
  const answer = await who.api.call(reportLocation, {
    ...point,
    ...(isInvisible === undefined ? {} : { is_invisible: isInvisible }),
  });
  expect(answer.stored).toBe(true);
}

/** Moves a team's end into the past, through its own table (the clock of the tests). */
export async function expireTeam(t: TestApp, teamId: number): Promise<void> {
  await t.app.db
    .update(teams)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teams.id, teamId));
}

/** The card of `teamId` in `cards`, or undefined. */
export function cardOf(cards: readonly TeamCard[], teamId: number): TeamCard | undefined {
  return cards.find((card) => card.team_id === String(teamId));
}

/**
 * Fails when `answer` carries anything that locates a team or a person: a latitude or
 * longitude field, or the digits of a stored point's coordinates.
 */
export function expectNoCoordinates(answer: unknown, points: readonly Point[] = []): void {
  const json = JSON.stringify(answer);
  expect(json).not.toMatch(/"(latitude|longitude|lat|lng|location)"/);
  for (const point of points) {
    expect(json).not.toContain(point.latitude.toFixed(4));
    expect(json).not.toContain(point.longitude.toFixed(4));
  }
}
