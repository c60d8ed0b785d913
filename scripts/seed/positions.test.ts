// `--located`: users' positions around their home district, snapped like a real report,
// most fresh, some stale, some invisible; written with the users in one seed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCATION_TTL_HOURS } from '@evcircle/contract';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapPoint } from '../../apps/server/src/modules/nearby/index.ts';
import { nearbyPositions } from '../../apps/server/src/modules/nearby/nearby.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Database, executeRows, runMigrations } from '../../apps/server/src/platform/db.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';
import { buildUser, type SeedPlan } from './content.ts';
import { buildPosition, INVISIBLE_SHARE, SPREAD_M, STALE_SHARE } from './positions.ts';
import { seedCommunity } from './seed.ts';

const ANCHOR = new Date('2025-06-01T12:00:00Z');
const plan: SeedPlan = { seed: 5, users: 2000, posts: 0, anchor: ANCHOR, imagesPerTheme: 1, videos: 1 };
const HOUR_MS = 3_600_000;

/** Metres between two WGS-84 points (flat over a few kilometres). */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const north = (b.latitude - a.latitude) * 111_320;
  const east = (b.longitude - a.longitude) * 111_320 * Math.cos((a.latitude * Math.PI) / 180);
  return Math.hypot(north, east);
}

describe('buildPosition', () => {
  const people = Array.from({ length: plan.users }, (_, i) => buildUser(plan, i));
  const positions = people.map((user) => buildPosition(plan.seed, ANCHOR, user));

  it('is the same for the same seed and user, and another for another seed', () => {
    const user = people[7]!;
    expect(buildPosition(plan.seed, ANCHOR, user)).toEqual(positions[7]);
    expect(buildPosition(plan.seed + 1, ANCHOR, user)).not.toEqual(positions[7]);
  });

  it('stores what a report would store: a point of the nearby grid', () => {
    for (const position of positions) {
      expect(snapPoint(position)).toEqual({ latitude: position.latitude, longitude: position.longitude });
    }
  });

  it('lies around the home district, within three spreads (and the grid’s half-cell)', () => {
    const distances = people.map((user, i) => metres(user.home.district, positions[i]!));
    expect(Math.max(...distances)).toBeLessThan(3 * SPREAD_M + 200);
    const median = [...distances].sort((a, b) => a - b)[Math.floor(distances.length / 2)]!;
    expect(median).toBeGreaterThan(0.8 * SPREAD_M);
    expect(median).toBeLessThan(1.6 * SPREAD_M);
  });

  it('is mostly fresh, some stale past the time to live, some invisible', () => {
    const ttlMs = LOCATION_TTL_HOURS * HOUR_MS;
    const stale = positions.filter((p) => ANCHOR.getTime() - p.locatedAt.getTime() > ttlMs).length;
    const fresh = positions.filter((p) => ANCHOR.getTime() - p.locatedAt.getTime() < ttlMs - HOUR_MS / 2);
    expect(stale + fresh.length).toBe(positions.length);
    expect(stale / positions.length).toBeCloseTo(STALE_SHARE, 1);
    expect(positions.every((p) => p.locatedAt.getTime() < ANCHOR.getTime())).toBe(true);
    const invisible = positions.filter((p) => p.isInvisible === 1).length;
    expect(invisible / positions.length).toBeCloseTo(INVISIBLE_SHARE, 1);
  });
});

describe('seedCommunity with located users', () => {
  let database: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-positions-test-'));
    const config = loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: dataDir });
    database = await createDatabase(config);
    await runMigrations(database);
    const small = { ...plan, users: 30, located: 12 };
    const result = await seedCommunity(database.db, createStorage(config), small, () => {}, { withMedia: false });
    expect(result).toMatchObject({ users: 30, located: 12 });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the first `located` users’ positions, as buildPosition makes them', async () => {
    const rows = await database.db.select().from(nearbyPositions).orderBy(asc(nearbyPositions.userId));
    expect(rows.map((row) => row.userId)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const first = buildPosition(plan.seed, ANCHOR, buildUser({ ...plan, users: 30 }, 0));
    expect(rows[0]).toMatchObject({
      latitude: first.latitude,
      longitude: first.longitude,
      locatedAt: first.locatedAt,
      isInvisible: first.isInvisible,
      lastSeenAt: null,
    });
  });

  it('leaves the planner statistics fresh for the radar’s index', async () => {
    const [row] = await executeRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stats where tablename = 'nearby_positions'`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });
});
