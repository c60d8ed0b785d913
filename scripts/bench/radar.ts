// The radar with a million located users (issue 16): on PostgreSQL, a scratch database
// seeded with RADAR_USERS users, every one with a position around their home city
// (`--located`, scripts/seed/positions.ts), then
// - the plan of the radar query (EXPLAIN ANALYZE of the nearby module's own
//   selectPeopleAround), which must walk nearby_positions_earth_idx (GiST, earthdistance);
// - the query alone, in this process, one call after another (the database's share);
// - GET radar-users through HTTP with the latency client, beside the bare hello route of
//   the same server in the same run (p50/p95/p99 and the ratio to hello).
// PGlite is not measured: a million rows is PostgreSQL's scale.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiClient, RADAR_LIMIT, radarUsers } from '@evcircle/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { selectPeopleAround, snapPoint } from '../../apps/server/src/modules/nearby/index.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, type Db, executeRows, runMigrations } from '../../apps/server/src/platform/db.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-backends.ts';
import { defaultPools } from '../seed/content.ts';
import { seedCommunity } from '../seed/seed.ts';
import { PG_URL } from './backends.ts';
import { runNodeJson } from './node-child.ts';
import { percentile } from './percentile.mjs';

/** Issue 16: a million located users. */
export const RADAR_USERS = 1_000_000;
/** Issue 16's target for the radar query: p95 under this many milliseconds. */
export const RADAR_P95_TARGET_MS = 10;
/** Requests (and in-process query runs) per measurement. */
const REQUESTS = 300;
/** Where the viewer stands: 人民广场, Shanghai (WGS-84), the middle of the densest seeded city. */
const VIEWER_POINT = { latitude: 31.230416, longitude: 121.473701 };
/** The radar's default radius (SPEC.md §9), km. */
const RADIUS_KM = 5;

type Latency = { p50: number; p95: number; p99: number };

export type RadarResult = {
  users: number;
  located: number;
  seedSeconds: number;
  /** People the radar may show within the radius (fresh, visible), of which it shows RADAR_LIMIT. */
  inCircle: number;
  answered: number;
  plan: string;
  usesIndex: boolean;
  query: Latency;
  route: Latency;
  hello: Latency;
};

/** Why the radar bench cannot run here, or null when PostgreSQL answers. */
export async function radarUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch {
    return `PostgreSQL does not answer at ${PG_URL}`;
  } finally {
    await client.end().catch(() => {});
  }
}

function latencyClient(url: string, requests: number, headers: Record<string, string> = {}): Promise<Latency> {
  return runNodeJson<Latency>(
    [
      path.join(import.meta.dirname, 'latency-client.mjs'),
      url,
      String(requests),
      ...Object.entries(headers).map(([name, value]) => `${name}=${value}`),
    ],
    'the latency client',
  );
}

/** Inlines bind parameters for EXPLAIN (bench-only: the values are the bench's own numbers and words). */
function inline(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** The radar's query as the route runs it (`limit` people at most). */
function radarQuery(db: Db, viewerId: number, limit: number = RADAR_LIMIT) {
  return selectPeopleAround(db, viewerId, snapPoint(VIEWER_POINT), {
    radiusM: RADIUS_KM * 1000,
    sex: '',
    model: '',
    limit,
  });
}

/** Seeds, serves and measures; the scratch database and data folder are removed afterwards. */
export async function measureRadar(log: (line: string) => void, users = RADAR_USERS): Promise<RadarResult> {
  const scratch = await createScratchDatabase(PG_URL, 'evcircle_bench');
  try {
    const seeded = performance.now();
    const database = await createDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    let located = 0;
    try {
      await runMigrations(database);
      const plan = { seed: 1, users, posts: 0, anchor: new Date(), located: users, ...defaultPools(0) };
      let lastTenth = -1;
      const result = await seedCommunity(
        database.db,
        // Nothing is stored: benchmarks seed rows only (withMedia: false).
        createStorage(loadConfig({ DATA_DIR: os.tmpdir() })),
        plan,
        (stage, done, total) => {
          const tenth = Math.floor((done / total) * 10);
          if (stage !== 'users' || tenth === lastTenth) return;
          lastTenth = tenth;
          log(`  users and positions ${done} / ${total} (${((performance.now() - seeded) / 1000).toFixed(0)} s)`);
        },
        { withMedia: false },
      );
      located = result.located;
    } finally {
      await database.close();
    }
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`  seeded in ${seedSeconds.toFixed(0)} s; the server's first start indexes the users for search (once)…`);
    return { ...(await measureSeededRadar(scratch.url)), users, located, seedSeconds };
  } finally {
    await scratch.drop();
  }
}

/**
 * Serves an already seeded database (`measureRadar`'s, or one kept from an earlier run)
 * and measures the radar: its plan, the query alone, and the route beside hello.
 */
export async function measureSeededRadar(
  databaseUrl: string,
): Promise<Omit<RadarResult, 'users' | 'located' | 'seedSeconds'>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-radar-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: String(1_000_000_000),
    });
    const app = await buildApp(config);
    try {
      app.get('/bench/hello', async () => ({ hello: 'world' }));
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      // User 1 asks from the middle of Shanghai: the query point counts as their report.
      const viewerId = 1;
      const token = await createSession(app.db, viewerId, 'sms', 'bench');
      let radarUrl = '';
      const api = createApiClient({
        baseUrl: address,
        signSecret: config.API_SIGN_SECRET,
        getToken: () => token,
        fetch: (input, init) => {
          radarUrl = input;
          return fetch(input, init);
        },
      });
      const answer = await api.call(radarUsers, {
        ...VIEWER_POINT,
        radius: RADIUS_KM,
        limit: RADAR_LIMIT,
        sex: '',
        model: '',
      });

      const [circle] = await executeRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from (${radarQuery(app.db, viewerId, 10_000_000)}) as people`,
      );
      const built = radarQuery(app.db, viewerId).toSQL();
      const planRows = await executeRows<{ 'QUERY PLAN': string }>(
        app.db,
        sql.raw(`explain (analyze, buffers, costs off, summary on) ${inline(built.sql, built.params)}`),
      );
      const plan = planRows.map((row) => row['QUERY PLAN']).join('\n');

      // The query alone: what the database takes, without HTTP, JSON and the session.
      for (let i = 0; i < 20; i++) await radarQuery(app.db, viewerId);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await radarQuery(app.db, viewerId);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);

      // Hello and the route, one client each, one request after another, same server and run.
      const helloUrl = `${address}/bench/hello`;
      const auth = { authorization: `Bearer ${token}` };
      await latencyClient(helloUrl, 20);
      const hello = await latencyClient(helloUrl, REQUESTS);
      await latencyClient(radarUrl, 20, auth);
      const route = await latencyClient(radarUrl, REQUESTS, auth);

      return {
        inCircle: circle?.n ?? 0,
        answered: answer.users.length,
        plan,
        // An index scan (plain, ordered or bitmap) of one of nearby_positions' indexes (the GiST one).
        usesIndex: /Index Scan (?:using|on) nearby_positions_\w+/.test(plan),
        query: { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) },
        route,
        hello,
      };
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printRadar(result: RadarResult): void {
  console.log(
    `\nradar on PostgreSQL: ${result.users} users, ${result.located} with a position (seeded in ${result.seedSeconds.toFixed(0)} s); ` +
      `${result.inCircle} people the viewer may see within ${RADIUS_KM} km of 人民广场, the radar shows ${result.answered}`,
  );
  console.log(`\nplan of the radar query (selectPeopleAround, ${RADIUS_KM} km, limit ${RADAR_LIMIT}):\n${result.plan}`);
  const row = (latency: Latency) => ({
    'p50 ms': latency.p50,
    'p95 ms': latency.p95,
    'p99 ms': latency.p99,
    'p95 / hello p95': (latency.p95 / result.hello.p95).toFixed(1),
  });
  console.table({
    'radar query (in process, SQL only)': row(result.query),
    'GET radar-users (HTTP, one client)': row(result.route),
    'hello (HTTP, one client)': row(result.hello),
  });
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `radar query p95 ${result.query.p95} ms (target < ${RADAR_P95_TARGET_MS} ms: ${verdict(result.query.p95 < RADAR_P95_TARGET_MS)}); ` +
      `the route's p95 ${result.route.p95} ms is ${(result.route.p95 / result.hello.p95).toFixed(1)}× hello's; ` +
      `index scan of nearby_positions (GiST): ${result.usesIndex ? 'yes' : 'NO'}`,
  );
}
