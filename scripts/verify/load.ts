// `npm run verify:load`: two production server processes on one PostgreSQL and one Redis,
// seeded, and members logged in by SMS through the console outbox; a mixed workload
// (feeds, post pages, comment lists, search, likes, comments, chat sends, cart adds)
// spread over both. First a short closed loop finds the rate this machine sustains, then
// an open loop asks twice that for --minutes (default 5). Fails on any HTTP 5xx or status
// 5000, any acknowledged write missing afterwards, or memory still growing after warm-up.
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ApiError,
  commentPager,
  createApiClient,
  mobileLogin,
  postDetail,
  postSearch,
  postsNoAds,
  smsCode,
} from '@evcircle/contract';
import { createScratchDatabase, deleteRedisKeys } from '../../apps/server/test/scratch-backends.ts';
import { backendsUnavailable, PG_URL, REDIS_URL } from '../bench/backends.ts';
import { percentile } from '../bench/percentile.mjs';
import { type Backend, openDatabase, prepareFixture } from './fixture.ts';
import {
  KIND_NAMES,
  Ledger,
  type MemorySamples,
  memoryIsFlat,
  sustainedRate,
  tallyWrites,
  type WriteKind,
} from './ledger.ts';
import { readPresent } from './present.ts';
import { type ProductionServer, startProductionServer } from './production-server.ts';
import { type Member, newWriteTarget, type WriteTarget, writeOnce } from './writes.ts';

const USAGE = `Usage: npm run verify:load -- [options]
  --minutes N     length of the run at twice the sustainable rate (default 5)
  --calibrate N   seconds of the closed loop that finds the sustainable rate (default 20)
  --help          this text
PostgreSQL and Redis from DATABASE_URL / REDIS_URL, or the local defaults.
用法：两个生产构建的服务进程（PostgreSQL + Redis），先测出可持续吞吐，再以其两倍压测 N 分钟。`;

const SIGN_SECRET = 'verify-load-secret';
/** Members logged in by SMS: the per-address SMS limit (SMS_LIMITS.perIp) allows 10 an hour. */
const MEMBERS = 8;
/** The closed loop's clients while calibrating. */
const CALIBRATION_CLIENTS = 32;
/** At most this many requests in flight in the open loop; beyond it an arrival is shed by the client (counted). */
const MAX_IN_FLIGHT = 512;
/** Words the seeded posts contain (scripts/seed/words.ts), for post search. */
const SEARCH_WORDS = ['充电', '续航', '特斯拉', '改装', '自驾', '保养', '比亚迪', '轮毂'];

type Operation = 'feed' | 'page' | 'comments' | 'search' | WriteKind;
/** The mix, by weight: mostly reading, as a community is. */
const MIX: readonly [Operation, number][] = [
  ['feed', 25],
  ['page', 25],
  ['comments', 10],
  ['search', 8],
  ['like', 8],
  ['comment', 8],
  ['chat', 8],
  ['cart', 8],
];
const OPERATION_NAMES: Record<Operation, string> = {
  feed: 'feed 首页流',
  page: 'post page 帖子详情',
  comments: 'comments 评论列表',
  search: 'search 搜索',
  ...KIND_NAMES,
};
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
const LOAD_KINDS: readonly WriteKind[] = ['comment', 'like', 'chat', 'cart'];

type Args = { minutes: number; calibrateSeconds: number };

function parseLoadArgs(argv: string[]): Args | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: 'string', default: '5' },
      calibrate: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('--minutes must be a positive number');
  if (!/^\d+$/.test(values.calibrate) || Number(values.calibrate) < 1) {
    throw new Error('--calibrate must be a positive whole number of seconds');
  }
  return { minutes, calibrateSeconds: Number(values.calibrate) };
}

/** What every answer of an operation came to: latencies, status 5000, refusals, network errors. */
type OperationStats = {
  latencies: number[];
  http5xx: number;
  status5000: number;
  networkErrors: number;
  refused: number;
};

class Stats {
  readonly operations = new Map<Operation, OperationStats>();
  /**
   * HTTP 5xx as the wire saw them, by path: the client retries a read once on 502–504,
   * so an operation that succeeded may still have met one.
   */
  readonly http5xxByPath = new Map<string, number>();

  operation(name: Operation): OperationStats {
    let stats = this.operations.get(name);
    if (!stats) {
      stats = { latencies: [], http5xx: 0, status5000: 0, networkErrors: 0, refused: 0 };
      this.operations.set(name, stats);
    }
    return stats;
  }

  total(field: 'status5000' | 'networkErrors' | 'refused'): number {
    return [...this.operations.values()].reduce((sum, r) => sum + r[field], 0);
  }

  http5xx(): number {
    return [...this.http5xxByPath.values()].reduce((sum, n) => sum + n, 0);
  }

  requests(): number {
    return [...this.operations.values()].reduce((sum, r) => sum + r.latencies.length, 0);
  }
}

/** A fetch that counts every HTTP 5xx into `stats()` (swapped between calibration and the run). */
function measuredFetch(stats: () => Stats) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const res = await fetch(input, init);
    if (res.status >= 500) {
      const { pathname } = new URL(input);
      const counts = stats().http5xxByPath;
      counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    }
    return res;
  };
}

/** The SMS code `dataDir`'s server wrote to its outbox for `mobile` (the console provider). */
async function smsCodeFor(dataDir: string, mobile: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox', 'sms.jsonl');
  for (let tries = 0; tries < 200; tries++) {
    const lines = (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    const line = lines.reverse().find((l) => (JSON.parse(l) as { mobile: string }).mobile.endsWith(mobile));
    if (line) return (JSON.parse(line) as { code: string }).code;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no SMS code for ${mobile} / 未收到验证码`);
}

type Side = { server: ProductionServer; dataDir: string };

function pickOperation(): Operation {
  let roll = randomInt(MIX_TOTAL);
  for (const [operation, weight] of MIX) {
    if (roll < weight) return operation;
    roll -= weight;
  }
  return 'feed';
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T;
}

/** One request of the mix as a random member through a random side; a refusal is counted, never thrown. */
async function runOperation(
  clients: { member: Member; bySide: Member['api'][] }[],
  target: WriteTarget,
  seededPosts: readonly number[],
  stats: Stats,
): Promise<void> {
  const client = pick(clients);
  const api = pick(client.bySide);
  const operation = pickOperation();
  const record = stats.operation(operation);
  const started = performance.now();
  try {
    switch (operation) {
      case 'feed':
        await api.call(postsNoAds, { page: 1 + randomInt(5), size: 20 } as never);
        break;
      case 'page':
        await api.call(postDetail, { pid: pick(seededPosts) } as never);
        break;
      case 'comments':
        await api.call(commentPager, { pid: pick(seededPosts), page: 1, size: 20 } as never);
        break;
      case 'search':
        await api.call(postSearch, { word: pick(SEARCH_WORDS), idx: 1 } as never);
        break;
      default:
        await writeOnce(operation, { ...client.member, api }, target);
    }
    record.latencies.push(performance.now() - started);
  } catch (error) {
    record.latencies.push(performance.now() - started);
    if (!(error instanceof ApiError)) record.networkErrors += 1;
    else if (error.httpStatus >= 500) record.http5xx += 1;
    else if (error.status === 5000) record.status5000 += 1;
    // A rate limit, the stranger rule, a full cart line: an answer, not a failure.
    else record.refused += 1;
  }
}

async function main(args: Args): Promise<boolean> {
  const unavailable = await backendsUnavailable();
  if (unavailable) {
    console.error(`✖ ${unavailable}`);
    return false;
  }
  const scratch = await createScratchDatabase(PG_URL, 'evcircle_verify');
  const keyPrefix = `evcircle-verify:${randomUUID().slice(0, 8)}:`;
  const sides: Side[] = [];
  try {
    const seedDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-verify-load-'));
    const backend: Backend = { DATA_DIR: seedDir, DATABASE_URL: scratch.url };
    console.log('▶ seeding 300 users and 3000 posts into PostgreSQL (rows only) / 写入种子数据…');
    const seeded = Date.now();
    const fixture = await prepareFixture(backend, { users: 300, posts: 3000, products: 8 });
    console.log(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await rm(seedDir, { recursive: true, force: true });

    for (let i = 0; i < 2; i++) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `evcircle-verify-load-${i}-`));
      const server = await startProductionServer({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: keyPrefix,
        API_SIGN_SECRET: SIGN_SECRET,
        RATE_LIMIT_MAX: '100000000',
      });
      sides.push({ server, dataDir });
    }
    console.log(
      `▶ two production servers (NODE_ENV=production): ${sides.map((s) => `${s.server.baseUrl} pid ${s.server.pid}`).join(', ')}`,
    );

    let stats = new Stats();
    const fetcher = measuredFetch(() => stats);
    const ledger = new Ledger();
    const target = newWriteTarget(ledger, () => pick(sides).server.baseUrl, fixture);

    // Members log in by SMS, alternately through each side, with the code from its outbox.
    const logins: { uid: number; token: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const side = sides[i % 2] as Side;
      const mobile = `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
      const anonymous = createApiClient({ baseUrl: side.server.baseUrl, signSecret: SIGN_SECRET });
      await anonymous.call(smsCode, { mobile, acode: '86' });
      const code = await smsCodeFor(side.dataDir, mobile);
      const account = await anonymous.call(mobileLogin, { mobile, smscode: code, acode: '86' });
      logins.push({ uid: account.uid, token: account.token });
    }
    console.log(`  ${MEMBERS} members logged in by SMS through both servers / 会员已通过短信登录`);
    const clients = logins.map(({ uid, token }, i) => {
      const bySide = sides.map((side) =>
        createApiClient({
          baseUrl: side.server.baseUrl,
          signSecret: SIGN_SECRET,
          getToken: () => token,
          fetch: fetcher,
        }),
      );
      const partner = logins[i % 2 === 0 ? i + 1 : i - 1]?.uid ?? uid;
      return { member: { uid, partner, imageKey: '', api: bySide[0] as Member['api'] }, bySide };
    });
    const seededPosts = fixture.postIds;

    // 1. Calibrate: a closed loop, each client asking again as soon as answered.
    console.log(
      `▶ calibrating: ${CALIBRATION_CLIENTS} clients in a closed loop for ${args.calibrateSeconds} s / 测量可持续吞吐…`,
    );
    const calibrationEnds = Date.now() + args.calibrateSeconds * 1000;
    const calibrationStarted = Date.now();
    await Promise.all(
      Array.from({ length: CALIBRATION_CLIENTS }, async () => {
        while (Date.now() < calibrationEnds) await runOperation(clients, target, seededPosts, stats);
      }),
    );
    const sustainable = sustainedRate(stats.requests(), (Date.now() - calibrationStarted) / 1000);
    const calibration = stats;
    const rate = Math.max(1, Math.round(sustainable * 2));
    console.log(
      `  sustained ${sustainable.toFixed(0)} req/s (${calibration.http5xx()} HTTP 5xx); running at ${rate} req/s for ${args.minutes} min / 以两倍速率运行`,
    );

    // 2. The open loop at twice that rate: arrivals on a clock, whatever the answers do.
    stats = new Stats();
    const memory = sides.map(() => ({ start: Number.NaN, middle: Number.NaN, end: Number.NaN }) as MemorySamples);
    const sample = (moment: keyof MemorySamples) => {
      for (const [i, side] of sides.entries()) (memory[i] as MemorySamples)[moment] = side.server.rssMb();
    };
    sample('start');
    const durationMs = args.minutes * 60_000;
    const runStarted = Date.now();
    let inFlight = 0;
    let shed = 0;
    let launched = 0;
    let middleTaken = false;
    const pending = new Set<Promise<void>>();
    let lastReport = runStarted;
    while (Date.now() - runStarted < durationMs) {
      const elapsed = Date.now() - runStarted;
      const due = Math.floor((elapsed / 1000) * rate);
      while (launched < due) {
        launched += 1;
        if (inFlight >= MAX_IN_FLIGHT) {
          shed += 1;
          continue;
        }
        inFlight += 1;
        const request = runOperation(clients, target, seededPosts, stats).finally(() => {
          inFlight -= 1;
          pending.delete(request);
        });
        pending.add(request);
      }
      if (!middleTaken && elapsed >= durationMs / 2) {
        middleTaken = true;
        sample('middle');
      }
      if (Date.now() - lastReport >= 30_000) {
        lastReport = Date.now();
        console.log(
          `  ${(elapsed / 1000).toFixed(0)} s: ${stats.requests()} answered, ${inFlight} in flight, ${shed} shed, 5xx ${stats.http5xx()}, RSS ${sides.map((s) => `${s.server.rssMb().toFixed(0)} MB`).join(' / ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    sample('end');
    await Promise.all(pending);
    const seconds = (Date.now() - runStarted) / 1000;

    // 3. Every acknowledged write present (read straight from PostgreSQL).
    const database = await openDatabase({ DATA_DIR: os.tmpdir(), DATABASE_URL: scratch.url });
    let present: Awaited<ReturnType<typeof readPresent>>;
    try {
      present = await readPresent(database.db, ledger);
    } finally {
      await database.close();
    }
    const tallies = tallyWrites(ledger, present).filter((t) => LOAD_KINDS.includes(t.kind));

    // 4. The report.
    console.log(
      `\n${stats.requests()} requests answered in ${seconds.toFixed(0)} s (${(stats.requests() / seconds).toFixed(0)} req/s; asked ${rate} req/s, ${shed} shed by the client at ${MAX_IN_FLIGHT} in flight)`,
    );
    console.table(
      Object.fromEntries(
        [...stats.operations].map(([name, r]) => {
          const sorted = [...r.latencies].sort((a, b) => a - b);
          return [
            OPERATION_NAMES[name],
            {
              requests: sorted.length,
              'p50 ms': percentile(sorted, 50),
              'p99 ms': percentile(sorted, 99),
              'HTTP 5xx': r.http5xx,
              'status 5000': r.status5000,
              'net errors': r.networkErrors,
              // Answered with a rule's status (rate limit, stranger rule, full cart line).
              'refused 拒绝': r.refused,
            },
          ];
        }),
      ),
    );
    console.log('acknowledged writes vs present / 已确认写入 vs 实际存在');
    console.table(
      Object.fromEntries(
        tallies.map((t) => [
          KIND_NAMES[t.kind],
          { 'acknowledged 已确认': t.acknowledged, 'present 存在': t.present, 'lost 丢失': t.lostCount },
        ]),
      ),
    );
    console.log('RSS of each server process / 各进程常驻内存 (MB)');
    console.table(
      Object.fromEntries(
        sides.map((side, i) => {
          const m = memory[i] as MemorySamples;
          return [
            `server ${i + 1} (pid ${side.server.pid})`,
            {
              start: Math.round(m.start),
              middle: Math.round(m.middle),
              end: Math.round(m.end),
              'flat (end ≤ 1.5 × middle)': memoryIsFlat(m) ? 'yes' : 'NO',
              'error log lines': side.server.errorLines(),
            },
          ];
        }),
      ),
    );
    const failures: string[] = [];
    const http5xx = stats.http5xx() + calibration.http5xx();
    for (const [where, n] of [...calibration.http5xxByPath, ...stats.http5xxByPath])
      console.log(`  ✖ ${n} × HTTP 5xx on ${where}`);
    const status5000 = stats.total('status5000') + calibration.total('status5000');
    const networkErrors = stats.total('networkErrors') + calibration.total('networkErrors');
    if (http5xx) failures.push(`${http5xx} HTTP 5xx answers`);
    if (status5000) failures.push(`${status5000} status 5000 answers`);
    if (networkErrors) failures.push(`${networkErrors} requests failed on the network`);
    const lost = tallies.reduce((sum, t) => sum + t.lostCount, 0);
    if (lost) failures.push(`${lost} acknowledged writes lost: ${tallies.flatMap((t) => t.lost).join(', ')}`);
    for (const t of tallies) if (t.acknowledged === 0) failures.push(`no acknowledged ${t.kind}: nothing proven`);
    for (const [i, m] of memory.entries()) if (!memoryIsFlat(m)) failures.push(`server ${i + 1}'s memory kept growing`);
    if (failures.length) {
      console.log(`\n✖ verify:load failed / 负载校验未通过:\n  ${failures.join('\n  ')}`);
      return false;
    }
    console.log('\n✔ no 5xx, no acknowledged write lost, memory flat after warm-up / 负载校验通过');
    return true;
  } finally {
    await Promise.all(sides.map((side) => side.server.stop()));
    await Promise.all(sides.map((side) => rm(side.dataDir, { recursive: true, force: true })));
    await scratch.drop().catch(() => {});
    await deleteRedisKeys(REDIS_URL, keyPrefix).catch(() => {});
  }
}

let args: Args | null;
try {
  args = parseLoadArgs(process.argv.slice(2));
} catch (error) {
  console.error(`✖ ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (!args) {
  console.log(USAGE);
} else {
  console.log(
    `machine: ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  try {
    if (!(await main(args))) process.exitCode = 1;
  } catch (error) {
    console.error(`✖ verify:load failed / 负载校验出错: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  }
}
