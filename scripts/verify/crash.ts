// `npm run verify:crash`: writes of every kind (post, comment, like, chat message, cart
// add, order + its payment notification) run concurrently against the production server
// while it is killed with SIGKILL at a random moment, several rounds, on PGlite and on
// PostgreSQL. After each kill every acknowledged write must be in the database, every
// counter must equal its rows, and the notifications replayed after the restart must not
// pay any order twice. Exits 1 on any loss.
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient } from '@evcircle/contract';
import pg from 'pg';
import { createScratchDatabase } from '../../apps/server/test/scratch-backends.ts';
import { type Backend, imageUploadsOf, openDatabase, PRODUCT_STOCK, prepareFixture, sessionsFor } from './fixture.ts';
import { KIND_NAMES, type KindTally, Ledger, tallyWrites, type WriteKind } from './ledger.ts';
import { counterMismatches, paidTwice, readPresent } from './present.ts';
import { type ProductionServer, startProductionServer } from './production-server.ts';
import { type Member, newWriteTarget, sendNotification, type WriteTarget, writeOnce } from './writes.ts';

const USAGE = `Usage: npm run verify:crash -- [options]
  --rounds N        SIGKILLs per backend (default 4)
  --backend NAME    pglite, postgres or both (default both; PostgreSQL from DATABASE_URL or the local default)
  --help            this text
用法：对 PGlite 与 PostgreSQL 各进行 N 轮「并发写入中 SIGKILL 强杀 → 重启 → 核对」。`;

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SIGN_SECRET = 'verify-crash-secret';
const MEMBERS = 12;
/** How each write is chosen: orders are four calls, so fewer of them. */
const MIX: readonly WriteKind[] = ['post', 'comment', 'comment', 'like', 'like', 'chat', 'chat', 'cart', 'order'];
/** The kill comes this long after the round's first answered write (ms): random, so it lands anywhere in a write. */
const KILL_AFTER_MS = { min: 300, max: 3000 };
/** How long a round waits for its first answer before killing anyway. */
const FIRST_ANSWER_WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Args = { rounds: number; backends: ('pglite' | 'postgres')[] };

function parseCrashArgs(argv: string[]): Args | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string', default: '4' },
      backend: { type: 'string', default: 'both' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  if (!/^\d+$/.test(values.rounds) || Number(values.rounds) < 1)
    throw new Error('--rounds must be a positive whole number');
  const backends = { pglite: ['pglite'], postgres: ['postgres'], both: ['pglite', 'postgres'] } as const;
  const chosen = backends[values.backend as keyof typeof backends];
  if (!chosen) throw new Error('--backend must be pglite, postgres or both');
  return { rounds: Number(values.rounds), backends: [...chosen] };
}

type Verdict = { tallies: KindTally[]; counters: string[]; twice: string[]; replays: number; replayRefused: number };

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads what the database holds now (no server running on it) against the ledger. */
async function check(backend: Backend, target: WriteTarget, productIds: number[]) {
  const database = await openDatabase(backend);
  try {
    const present = await readPresent(database.db, target.ledger);
    const counters = await counterMismatches(database.db, productIds, PRODUCT_STOCK);
    const twice = await paidTwice(database.db);
    return {
      tallies: tallyWrites(target.ledger, present),
      counters: counters.map((c) => `${c.counter} #${c.id}: ${c.stored} ≠ ${c.rows} rows`),
      twice,
    };
  } finally {
    await database.close();
  }
}

/** Every member writes, one write after another, until `stopped()`; `progress.answered` counts the answers. */
async function writeUntil(
  members: Member[],
  target: WriteTarget,
  stopped: () => boolean,
  refusals: Map<string, number>,
  progress: { answered: number },
): Promise<void> {
  await Promise.all(
    members.map(async (member) => {
      while (!stopped()) {
        const kind = MIX[randomInt(MIX.length)] as WriteKind;
        await writeOnce(kind, member, target).then(
          () => {
            progress.answered += 1;
          },
          (error: unknown) => {
            // Cut off by the kill is expected; anything else is worth a look.
            if (stopped()) return;
            const reason = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
            refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
          },
        );
      }
    }),
  );
}

async function runBackend(kind: 'pglite' | 'postgres', rounds: number): Promise<Verdict> {
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-verify-crash-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'evcircle_verify') : null;
  const backend: Backend = { DATA_DIR: dataDir, DATABASE_URL: scratch?.url };
  const env = {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    API_SIGN_SECRET: SIGN_SECRET,
    RATE_LIMIT_MAX: '1000000',
  };
  try {
    console.log(`\n▶ ${name}: preparing data / 准备数据…`);
    const fixture = await prepareFixture(backend, { users: MEMBERS, posts: 30, products: 4 });
    const tokens = await sessionsFor(backend, fixture.userIds.slice(0, MEMBERS));
    let server: ProductionServer | null = null;
    const ledger = new Ledger();
    const target = newWriteTarget(ledger, () => server?.baseUrl ?? 'http://127.0.0.1:1', fixture);
    const uids = fixture.userIds.slice(0, MEMBERS);
    const images = await imageUploadsOf(backend, uids);
    const members: Member[] = uids.map((uid, i) => ({
      uid,
      // Pairs (0,1), (2,3)…: each writes to the other, so the stranger rule lifts.
      partner: uids[i % 2 === 0 ? i + 1 : i - 1] ?? uids[0] ?? uid,
      imageKey: images.get(uid) ?? '',
      api: createApiClient({ baseUrl: '', signSecret: SIGN_SECRET }),
    }));
    let replays = 0;
    let replayRefused = 0;
    let verdict: Verdict | null = null;

    for (let round = 1; round <= rounds + 1; round++) {
      const started = Date.now();
      server = await startProductionServer(env);
      const live = server;
      const startMs = Date.now() - started;
      for (const [i, member] of members.entries()) {
        member.api = createApiClient({ baseUrl: live.baseUrl, signSecret: SIGN_SECRET, getToken: () => tokens[i] });
      }
      // Every notification sent so far, again: the provider retries; none may pay twice.
      for (const notification of target.notifications) {
        replays += 1;
        if (!(await sendNotification(live.baseUrl, notification).catch(() => false))) replayRefused += 1;
      }
      const last = round > rounds;
      if (last) {
        // The final restart: replayed, then stopped gracefully, then checked.
        await live.stop('SIGTERM');
      } else {
        let stopped = false;
        const refusals = new Map<string, number>();
        const progress = { answered: 0 };
        const writing = writeUntil(members, target, () => stopped, refusals, progress);
        // The random moment counts from the first answer: on a busy machine the first
        // writes can take seconds, and a kill before any proves nothing.
        const firstAnswerBy = Date.now() + FIRST_ANSWER_WAIT_MS;
        while (progress.answered === 0 && Date.now() < firstAnswerBy) await sleep(20);
        const killAfter = randomInt(KILL_AFTER_MS.min, KILL_AFTER_MS.max);
        await sleep(killAfter);
        // No new write after this; the ones on the wire are cut off by the kill.
        stopped = true;
        await live.stop('SIGKILL');
        await writing;
        console.log(
          `  round ${round}: started in ${(startMs / 1000).toFixed(1)} s, SIGKILL ${killAfter} ms after the first answer, ${progress.answered} writes answered / 第 ${round} 轮强杀`,
        );
        const refused = [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5);
        for (const [reason, times] of refused) console.log(`    refused ${times}× / 被拒: ${reason}`);
      }
      const found = await check(backend, target, fixture.productIds);
      const lost = found.tallies.reduce((sum, t) => sum + t.lostCount, 0);
      const problems = lost + found.counters.length + found.twice.length;
      console.log(
        `    ${last ? 'after the final restart / 最终重启后' : 'after the kill / 强杀后'}: ${lost} lost, ${found.counters.length} counters off, ${found.twice.length} paid twice${problems ? ' ✖' : ' ✔'}`,
      );
      for (const line of [...found.counters, ...found.twice].slice(0, 10)) console.log(`      ${line}`);
      verdict = { ...found, replays, replayRefused };
      if (problems) break;
    }
    return verdict as Verdict;
  } finally {
    await scratch?.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printVerdict(name: string, verdict: Verdict): boolean {
  console.log(`\n${name}: acknowledged vs present / 已确认写入 vs 实际存在`);
  console.table(
    Object.fromEntries(
      verdict.tallies.map((t) => [
        KIND_NAMES[t.kind],
        { 'acknowledged 已确认': t.acknowledged, 'present 存在': t.present, 'lost 丢失': t.lostCount },
      ]),
    ),
  );
  for (const t of verdict.tallies) if (t.lostCount) console.log(`  ✖ lost ${t.kind}: ${t.lost.join(', ')}`);
  // A kind the server never acknowledged proves nothing about it: the run is not a pass.
  const untried = verdict.tallies.filter((t) => t.acknowledged === 0).map((t) => t.kind);
  if (untried.length) console.log(`  ✖ no acknowledged write of / 以下类型无确认写入: ${untried.join(', ')}`);
  console.log(
    `  counters equal their rows / 计数与行一致: ${verdict.counters.length === 0 ? 'yes ✔' : `NO ✖ (${verdict.counters.length})`}`,
  );
  console.log(
    `  notifications replayed after restarts / 重启后重放支付回调: ${verdict.replays} (${verdict.replayRefused} refused), orders paid twice / 重复支付: ${verdict.twice.length}${verdict.twice.length ? ' ✖' : ' ✔'}`,
  );
  return (
    untried.length === 0 &&
    verdict.tallies.every((t) => t.lostCount === 0) &&
    verdict.counters.length === 0 &&
    verdict.twice.length === 0 &&
    verdict.replayRefused === 0
  );
}

async function main(args: Args): Promise<boolean> {
  const started = Date.now();
  let ok = true;
  for (const backend of args.backends) {
    if (backend === 'postgres' && !(await postgresAnswers())) {
      console.log(`\n✖ PostgreSQL does not answer at ${PG_URL} / PostgreSQL 无法连接`);
      ok = false;
      continue;
    }
    const name = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
    ok = printVerdict(name, await runBackend(backend, args.rounds)) && ok;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    ok
      ? `\n✔ no acknowledged write lost, counters exact, nothing paid twice (${seconds} s) / 崩溃校验通过`
      : `\n✖ crash verification failed (${seconds} s) / 崩溃校验未通过`,
  );
  return ok;
}

let args: Args | null;
try {
  args = parseCrashArgs(process.argv.slice(2));
} catch (error) {
  console.error(`✖ ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (!args) {
  console.log(USAGE);
} else {
  try {
    if (!(await main(args))) process.exitCode = 1;
  } catch (error) {
    console.error(`✖ verify:crash failed / 崩溃校验出错: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  }
}
