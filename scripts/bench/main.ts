// `npm run bench`: seeds a throw-away database, starts the real server on it and
// measures a bare hello route and the home feed with autocannon, side by side.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createApiClient, postsNoAds } from '@evcircle/contract';
import { buildApp } from '../../apps/server/src/app.ts';
import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, runMigrations } from '../../apps/server/src/platform/db.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-backends.ts';
import { defaultPools } from '../seed/content.ts';
import { seedCommunity } from '../seed/seed.ts';
import { backendsUnavailable, PG_URL } from './backends.ts';
import { measureFanout, printFanout } from './chat-fanout.ts';
import { measureFirstLoad, printFirstLoad, unwatchedRoutes, WATCHED_PAGES } from './first-load.ts';
import { LIGHTHOUSE_RUNS, measureLighthouse } from './lighthouse.ts';
import { runNodeJson } from './node-child.ts';
import { measureRadar, printRadar, RADAR_USERS, radarUnavailable } from './radar.ts';
import { explainSearch, measureSearch, SEARCH_P95_TARGET_MS, type SearchLatency } from './search.ts';
import { measureWarmStart } from './warm-start.ts';

/** Issue 12's targets: the anonymous feed, by engine, and the logged-in feed. */
const TARGETS = {
  anonymous: { PGlite: 0.6, PostgreSQL: 0.5, p99Ms: 30 },
  loggedIn: { ratio: 0.4, p99Ms: 50 },
} as const;

type BenchArgs = {
  posts: number;
  users: number;
  connections: number;
  duration: number;
  pg: boolean;
  /** Folder for one V8 CPU profile of the server per measured route, or null. */
  cpuProf: string | null;
  /** Run Lighthouse on / and a post (off with --no-lighthouse). */
  lighthouse: boolean;
  /** Run the chat fan-out over two processes when PostgreSQL and Redis answer (off with --no-fanout). */
  fanout: boolean;
  /** Run the radar with a million located users when PostgreSQL answers (off with --no-radar). */
  radar: boolean;
};

function parseBenchArgs(argv: string[]): BenchArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      posts: { type: 'string', default: '10000' },
      users: { type: 'string' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      pg: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      'no-lighthouse': { type: 'boolean', default: false },
      'no-fanout': { type: 'boolean', default: false },
      'no-radar': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const whole = (value: string, name: string) => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`--${name} must be a positive whole number`);
    return Number(value);
  };
  const posts = whole(values.posts, 'posts');
  return {
    posts,
    users: values.users ? whole(values.users, 'users') : Math.max(1, Math.round(posts / 10)),
    connections: whole(values.connections, 'connections'),
    duration: whole(values.duration, 'duration'),
    pg: values.pg,
    cpuProf: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : null,
    lighthouse: !values['no-lighthouse'],
    fanout: !values['no-fanout'],
    radar: !values['no-radar'],
  };
}

type LoadResult = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/** One route's load result and what its requests cost the server process. */
type Measured = LoadResult & {
  /** CPU time (user + system) of this process, the server, per answered request, in µs. */
  cpuMicrosPerRequest: number;
  /**
   * 99th percentile of the server's event-loop delay, in ms: high for hello too means
   * the machine was busy (the process waited for a core), not that the route was slow.
   */
  loopDelayP99: number;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};

/**
 * Runs autocannon as a child process. NOTE: in-process, autocannon's own work (building
 * requests, parsing responses, histograms) runs on the server's event loop and takes
 * CPU from it, so a fast route measures far slower than it is and the hello/feed ratio
 * is squeezed towards 1. In its own process it uses the other core like a real client.
 */
async function runAutocannon(
  url: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('autocannon/package.json')),
    'autocannon.js',
  );
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [bin, '--json', '-c', String(connections), '-d', String(duration), ...headerArgs, url];
  const result = await runNodeJson<AutocannonJson>(args, 'autocannon');
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Profiles this process (the server; autocannon runs in its own) until the returned
 * function is called, which yields the profile (open it in Chrome DevTools or
 * speedscope). Only the load phase is profiled, not the seeding.
 */
async function startCpuProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

const TARGET_WARM_START_S = 2;
/** What a browser sends: the feed is measured both ways. */
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const WEB_BUILD_DIR = path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'build');

/** The first-load JavaScript of every watched page of the current web build (first-load.ts). */
async function printFirstLoadOfBuild(): Promise<void> {
  if (!existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js'))) {
    console.log('\nfirst-load JavaScript: no web build (run `npm run build`)');
    return;
  }
  const pages = await measureFirstLoad(WEB_BUILD_DIR, WATCHED_PAGES);
  printFirstLoad(pages, await unwatchedRoutes(WEB_BUILD_DIR, WATCHED_PAGES));
}

function printSearch(
  engine: string,
  posts: number,
  searches: { hello: SearchLatency; queries: SearchLatency[] },
): void {
  const { hello, queries } = searches;
  console.log(
    `\npost search on ${engine}, ${posts} posts: one client asking again and again, latency in ms (hello: p50 ${hello.p50}, p95 ${hello.p95})`,
  );
  console.table(
    Object.fromEntries(
      queries.map((q) => [
        `${q.name}: ${q.word}`,
        {
          'hits (page 1)': q.hits,
          'p50 ms': q.p50,
          'p95 ms': q.p95,
          'p99 ms': q.p99,
          'p95 / hello p95': (q.p95 / hello.p95).toFixed(1),
          [`p95 < ${SEARCH_P95_TARGET_MS} ms`]: q.p95 < SEARCH_P95_TARGET_MS ? 'met' : 'MISSED',
        },
      ]),
    ),
  );
}

/** The chat fan-out of two processes through Redis, when PostgreSQL and Redis answer here. */
async function benchFanout(): Promise<void> {
  const unavailable = await backendsUnavailable();
  if (unavailable) {
    console.log(`\n▶ chat fan-out skipped: ${unavailable} (it needs PostgreSQL and Redis)`);
    return;
  }
  console.log('\n▶ chat fan-out: two server processes, 2,000 sockets, 200 sending…');
  printFanout(await measureFanout((line) => console.log(line)));
}

/** The radar with a million located users on PostgreSQL (issue 16), when PostgreSQL answers here. */
async function benchRadar(): Promise<void> {
  const unavailable = await radarUnavailable();
  if (unavailable) {
    console.log(`\n▶ radar skipped: ${unavailable} (a million located users need PostgreSQL)`);
    return;
  }
  console.log(`\n▶ radar: ${RADAR_USERS} located users on PostgreSQL (seeding takes a few minutes)…`);
  printRadar(await measureRadar((line) => console.log(line)));
}

async function main(args: BenchArgs): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-bench-'));
  const scratch = args.pg ? await createScratchDatabase(PG_URL, 'evcircle_bench') : null;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      // Per client address per minute: far above what 50 connections send in a run.
      RATE_LIMIT_MAX: String(1_000_000_000),
    });
    const engine = scratch ? 'PostgreSQL' : 'PGlite';

    console.log(`▶ seeding ${args.users} users and ${args.posts} posts into ${engine} (rows only, no media)…`);
    const seeded = Date.now();
    const database = await createDatabase(config);
    try {
      await runMigrations(database);
      const plan = { seed: 1, users: args.users, posts: args.posts, anchor: new Date(), ...defaultPools(args.posts) };
      await seedCommunity(database.db, createStorage(config), plan, () => {}, { withMedia: false });
    } finally {
      await database.close();
    }
    console.log(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    let postPath = '';
    const started = Date.now();
    const app = await buildApp(config);
    // The first start also builds the search indexes of what the seed loaded (once).
    console.log(`  server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    try {
      app.get('/bench/hello', async () => ({ hello: 'world' }));
      const address = await app.listen({ host: '127.0.0.1', port: 0 });

      // Sign the feed URL once, exactly as the web client does, and check it answers.
      let feedUrl = '';
      const api = createApiClient({
        baseUrl: address,
        signSecret: config.API_SIGN_SECRET,
        fetch: (input, init) => {
          feedUrl = input;
          return fetch(input, init);
        },
      });
      const page = await api.call(postsNoAds, { page: 1, size: 20 });
      if (page.length !== 20) throw new Error(`the feed answered ${page.length} posts instead of 20`);
      postPath = `/post/${page[0]?.pid}`;

      // A logged-in reader: the same page, marked with their likes and follows.
      const [reader] = await app.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      if (!reader) throw new Error('the seed made no users');
      const token = await createSession(app.db, reader.id, 'sms', 'bench');

      const results: [string, Measured][] = [];
      for (const [name, url, headers] of [
        ['hello', `${address}/bench/hello`, {}],
        ['feed', feedUrl, {}],
        ['feed (logged in)', feedUrl, { authorization: `Bearer ${token}` }],
        // As a browser asks: answers compressed (a shared answer's Brotli bytes made once).
        ['feed (br)', feedUrl, { 'accept-encoding': BROWSER_ENCODINGS }],
        ['feed (logged in, br)', feedUrl, { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODINGS }],
      ] as const) {
        console.log(`▶ ${name}: ${args.connections} connections for ${args.duration} s…`);
        const stopProfile = args.cpuProf ? await startCpuProfile() : null;
        const loopDelay = monitorEventLoopDelay({ resolution: 5 });
        loopDelay.enable();
        const cpuBefore = process.cpuUsage();
        const load = await runAutocannon(url, args.connections, args.duration, headers);
        const cpu = process.cpuUsage(cpuBefore);
        loopDelay.disable();
        const result: Measured = {
          ...load,
          cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, load.total),
          loopDelayP99: loopDelay.percentile(99) / 1e6,
        };
        if (stopProfile && args.cpuProf) {
          const file = path.join(args.cpuProf, `${name}.cpuprofile`);
          await mkdir(args.cpuProf, { recursive: true });
          await writeFile(file, JSON.stringify(await stopProfile()));
          console.log(`  CPU profile of the server: ${file}`);
        }
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
        }
        results.push([name, result]);
      }

      console.log('▶ post search: one client, each query again and again…');
      const searches = await measureSearch(address, config.API_SIGN_SECRET, `${address}/bench/hello`);

      const [hello, feed, loggedIn, feedBr, loggedInBr] = results.map(([, result]) => result) as [
        Measured,
        Measured,
        Measured,
        Measured,
        Measured,
      ];
      const ratio = feed.requestsPerSecond / hello.requestsPerSecond;
      console.log(`\n${engine}, ${args.posts} posts, ${args.connections} connections, ${args.duration} s each`);
      console.table(
        Object.fromEntries(
          results.map(([name, r]) => [
            name,
            {
              'req/s': Math.round(r.requestsPerSecond),
              'p50 ms': r.p50,
              'p99 ms': r.p99,
              'server CPU µs/req': Math.round(r.cpuMicrosPerRequest),
              'loop delay p99 ms': Math.round(r.loopDelayP99),
            },
          ]),
        ),
      );
      // Less sensitive to other load on the machine than req/s: what each answer costs
      // the server's process, whatever it had to wait for.
      const cpuRatio = (r: typeof hello) => (hello.cpuMicrosPerRequest / r.cpuMicrosPerRequest).toFixed(2);
      console.log(
        `server CPU per request, hello/feed: ${cpuRatio(feed)} anonymous, ${cpuRatio(loggedIn)} logged in (the ratios a quiet machine approaches)`,
      );
      const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
      const anonymousTarget = TARGETS.anonymous[engine];
      console.log(
        `feed/hello ratio: ${ratio.toFixed(2)} (target ≥ ${anonymousTarget}: ${verdict(ratio >= anonymousTarget)}), ` +
          `p99 ${feed.p99} ms (target < ${TARGETS.anonymous.p99Ms} ms: ${verdict(feed.p99 < TARGETS.anonymous.p99Ms)})`,
      );
      const ratioOf = (r: Measured) => (r.requestsPerSecond / hello.requestsPerSecond).toFixed(2);
      console.log(
        `as a browser asks (Brotli): feed/hello ${ratioOf(feedBr)}, p99 ${feedBr.p99} ms; logged-in feed/hello ${ratioOf(loggedInBr)}, p99 ${loggedInBr.p99} ms`,
      );
      const loggedInRatio = loggedIn.requestsPerSecond / hello.requestsPerSecond;
      console.log(
        `logged-in feed/hello ratio: ${loggedInRatio.toFixed(2)} (target ≥ ${TARGETS.loggedIn.ratio}: ${verdict(loggedInRatio >= TARGETS.loggedIn.ratio)}), ` +
          `p99 ${loggedIn.p99} ms (target < ${TARGETS.loggedIn.p99Ms} ms: ${verdict(loggedIn.p99 < TARGETS.loggedIn.p99Ms)})`,
      );
      printSearch(engine, args.posts, searches);
      for (const { name, word } of searches.queries) {
        console.log(`\nplan of post search, ${name} (${word}):\n${await explainSearch(app.db, word)}`);
      }
    } finally {
      await app.close();
    }

    if (!scratch) {
      console.log('\n▶ warm start: npm start on this seeded data folder, until /healthz answers…');
      const server = await measureWarmStart(dataDir);
      try {
        const met = server.ms < TARGET_WARM_START_S * 1000 ? 'met' : 'MISSED';
        console.log(`warm start: ${(server.ms / 1000).toFixed(2)} s (target < ${TARGET_WARM_START_S} s: ${met})`);
        if (args.lighthouse && existsSync(path.join(WEB_BUILD_DIR, 'server', 'index.js'))) {
          console.log(
            `▶ Lighthouse (mobile, simulated slow 4G) on that server: / and a post, median of ${LIGHTHOUSE_RUNS} runs…`,
          );
          const scores = await measureLighthouse(server.baseUrl, ['/', postPath]);
          console.table(
            Object.fromEntries(
              scores.map((score) => [
                score.path,
                {
                  score: score.score,
                  'LCP ms': score.lcpMs,
                  CLS: score.cls,
                  'TBT ms': score.tbtMs,
                  'target ≥ 90': score.score >= 90 ? 'met' : 'MISSED',
                },
              ]),
            ),
          );
          console.log('  (bench data has no media files: covers show their neutral box)');
        }
      } finally {
        await server.stop();
      }
    }
    if (args.fanout) await benchFanout();
    if (args.radar) await benchRadar();
    await printFirstLoadOfBuild();
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

try {
  await main(parseBenchArgs(process.argv.slice(2)));
} catch (error) {
  console.error(`✖ benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
