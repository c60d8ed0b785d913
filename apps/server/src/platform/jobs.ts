import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
// pg-boss is imported when the queue first starts (loadPgBoss): most processes and test
// apps never send a job, and importing it costs ~0.3 s.
import type PgBoss from 'pg-boss';
import type { Database } from './db.ts';
import { scheduleEvery } from './schedule.ts';

/**
 * Durable background jobs (AI generations): sent by a request, run by a worker in this
 * process, kept in the database (pg-boss, schema `pgboss`) so that a job survives a
 * restart. A run that throws or outlives `expireInS` (a crashed process) is tried again;
 * after the last try the job is handed to `onDead` instead. With several processes on
 * one PostgreSQL each job runs in one of them (pg-boss fetches with SKIP LOCKED).
 *
 * pg-boss starts lazily: its start alone (schema install) was measured at 70 ms on a
 * fresh in-memory PGlite, with one job's two queues and workers 260 ms (170 ms on a fresh
 * PostgreSQL database), and most test apps never send a job. So it starts on the first send, or
 * at start() when the database holds unfinished jobs of ours (one query that works
 * before the schema exists); on PostgreSQL an idle process also looks again every
 * `maintenanceIntervalS`, so that jobs a crashed process left behind are taken up by a
 * live one.
 */

/** One run of a job, as its handler sees it. */
export type Job<T> = {
  /** The id send() answered. */
  id: string;
  data: T;
  /** 0 on the first try, 1 on the first retry, and so on up to retryLimit. */
  retryCount: number;
  /** Aborted when the run has taken expireInS (it counts as failed then) or the queue stops. */
  signal: AbortSignal;
};

export type JobSpec<T> = {
  /** Tries after the first (0: one try only). A stopped or crashed run counts as a try. */
  retryLimit: number;
  /** Seconds between a failed try and the next. */
  retryDelayS: number;
  /** How long a run may take before it counts as failed, also when its process died (1 s to 24 h). */
  expireInS: number;
  /** Runs of this job at the same time in one process (default 1). */
  concurrency?: number;
  handler(job: Job<T>): Promise<void>;
  /**
   * After the last try failed or expired, once per job; `reason` says why the last try
   * failed (for the log, not for users). When it throws it is tried again with backoff
   * for days. A crash while it runs can run it twice: make it idempotent (key it by
   * `job.id`).
   */
  onDead(job: { id: string; data: T }, reason: string): Promise<void>;
};

export type JobQueue = {
  /** Declares a job; before start(). */
  define<T extends object>(name: string, spec: JobSpec<T>): void;
  /**
   * Queues a job and answers its id; durable once it resolves. It starts at once when a
   * worker of this process is free.
   * NOTE: not inside a database transaction: on PGlite (one connection) the send would
   * wait for the transaction, which waits for the send.
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** After every define(): takes up unfinished jobs, if the database holds any. */
  start(): Promise<void>;
  /**
   * Lets running handlers finish (stopGraceMs), then records the ones still running as
   * failed tries (they run again later) and aborts their signals. Refuses sends from then on.
   */
  stop(): Promise<void>;
};

export type SendOptions = {
  /**
   * Sends of one job with the same key make one job (the first one's data): a second
   * send answers the same id and queues nothing, as long as the job is kept (until about
   * 12 hours after it ended). For sending again what may or may not have been sent.
   */
  singletonKey?: string;
};

export type JobQueueDeps = {
  /** One JobQueue per database: on PGlite, jobs found running when pg-boss starts are known to be orphans. */
  database: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often an idle worker looks for jobs that were not sent by this process or are due again (s, ≥ 0.5). */
  pollingIntervalS?: number;
  /** How often expired runs are failed and, on PostgreSQL before pg-boss started, how often to look for unfinished jobs (s). */
  maintenanceIntervalS?: number;
  /** How long stop() waits for running handlers (ms, ≥ 1000: pg-boss's minimum). */
  stopGraceMs?: number;
};

const SCHEMA = 'pgboss';
const POLLING_INTERVAL_S = 1;
const MAINTENANCE_INTERVAL_S = 30;
const STOP_GRACE_MS = 10_000;
/** Job names end up in pg-boss queue names; `__` is ours (dead-letter queues). */
const JOB_NAME = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;
const MAX_EXPIRE_IN_S = 24 * 60 * 60 - 1;
/** The queue `onDead` runs from. Its own retry policy: 20 tries, backoff from 1–2 s to 9–18 h (2–4 days in all). */
const deadQueue = (name: string) => `${name}__dead`;
const DEAD_QUEUE_OPTIONS = { retryLimit: 20, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 };
/** The reason given for runs found unfinished when pg-boss starts on PGlite. */
const INTERRUPTED = 'interrupted: the server stopped while the job ran';

/**
 * What is stored per job. The id travels with the data because a dead-letter copy keeps
 * the data but gets an id of its own; `reason` marks a dead job re-sent under the dead
 * queue's retry policy (runDead).
 */
type Envelope = { id: string; data: object; reason?: string };

type Rows = { rows: Record<string, unknown>[] };
type Execute = (text: string, values?: unknown[]) => Promise<Rows>;

/**
 * pg-boss 10.4 records a run's outcome with complete() or fail() without awaiting it:
 * if the database fails right then (a restart, or closed under a stopping process) the
 * rejection is unhandled and ends the process. The adapter answers these two statements
 * with "nothing changed" instead; the run stays active and is taken up again once it
 * expires. The texts come from pg-boss itself, so they match exactly what it sends.
 */
const SETTLE_STATEMENTS = new Set<string>();

/** pg-boss and the texts of its two settling statements, loaded once. */
let pgBoss: Promise<typeof PgBoss> | null = null;
function loadPgBoss(): Promise<typeof PgBoss> {
  pgBoss ??= (async () => {
    const [{ default: PgBossClass }, plansModule] = await Promise.all([
      import('pg-boss'),
      // @ts-expect-error pg-boss ships no types for its SQL plans; SETTLE_STATEMENTS says why we need two of them.
      import('pg-boss/src/plans.js'),
    ]);
    const plans = (plansModule as { default: Record<string, (schema: string) => string> }).default;
    for (const plan of ['completeJobs', 'failJobsById']) {
      const text = plans[plan]?.(SCHEMA);
      if (!text) throw new Error(`pg-boss has no ${plan} plan`);
      SETTLE_STATEMENTS.add(text);
    }
    return PgBossClass;
  })();
  return pgBoss;
}

/** The driver behind the Database, as pg-boss calls it: text plus positional values. */
function driverExecute(database: Database): Execute {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    type Exec = { exec(text: string): Promise<Rows[]> };
    const pglite = client as Exec & {
      query(text: string, values?: unknown[]): Promise<Rows>;
      transaction<T>(run: (tx: Exec) => Promise<T>): Promise<T>;
    };
    return async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      // NOTE: PGlite's query() runs one statement; pg-boss sends its schema and its
      // maintenance (BEGIN; …; COMMIT; no values) as one text, for exec(). Should one of
      // them fail, PGlite's one connection would stay in the aborted transaction and
      // refuse the app's every query; inside transaction() PGlite rolls it back (pg-boss's
      // own BEGIN and COMMIT in there only draw warnings).
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    };
  }
  // The app's own pool: no second pool per process, one close path, and a handler holds
  // no connection while it runs (pg-boss only borrows one per statement).
  const pool = client as { query(text: string, values?: unknown[]): Promise<Rows> };
  return (text, values) => pool.query(text, values);
}

/** The job id of a keyed send: the same for the same job and key, so the second insert does nothing. */
function keyedId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Why a try failed, from what pg-boss stored as its output. */
function describeFailure(output: unknown): string {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string') return message;
    if (typeof value === 'string') return value;
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      return (value as { message: string }).message;
    }
    return JSON.stringify(output);
  }
  return 'unknown';
}

function assertSpec(name: string, spec: JobSpec<object>): void {
  const isCount = (n: number, min: number) => Number.isInteger(n) && n >= min;
  if (!JOB_NAME.test(name)) throw new Error(`job name "${name}": lower-case letters and digits, joined by . or -`);
  if (!isCount(spec.retryLimit, 0)) throw new Error(`job "${name}": retryLimit must be an integer ≥ 0`);
  if (!isCount(spec.retryDelayS, 0)) throw new Error(`job "${name}": retryDelayS must be an integer ≥ 0`);
  if (!isCount(spec.expireInS, 1) || spec.expireInS > MAX_EXPIRE_IN_S) {
    throw new Error(`job "${name}": expireInS must be an integer from 1 to ${MAX_EXPIRE_IN_S}`);
  }
  if (!isCount(spec.concurrency ?? 1, 1)) throw new Error(`job "${name}": concurrency must be an integer ≥ 1`);
}

/** The job queue over the app's database (app.jobs). Nothing touches the database before start(). */
export function createJobQueue(deps: JobQueueDeps): JobQueue {
  const { database, log } = deps;
  const pollingIntervalSeconds = deps.pollingIntervalS ?? POLLING_INTERVAL_S;
  const maintenanceIntervalS = deps.maintenanceIntervalS ?? MAINTENANCE_INTERVAL_S;
  const stopGraceMs = deps.stopGraceMs ?? STOP_GRACE_MS;
  const specs = new Map<string, JobSpec<object>>();
  /** pg-boss worker ids by queue, to wake them when this process sends. */
  const workerIds = new Map<string, string[]>();
  /** The signals of the runs in progress, aborted when stop() gives up waiting. */
  const running = new Set<AbortController>();
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  let booting: Promise<PgBoss> | null = null;
  let watcher: { stop(): void } | null = null;
  let stopping: Promise<void> | null = null;

  const execute = driverExecute(database);
  const bossDb = {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      try {
        if (state === 'stopped') throw new Error('job queue stopped');
        return await execute(text, values);
      } catch (err) {
        if (!SETTLE_STATEMENTS.has(text)) throw err;
        log.warn({ err }, 'jobs: the outcome of a run was not recorded; it is taken up again once it expires');
        return { rows: [{ count: 0 }] };
      }
    },
  };

  /** Every queue of ours: the jobs and their dead letters. */
  const queueNames = () => [...specs.keys()].flatMap((name) => [name, deadQueue(name)]);

  /** Whether the database holds jobs of ours not yet done; one cheap query before pg-boss's schema exists. */
  async function hasUnfinishedJobs(): Promise<boolean> {
    const [installed] = (await execute(`select to_regclass('${SCHEMA}.job') is not null as installed`)).rows;
    if (installed?.installed !== true) return false;
    const [row] = (
      await execute(
        `select exists (select 1 from ${SCHEMA}.job where name = any($1::text[]) and state < 'completed') as pending`,
        [queueNames()],
      )
    ).rows;
    return row?.pending === true;
  }

  /** Wakes this process's workers of `queue`, so a job sent here starts without waiting for a poll. */
  function wake(boss: PgBoss, queue: string): void {
    for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
  }

  async function runJob(
    boss: PgBoss,
    name: string,
    spec: JobSpec<object>,
    job: PgBoss.JobWithMetadata<Envelope>,
  ): Promise<void> {
    // A fetch that was under way when stop() began: give the job back as a failed try.
    if (state !== 'started') throw new Error('job queue stopping');
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`job ran longer than ${spec.expireInS} s`)),
      spec.expireInS * 1000,
    );
    timer.unref();
    running.add(controller);
    try {
      await spec.handler({ id: job.id, data: job.data.data, retryCount: job.retryCount, signal: controller.signal });
      // Out of time counts as failed, also when the handler gave up quietly on the signal.
      controller.signal.throwIfAborted();
    } catch (err) {
      log.warn({ err, job: name, jobId: job.id, retryCount: job.retryCount }, 'jobs: a run failed');
      throw err;
    } finally {
      clearTimeout(timer);
      running.delete(controller);
      // NOTE: a pg-boss 10 worker fetches one job per poll and then sleeps the polling
      // interval even when more are waiting; woken, it fetches again right away.
      wake(boss, name);
    }
  }

  async function runDead(
    boss: PgBoss,
    name: string,
    spec: JobSpec<object>,
    job: PgBoss.JobWithMetadata<Envelope>,
  ): Promise<void> {
    if (state !== 'started') throw new Error('job queue stopping');
    const { id, data, reason } = job.data;
    if (reason === undefined) {
      // pg-boss's dead-letter copy carries the failed job's retry policy (maybe no retry
      // at all), not the dead queue's: re-send it under the dead queue's own. The failed
      // job's id makes this idempotent (a second copy inserts nothing).
      const dead = deadQueue(name);
      await boss.send(dead, { id, data, reason: describeFailure(job.output) } satisfies Envelope, { id });
      wake(boss, dead);
      return;
    }
    log.warn({ job: name, jobId: id, reason }, 'jobs: a job failed its last try; onDead runs');
    try {
      await spec.onDead({ id, data }, reason);
    } catch (err) {
      const isLast = job.retryCount >= job.retryLimit;
      if (isLast) log.error({ err, job: name, jobId: id, data, reason }, 'jobs: onDead failed for good');
      else log.warn({ err, job: name, jobId: id }, 'jobs: onDead failed; it is tried again');
      throw err;
    } finally {
      wake(boss, deadQueue(name));
    }
  }

  async function boot(): Promise<PgBoss> {
    const PgBossClass = await loadPgBoss();
    const boss = new PgBossClass({
      db: bossDb,
      schema: SCHEMA,
      // No cron schedules: that would add a queue and a worker polling every 5 s.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: maintenanceIntervalS,
      pollingIntervalSeconds,
    });
    boss.on('error', (err) => log.error({ err }, 'jobs: background work failed'));
    await boss.start();
    try {
      for (const [name, spec] of specs) {
        const dead = deadQueue(name);
        const options = {
          name,
          retryLimit: spec.retryLimit,
          retryDelay: spec.retryDelayS,
          expireInSeconds: spec.expireInS,
          deadLetter: dead,
        };
        // createQueue keeps an existing queue as it was: updateQueue brings it to this spec.
        await boss.createQueue(dead, { name: dead, ...DEAD_QUEUE_OPTIONS });
        await boss.updateQueue(dead, { name: dead, ...DEAD_QUEUE_OPTIONS });
        await boss.createQueue(name, options);
        await boss.updateQueue(name, options);
      }
      // PGlite is one process's: a run still active was cut off by a stop or crash, so
      // it can be tried again now rather than after it expires.
      if (database.kind === 'pglite') await failInterrupted(boss);
      const workOptions = { pollingIntervalSeconds, includeMetadata: true as const, batchSize: 1 };
      for (const [name, spec] of specs) {
        const ids: string[] = [];
        for (let i = 0; i < (spec.concurrency ?? 1); i++) {
          ids.push(
            await boss.work<Envelope>(name, workOptions, ([job]) => (job ? runJob(boss, name, spec, job) : noop())),
          );
        }
        workerIds.set(name, ids);
        const deadId = await boss.work<Envelope>(deadQueue(name), workOptions, ([job]) =>
          job ? runDead(boss, name, spec, job) : noop(),
        );
        workerIds.set(deadQueue(name), [deadId]);
      }
    } catch (err) {
      await boss.stop({ graceful: false, close: false }).catch(() => {});
      throw err;
    }
    log.info({ jobs: [...specs.keys()] }, 'jobs: workers started');
    return boss;
  }

  async function failInterrupted(boss: PgBoss): Promise<void> {
    const { rows } = await execute(
      `select name, id from ${SCHEMA}.job where name = any($1::text[]) and state = 'active'`,
      [queueNames()],
    );
    const byQueue = new Map<string, string[]>();
    for (const row of rows) byQueue.set(String(row.name), [...(byQueue.get(String(row.name)) ?? []), String(row.id)]);
    for (const [queue, ids] of byQueue) {
      log.warn({ queue, count: ids.length }, 'jobs: runs interrupted by the last stop are tried again');
      for (const id of ids) await boss.fail(queue, id, { message: INTERRUPTED });
    }
  }

  /** Starts pg-boss once; a failed start is tried again by the next caller. */
  function ensureBooted(): Promise<PgBoss> {
    if (!booting) {
      booting = boot().then(
        (boss) => {
          watcher?.stop();
          return boss;
        },
        (err: unknown) => {
          booting = null;
          throw err;
        },
      );
    }
    return booting;
  }

  async function shutdown(): Promise<void> {
    watcher?.stop();
    const boss = booting ? await booting.catch(() => null) : null;
    if (boss) {
      await boss.stop({ graceful: true, timeout: stopGraceMs, wait: true, close: false });
      for (const controller of running) controller.abort(new Error('job queue stopped'));
    }
    state = 'stopped';
  }

  return {
    define<T extends object>(name: string, spec: JobSpec<T>) {
      if (state !== 'new') throw new Error(`job "${name}" defined after the job queue started`);
      if (specs.has(name)) throw new Error(`job "${name}" defined twice`);
      const anySpec = spec as unknown as JobSpec<object>;
      assertSpec(name, anySpec);
      specs.set(name, anySpec);
    },

    async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
      if (state === 'new') throw new Error(`job "${name}" sent before the job queue started`);
      if (state !== 'started') throw new Error(`job queue stopped: job "${name}" was not sent`);
      if (!specs.has(name)) throw new Error(`job "${name}" is not defined`);
      const boss = await ensureBooted();
      const id = options.singletonKey === undefined ? randomUUID() : keyedId(name, options.singletonKey);
      await boss.send(name, { id, data } satisfies Envelope, { id });
      wake(boss, name);
      return id;
    },

    async start() {
      if (state !== 'new') throw new Error('job queue started twice');
      state = 'started';
      if (specs.size === 0) return;
      if (await hasUnfinishedJobs()) {
        await ensureBooted();
        return;
      }
      // Another process may send, or crash and leave its jobs: look again from time to time.
      if (database.kind === 'postgres') {
        watcher = scheduleEvery(
          maintenanceIntervalS * 1000,
          async () => {
            const isIdle = () => state === 'started' && !booting;
            if (isIdle() && (await hasUnfinishedJobs()) && isIdle()) await ensureBooted();
          },
          log,
          'jobs',
        );
      }
    },

    stop() {
      if (state === 'new') state = 'stopped';
      if (state === 'stopped') return Promise.resolve();
      state = 'stopping';
      stopping ??= shutdown();
      return stopping;
    },
  };
}

async function noop(): Promise<void> {}
