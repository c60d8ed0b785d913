import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  AI_IMAGE_COUNT,
  AI_IMAGE_LONG_SIDE,
  AI_JOB_STATES,
  AI_VIDEO_HEIGHT,
  type AiAspect,
  type AiJob,
  type AiJobKind,
  type AiJobState,
  type AiStyle,
  AppError,
  ERRORS,
  type ErrorCode,
  REALTIME_EVENTS,
  VIDEO_GENERATION,
} from '@evcircle/contract';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { labelImage, labelVideo } from '../../platform/ai/ai-label.ts';
import { AiProviderError, type AiProviders } from '../../platform/ai/types.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { RealtimeHub } from '../../platform/realtime.ts';
import { shanghaiDay } from '../../platform/shanghai-day.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { extractVideoFrame } from '../../platform/storage/video-frame.ts';
import { probeVideo } from '../../platform/storage/video-probe.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { grantPoints, pointsBalance, spendPoints } from '../points/index.ts';
import { coverKeyOf, newUploadStem, recordUpload } from '../uploads/index.ts';
import { aiJobs } from './ai.tables.ts';
import { assertVipAllowance, dayCounts, standardChargeOf } from './ai-usage.ts';

// Generations as jobs (docs/decisions/0022-ai.md): the call charges and records the job in
// one transaction and hands it to the queue; a worker runs the provider, labels and stores
// what it made, and finishes the row — or fails it and gives the points back. Progress goes
// to the owner's sockets as it moves.

export type AiDeps = {
  db: Db;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  providers: AiProviders;
  realtime: RealtimeHub;
  jobs: JobQueue;
  /** How long one run may take before it is abandoned (AI_TASK_TIMEOUT_S). */
  taskTimeoutMs: number;
};

/**
 * One queue per kind, so a picture never waits behind a video: pictures two at a time per
 * process, videos one (the local maker's ffmpeg takes a core).
 */
export const GENERATE_QUEUES: Record<AiJobKind, { name: string; concurrency: number }> = {
  image: { name: 'ai-image', concurrency: 2 },
  video: { name: 'ai-video', concurrency: 1 },
};
export type GenerateJobData = { jobId: number };

/** Who the implicit label names as producer and propagator (GB 45438-2025). */
const LABEL_PRODUCER = '车友圈';

const STATE_TEXT: Record<AiJobState, string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '已完成',
  failed: '生成失败',
};

type JobRow = typeof aiJobs.$inferSelect;

/** The job as the client sees it; `urls` and `paths` hold the results once succeeded. */
export function jobView(storage: StorageProvider, row: JobRow): AiJob {
  const state = AI_JOB_STATES.includes(row.state as AiJobState) ? (row.state as AiJobState) : 'failed';
  return {
    job_id: row.id,
    kind: row.kind as AiJobKind,
    state,
    state_text: STATE_TEXT[state],
    progress: row.progress,
    prompt: row.prompt,
    style: row.style as AiStyle,
    aspect: row.aspect as AiAspect,
    urls: row.resultKeys.map((key) => storage.publicUrl(key)),
    paths: [...row.resultKeys],
    poster: row.posterKey ? storage.publicUrl(row.posterKey) : '',
    width: row.width,
    height: row.height,
    vip: row.vip,
    charge: row.charge as AiJob['charge'],
    points: row.points,
    refunded: row.refunded,
    provider: { configured: true, local: row.providerLocal, name: row.providerName },
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : '',
  };
}

/** Width and height for a shape: pictures by their long side, videos by their short side (even numbers). */
export function sizeOf(kind: AiJobKind, aspect: AiAspect, vip: boolean): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const even = (n: number) => Math.round(n / 2) * 2;
  if (kind === 'image') {
    const long = vip ? AI_IMAGE_LONG_SIDE.vip : AI_IMAGE_LONG_SIDE.standard;
    return w >= h ? { width: long, height: even((long * h) / w) } : { width: even((long * w) / h), height: long };
  }
  const short = vip ? AI_VIDEO_HEIGHT.vip : AI_VIDEO_HEIGHT.standard;
  return w >= h ? { width: even((short * w) / h), height: short } : { width: short, height: even((short * h) / w) };
}

export type GenerationRequest = {
  kind: AiJobKind;
  prompt: string;
  style: AiStyle;
  aspect: AiAspect;
  /** Pictures (members may ask for up to 4; everyone else gets 1). */
  count: number;
  /** Through the members' endpoint (its own allowance, no charge). */
  vip: boolean;
};

const WHAT: Record<AiJobKind, string> = { image: 'AI 绘画', video: 'AI 视频' };

/**
 * Charges and records one generation and queues it. Under the user's quota lock the day's
 * counts are read and the charge decided, so concurrent calls at the limit cannot both pass;
 * the points are spent in the same transaction as the job row.
 */
export async function startGeneration(
  deps: AiDeps,
  userId: number,
  request: GenerationRequest,
  now = new Date(),
): Promise<JobRow> {
  assertNoProhibitedWords(request.prompt, 'prompt');
  const provider = request.kind === 'image' ? deps.providers.image : deps.providers.video;
  if (!provider.info.configured) throw new AppError('AI_PROVIDER_UNAVAILABLE', { what: WHAT[request.kind] });
  const { width, height } = sizeOf(request.kind, request.aspect, request.vip);
  const count =
    request.kind === 'image' ? Math.min(request.count, request.vip ? AI_IMAGE_COUNT.vip : AI_IMAGE_COUNT.standard) : 1;
  const day = shanghaiDay(now);

  const job = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ai-quota:${userId}`}, 0))`);
    const counts = await dayCounts(tx, userId, day);
    let charge: 'free' | 'points' | 'vip' = 'vip';
    let points = 0;
    if (request.vip) assertVipAllowance(request.kind, counts, now);
    else ({ charge, points } = standardChargeOf(request.kind, counts, now));
    const [row] = await tx
      .insert(aiJobs)
      .values({
        userId,
        kind: request.kind,
        prompt: request.prompt,
        style: request.style,
        aspect: request.aspect,
        width,
        height,
        count,
        vip: request.vip,
        charge,
        points,
        day,
        providerName: provider.info.name,
        providerLocal: provider.info.local,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('ai job was not recorded');
    if (points > 0) {
      const reason = request.kind === 'image' ? 'ai_image' : 'ai_video';
      if (!(await spendPoints(tx, userId, points, reason, ledgerRef(row.id)))) {
        throw new AppError('AI_POINTS_SHORT', { price: points, balance: await pointsBalance(tx, userId) });
      }
    }
    return row;
  });
  await queueJob(deps, job);
  return job;
}

/** The points ledger's reference to a job (its spend and its refund). */
function ledgerRef(jobId: number): string {
  return `ai-job:${jobId}`;
}

/**
 * Hands a recorded job to the queue. Should that fail after the row committed, the job
 * stays queued and the sweep (sweepStranded) hands it over again: never lost.
 */
async function queueJob(deps: AiDeps, job: { id: number; kind: string }): Promise<void> {
  const queue = GENERATE_QUEUES[job.kind === 'video' ? 'video' : 'image'];
  try {
    await deps.jobs.send<GenerateJobData>(queue.name, { jobId: job.id }, { singletonKey: `ai-job:${job.id}` });
  } catch (err) {
    deps.log.error({ err, jobId: job.id }, 'ai: could not queue a generation; the sweep will queue it');
  }
}

/** Queued jobs older than `olderThanMs` that no worker took (a lost send): queued again. */
export async function sweepStranded(deps: AiDeps, olderThanMs: number, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({ id: aiJobs.id, kind: aiJobs.kind })
    .from(aiJobs)
    .where(and(eq(aiJobs.state, 'queued'), lt(aiJobs.createdAt, new Date(now.getTime() - olderThanMs))))
    .limit(100);
  for (const row of rows) await queueJob(deps, row);
  return rows.length;
}

function push(deps: AiDeps, row: JobRow): void {
  deps.realtime.toUser(row.userId, REALTIME_EVENTS.aiJob, jobView(deps.storage, row));
}

/**
 * Runs one generation (the queue's handler). A provider that cannot be reached is thrown
 * back to the queue, which tries again later and, after the last try, calls failGeneration
 * (onDead); a refusal or an unusable answer fails the job at once. Either way the user's
 * points come back.
 */
export async function runGeneration(deps: AiDeps, jobId: number): Promise<void> {
  const [owner] = await deps.db.select({ userId: aiJobs.userId }).from(aiJobs).where(eq(aiJobs.id, jobId));
  if (!owner) return;
  const [job] = await deps.db
    .update(aiJobs)
    .set({
      state: 'running',
      attempts: sql`${aiJobs.attempts} + 1`,
      startedAt: new Date(),
      progress: 0,
      stem: sql`coalesce(${aiJobs.stem}, ${newUploadStem(owner.userId)})`,
    })
    .where(and(eq(aiJobs.id, jobId), inArray(aiJobs.state, ['queued', 'running'])))
    .returning();
  if (!job?.stem) return;
  const stem = job.stem;
  push(deps, job);

  const progress = progressReporter(deps, job);
  const signal = AbortSignal.timeout(deps.taskTimeoutMs);
  try {
    const stored =
      job.kind === 'image'
        ? await makeImages(deps, job, stem, signal, progress)
        : await makeVideo(deps, job, stem, signal, progress);
    await progress.flush();
    const [done] = await deps.db.transaction(async (tx) => {
      for (const upload of stored.uploads) await recordUpload(tx, { ...upload, userId: job.userId });
      return tx
        .update(aiJobs)
        .set({
          state: 'succeeded',
          progress: 100,
          resultKeys: stored.keys,
          posterKey: stored.posterKey,
          finishedAt: new Date(),
          error: '',
        })
        .where(and(eq(aiJobs.id, jobId), eq(aiJobs.state, 'running')))
        .returning();
    });
    if (done) push(deps, done);
  } catch (err) {
    await progress.flush();
    if (isRetryable(err)) {
      deps.log.warn({ err, jobId, attempt: job.attempts }, 'ai: generation failed for now; the queue tries again');
      throw err;
    }
    deps.log.warn({ err, jobId }, 'ai: generation failed');
    const code: ErrorCode =
      err instanceof AiProviderError && err.kind === 'invalid' ? 'AI_GENERATION_INVALID' : 'AI_GENERATION_FAILED';
    await failGeneration(deps, jobId, code);
  }
}

/** Unreachable providers and our own faults (storage, a crash) are tried again; a refusal or nonsense is not. */
function isRetryable(err: unknown): boolean {
  if (err instanceof AiProviderError) return err.kind === 'unavailable';
  return !(err instanceof AppError);
}

/**
 * Ends a job as failed with SPEC.md §8's message and gives its points back, in one
 * transaction (the ledger's refund is once per job). A job already ended is left alone.
 */
export async function failGeneration(
  deps: AiDeps,
  jobId: number,
  code: ErrorCode = 'AI_GENERATION_FAILED',
): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(aiJobs)
      .set({
        state: 'failed',
        error: ERRORS[code].message,
        finishedAt: new Date(),
        refunded: sql`${aiJobs.points} > 0`,
      })
      .where(and(eq(aiJobs.id, jobId), inArray(aiJobs.state, ['queued', 'running'])))
      .returning();
    if (failed && failed.points > 0) await grantPoints(tx, failed.userId, failed.points, 'ai_refund', ledgerRef(jobId));
    return failed;
  });
  if (!row) return;
  if (row.stem) await removeStemFiles(deps, row);
  push(deps, row);
}

/** Removes what a failed run may have stored before it failed. */
async function removeStemFiles(deps: AiDeps, row: JobRow): Promise<void> {
  if (!row.stem) return;
  const keys =
    row.kind === 'image'
      ? Array.from({ length: row.count }, (_, i) => `${row.stem}-${i + 1}.jpg`)
      : [`${row.stem}.mp4`, coverKeyOf(row.stem)];
  await Promise.all(
    keys.map((key) =>
      deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'ai: could not remove a file')),
    ),
  );
}

type Progress = { report(percent: number): void; flush(): Promise<void> };

/**
 * Passes the provider's progress on: every whole percent to the owner's sockets, to the row
 * at most once a second (a reload or another device reads it). The last 5% are labelling
 * and storing, so the provider's 100 shows as 95.
 */
function progressReporter(deps: AiDeps, job: JobRow): Progress {
  let current = 0;
  let saved = 0;
  let lastSave = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const save = () => {
    saved = current;
    lastSave = Date.now();
    const value = current;
    pending = pending
      .then(() =>
        deps.db
          .update(aiJobs)
          .set({ progress: value })
          .where(and(eq(aiJobs.id, job.id), eq(aiJobs.state, 'running'))),
      )
      .catch((err: unknown) => deps.log.warn({ err, jobId: job.id }, 'ai: could not save progress'));
  };
  return {
    report(percent) {
      const next = Math.max(current, Math.min(95, Math.floor(percent * 0.95)));
      if (next === current) return;
      current = next;
      push(deps, { ...job, state: 'running', progress: current });
      if (Date.now() - lastSave >= 1000 && current !== saved) save();
    },
    async flush() {
      if (current !== saved) save();
      await pending;
    },
  };
}

type StoredResult = {
  keys: string[];
  posterKey: string;
  uploads: Parameters<typeof recordUpload>[1] extends infer U ? Omit<U & object, 'userId'>[] : never;
};

function labelMeta(job: JobRow) {
  const id = `evcircle-ai-${job.id}`;
  return { producer: LABEL_PRODUCER, produceId: id, propagator: LABEL_PRODUCER, propagateId: id };
}

async function makeImages(
  deps: AiDeps,
  job: JobRow,
  stem: string,
  signal: AbortSignal,
  progress: Progress,
): Promise<StoredResult> {
  const images = await deps.providers.image.generate(
    {
      prompt: job.prompt,
      style: job.style as AiStyle,
      width: job.width,
      height: job.height,
      count: job.count,
      seed: job.id,
    },
    { signal, onProgress: (p) => progress.report(p) },
  );
  if (images.length === 0) throw new AiProviderError('invalid', 'no pictures');
  const keys: string[] = [];
  const uploads: StoredResult['uploads'] = [];
  for (const [index, image] of images.entries()) {
    const labelled = await labelImage(image, labelMeta(job));
    const key = `${stem}-${index + 1}.jpg`;
    await deps.storage.put(key, labelled.data, labelled.contentType);
    keys.push(key);
    uploads.push({
      key,
      kind: 'image',
      width: labelled.width,
      height: labelled.height,
      sizeBytes: labelled.data.length,
    });
  }
  return { keys, posterKey: '', uploads };
}

async function makeVideo(
  deps: AiDeps,
  job: JobRow,
  stem: string,
  signal: AbortSignal,
  progress: Progress,
): Promise<StoredResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-ai-'));
  try {
    const made = await deps.providers.video.generate(
      {
        prompt: job.prompt,
        style: job.style as AiStyle,
        width: job.width,
        height: job.height,
        durationS: VIDEO_GENERATION.durationS,
        seed: job.id,
      },
      { signal, onProgress: (p) => progress.report(p), workDir },
    );
    // A provider may make another size than asked (DashScope snaps to its model's sizes).
    const facts = await probeVideo(made.path).catch(() => {
      throw new AiProviderError('invalid', 'the video made cannot be read');
    });
    const labelledPath = path.join(workDir, 'labelled.mp4');
    await labelVideo(made.path, labelledPath, labelMeta(job), { width: facts.width, height: facts.height });
    const coverPath = path.join(workDir, 'cover.jpg');
    await extractVideoFrame(labelledPath, 0, coverPath);
    const key = `${stem}.mp4`;
    const posterKey = coverKeyOf(stem);
    await deps.storage.putFile(key, labelledPath, 'video/mp4');
    await deps.storage.putFile(posterKey, coverPath, 'image/jpeg');
    const { size } = await stat(labelledPath);
    return {
      keys: [key],
      posterKey,
      uploads: [
        {
          key,
          kind: 'video',
          width: facts.width,
          height: facts.height,
          sizeBytes: size,
          durationMs: facts.durationMs,
          coverKey: posterKey,
        },
      ],
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** One of the viewer's jobs; another user's (or a hidden one) is AI_JOB_NOT_FOUND, as if it did not exist. */
export async function ownJob(db: Db, userId: number, jobId: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(aiJobs)
    .where(and(eq(aiJobs.id, jobId), eq(aiJobs.userId, userId), isNull(aiJobs.hiddenAt)));
  if (!row) throw new AppError('AI_JOB_NOT_FOUND');
  return row;
}

/** The viewer's generations, newest first. */
export async function gallery(
  deps: Pick<AiDeps, 'db' | 'storage'>,
  userId: number,
  page: number,
  size: number,
  kind: 'all' | AiJobKind,
) {
  const where = and(
    eq(aiJobs.userId, userId),
    isNull(aiJobs.hiddenAt),
    kind === 'all' ? undefined : eq(aiJobs.kind, kind),
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(aiJobs)
      .where(where)
      .orderBy(desc(aiJobs.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(aiJobs).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return { items: rows.map((row) => jobView(deps.storage, row)), total: n, hasMore: page * size < n };
}

/**
 * Takes a generation out of the gallery. Its files stay: a post may show them (they are the
 * owner's uploads), and the row keeps the day's count and the ledger's reference true.
 */
export async function hideJob(db: Db, userId: number, jobId: number): Promise<{ job_id: number }> {
  const [row] = await db
    .update(aiJobs)
    .set({ hiddenAt: new Date() })
    .where(and(eq(aiJobs.id, jobId), eq(aiJobs.userId, userId), isNull(aiJobs.hiddenAt)))
    .returning({ id: aiJobs.id });
  if (!row) throw new AppError('AI_JOB_NOT_FOUND');
  return { job_id: row.id };
}
