import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestDatabase } from '../../test/build-test-app.ts';
import { createScratchDatabase } from '../../test/scratch-backends.ts';
import { createDatabase, type Database, executeRows } from './db.ts';
import { createJobQueue, type Job, type JobQueue, type JobQueueDeps, type JobSpec } from './jobs.ts';

/**
 * The job queue on the database the suite runs on: in-memory PGlite by default, a
 * scratch PostgreSQL database when DATABASE_URL is set. Intervals are short (0.5 s polls,
 * 1 s maintenance, 1 s stop grace) so that retries and expiry happen within seconds.
 */
const PG_URL = process.env.DATABASE_URL;
/** Waited after the expected runs, to see that no other run follows: longer than a poll. */
const QUIET_MS = 800;
const silentLog = { info() {}, warn() {}, error() {} };

let scratch: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (PG_URL) scratch = await createScratchDatabase(PG_URL, 'evcircle_jobs');
});
afterAll(async () => {
  await scratch?.drop();
});

/** Undone after each test, last first: queues stop before their databases close. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own (PGlite) or one more pool on the file's scratch database (PostgreSQL). */
function newDatabase(): Promise<Database> {
  return scratch ? createDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' }) : buildTestDatabase();
}

/** newDatabase(), closed after the test. */
async function openDatabase(): Promise<Database> {
  const database = await newDatabase();
  cleanups.push(() => database.close());
  return database;
}

function makeQueue(database: Database, options: Partial<JobQueueDeps> = {}): JobQueue {
  const queue = createJobQueue({
    database,
    log: silentLog,
    pollingIntervalS: 0.5,
    maintenanceIntervalS: 1,
    stopGraceMs: 1000,
    ...options,
  });
  cleanups.push(() => queue.stop());
  return queue;
}

/** A name no earlier test used: on PostgreSQL the tests share one database. */
let names = 0;
function jobName(label: string): string {
  names += 1;
  return `${label}-${names}`;
}

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves when `check` holds, polling; fails after `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

type Payload = { n: number };

/** A spec whose onDead records its calls; the rest as given. */
function spec(
  overrides: Partial<JobSpec<Payload>> & Pick<JobSpec<Payload>, 'handler'>,
  dead: { job: { id: string; data: Payload }; reason: string }[] = [],
): JobSpec<Payload> {
  return {
    retryLimit: 0,
    retryDelayS: 0,
    expireInS: 5,
    onDead: async (job, reason) => {
      dead.push({ job, reason });
    },
    ...overrides,
  };
}

async function hasPgBossSchema(database: Database): Promise<boolean> {
  const [row] = await executeRows<{ installed: boolean }>(
    database.db,
    sql`select to_regclass('pgboss.job') is not null as installed`,
  );
  return row?.installed === true;
}

describe('job queue', () => {
  // One database for these tests (each has job names of its own): a PGlite database
  // takes seconds to load on a busy machine.
  let database: Database;
  beforeAll(async () => {
    database = await newDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a sent job once, at once, with its data', async () => {
    // Polls far apart: a job that starts quickly was woken by the send.
    const queue = makeQueue(database, { pollingIntervalS: 5 });
    const name = jobName('echo');
    const runs: Job<Payload>[] = [];
    queue.define<Payload>(name, spec({ handler: async (job) => void runs.push(job) }));
    await queue.start();
    // The first send starts pg-boss.
    const firstId = await queue.send<Payload>(name, { n: 7 });
    await until(() => runs.length === 1);

    const sentAt = Date.now();
    const secondId = await queue.send<Payload>(name, { n: 8 });
    await until(() => runs.length === 2);
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await sleep(QUIET_MS);
    expect(runs).toEqual([
      { id: firstId, data: { n: 7 }, retryCount: 0, signal: expect.any(AbortSignal) },
      { id: secondId, data: { n: 8 }, retryCount: 0, signal: expect.any(AbortSignal) },
    ]);
  });

  it('runs many jobs, each once, several at a time', async () => {
    const queue = makeQueue(database);
    const name = jobName('many');
    const seen: { id: string; n: number }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    queue.define<Payload>(
      name,
      spec({
        concurrency: 3,
        handler: async (job) => {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          await sleep(30);
          seen.push({ id: job.id, n: job.data.n });
          inFlight -= 1;
        },
      }),
    );
    await queue.start();

    const sent = await Promise.all(Array.from({ length: 30 }, (_, n) => queue.send<Payload>(name, { n })));
    await until(() => seen.length >= 30);
    await sleep(QUIET_MS);
    expect(seen).toHaveLength(30);
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set(sent));
    expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(3);
  });

  it('retries a failing job retryLimit times, then calls onDead once with the reason', async () => {
    const queue = makeQueue(database);
    const name = jobName('failing');
    const tries: number[] = [];
    const dead: { job: { id: string; data: Payload }; reason: string }[] = [];
    queue.define<Payload>(
      name,
      spec(
        {
          retryLimit: 2,
          handler: async (job) => {
            tries.push(job.retryCount);
            throw new Error(`provider unavailable (try ${job.retryCount})`);
          },
        },
        dead,
      ),
    );
    await queue.start();

    const id = await queue.send<Payload>(name, { n: 1 });
    await until(() => dead.length > 0);
    await sleep(QUIET_MS);
    expect(tries).toEqual([0, 1, 2]);
    expect(dead).toEqual([{ job: { id, data: { n: 1 } }, reason: 'provider unavailable (try 2)' }]);
  });

  it('tries onDead again when it fails, also for a job without retries', async () => {
    const queue = makeQueue(database);
    const name = jobName('refund');
    const calls: { id: string; reason: string }[] = [];
    queue.define<Payload>(name, {
      retryLimit: 0,
      retryDelayS: 0,
      expireInS: 5,
      handler: async () => {
        throw new Error('refused');
      },
      onDead: async (job, reason) => {
        calls.push({ id: job.id, reason });
        if (calls.length === 1) throw new Error('points ledger unavailable');
      },
    });
    await queue.start();

    const id = await queue.send<Payload>(name, { n: 1 });
    await until(() => calls.length >= 2);
    await sleep(QUIET_MS);
    expect(calls).toEqual([
      { id, reason: 'refused' },
      { id, reason: 'refused' },
    ]);
  });

  it('aborts a run that outlives expireInS and tries it again', async () => {
    const queue = makeQueue(database);
    const name = jobName('slow');
    const aborted: boolean[] = [];
    const done = deferred<number>();
    queue.define<Payload>(
      name,
      spec({
        retryLimit: 1,
        expireInS: 1,
        handler: async (job) => {
          if (job.retryCount === 0) {
            // A stuck provider call: ends only when the signal says time is up.
            await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
            aborted.push(job.signal.aborted);
            return;
          }
          done.resolve(job.retryCount);
        },
      }),
    );
    await queue.start();

    await queue.send<Payload>(name, { n: 2 });
    expect(await done.promise).toBe(1);
    expect(aborted).toEqual([true]);
  });

  it('makes one job of sends with the same singletonKey', async () => {
    const queue = makeQueue(database);
    const name = jobName('keyed');
    const runs: Payload[] = [];
    queue.define<Payload>(name, spec({ handler: async (job) => void runs.push(job.data) }));
    await queue.start();

    const first = await queue.send<Payload>(name, { n: 1 }, { singletonKey: 'order:1' });
    const again = await queue.send<Payload>(name, { n: 2 }, { singletonKey: 'order:1' });
    const other = await queue.send<Payload>(name, { n: 3 }, { singletonKey: 'order:2' });
    await until(() => runs.length >= 2);
    await sleep(QUIET_MS);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(runs.sort((a, b) => a.n - b.n)).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('starts pg-boss only when there is work: on the first send', async () => {
    // A fresh database: the others' first send installed pg-boss in the shared one.
    const fresh = await openDatabase();
    const queue = makeQueue(fresh);
    const name = jobName('lazy');
    const ran = deferred();
    queue.define<Payload>(name, spec({ handler: async () => ran.resolve() }));
    await queue.start();
    // On PostgreSQL the file's tests share one database: other tests may have installed pg-boss.
    if (!scratch) expect(await hasPgBossSchema(fresh)).toBe(false);

    await queue.send<Payload>(name, { n: 1 });
    await ran.promise;
    expect(await hasPgBossSchema(fresh)).toBe(true);
  });

  it('stops quickly when idle and refuses sends before start and after stop', async () => {
    const queue = makeQueue(database);
    const name = jobName('idle');
    const ran = deferred();
    queue.define<Payload>(name, spec({ handler: async () => ran.resolve() }));
    await expect(queue.send<Payload>(name, { n: 0 })).rejects.toThrow(/before the job queue started/);
    await queue.start();
    expect(() => queue.define<Payload>(jobName('late'), spec({ handler: async () => {} }))).toThrow(
      /after the job queue started/,
    );
    await expect(queue.send<Payload>(jobName('unknown'), { n: 0 })).rejects.toThrow(/is not defined/);
    await queue.send<Payload>(name, { n: 1 });
    await ran.promise;

    const stoppingAt = Date.now();
    await queue.stop();
    expect(Date.now() - stoppingAt).toBeLessThan(300);
    await expect(queue.send<Payload>(name, { n: 2 })).rejects.toThrow(/job queue stopped/);
  });

  it('lets a running handler finish when stopping', async () => {
    const queue = makeQueue(database);
    const name = jobName('finishing');
    const started = deferred();
    let finished = false;
    queue.define<Payload>(
      name,
      spec({
        handler: async () => {
          started.resolve();
          await sleep(300);
          finished = true;
        },
      }),
    );
    await queue.start();
    await queue.send<Payload>(name, { n: 1 });
    await started.promise;
    await queue.stop();
    expect(finished).toBe(true);
  });
});

/**
 * A database that outlives the process using it: PGlite files under a temp DATA_DIR
 * (opened again from disk) or the scratch PostgreSQL database (one more pool).
 */
async function durableDatabase(): Promise<() => Promise<Database>> {
  if (scratch) return openDatabase;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-jobs-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  // The suite's migrated template, written to disk: much quicker than an initdb.
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const seed = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: template });
  await seed.close();
  return async () => {
    const database = await createDatabase({ DATABASE_URL: undefined, DATA_DIR: dataDir });
    cleanups.push(() => database.close());
    return database;
  };
}

describe('job queue after a crash', () => {
  it('takes up the jobs a killed process was running: retried, or handed to onDead after the last try', async () => {
    const open = await durableDatabase();
    const retried = jobName('crash-retried');
    const last = jobName('crash-last');
    // On PGlite a restart takes interrupted runs up at once; on PostgreSQL a live process
    // takes them up once they expire (another process might still be running them).
    const expireInS = scratch ? 1 : 60;

    const first = await open();
    const dying = makeQueue(first);
    const started: string[] = [];
    const hang = async (job: Job<Payload>) => {
      started.push(job.id);
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
    };
    dying.define<Payload>(retried, spec({ retryLimit: 1, expireInS, handler: hang }));
    dying.define<Payload>(last, spec({ retryLimit: 0, expireInS, handler: hang }));
    await dying.start();
    const retriedId = await dying.send<Payload>(retried, { n: 1 });
    const lastId = await dying.send<Payload>(last, { n: 2 });
    await until(() => started.length === 2);
    // The process dies: its database connection goes, nothing records the runs' end.
    await first.close();

    const second = await open();
    const survivor = makeQueue(second);
    const reran: Job<Payload>[] = [];
    const dead: { job: { id: string; data: Payload }; reason: string }[] = [];
    survivor.define<Payload>(retried, spec({ retryLimit: 1, expireInS, handler: async (job) => void reran.push(job) }));
    survivor.define<Payload>(
      last,
      spec({ retryLimit: 0, expireInS, handler: async () => expect.fail('a run after the last try') }, dead),
    );
    const restartedAt = Date.now();
    await survivor.start();
    await until(() => reran.length === 1 && dead.length === 1, 30_000);
    if (!scratch) expect(Date.now() - restartedAt).toBeLessThan(expireInS * 1000);

    expect(reran.map(({ id, data, retryCount }) => ({ id, data, retryCount }))).toEqual([
      { id: retriedId, data: { n: 1 }, retryCount: 1 },
    ]);
    expect(dead).toEqual([
      {
        job: { id: lastId, data: { n: 2 } },
        reason: scratch ? 'job failed by timeout in active state' : 'interrupted: the server stopped while the job ran',
      },
    ]);
    // Reopening PGlite from disk twice is slow on a busy machine: a generous limit, no timing asserted but the one above.
  }, 90_000);
});

describe.skipIf(!PG_URL)('two processes on one PostgreSQL', () => {
  it('runs each job in exactly one of them, an idle one joining by itself', async () => {
    const name = jobName('shared');
    const runsBy = { a: [] as string[], b: [] as string[] };
    const queues = { a: makeQueue(await openDatabase()), b: makeQueue(await openDatabase()) };
    for (const side of ['a', 'b'] as const) {
      queues[side].define<Payload>(
        name,
        spec({
          handler: async (job) => {
            await sleep(100);
            runsBy[side].push(job.id);
          },
        }),
      );
      await queues[side].start();
    }

    // Only A sends; B finds the jobs on its own (its idle check, then polling).
    const sent: string[] = [];
    for (let n = 0; n < 20; n++) sent.push(await queues.a.send<Payload>(name, { n }));
    await until(() => runsBy.a.length + runsBy.b.length >= 20, 15_000);
    await sleep(QUIET_MS);

    const all = [...runsBy.a, ...runsBy.b];
    expect(all).toHaveLength(20);
    expect(new Set(all)).toEqual(new Set(sent));
    expect(runsBy.b.length).toBeGreaterThan(0);
  });
});
