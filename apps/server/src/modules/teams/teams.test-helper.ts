import { createTeam, reportLocation, type TeamCard } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { Person } from '../../../test/login-as.ts';
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
