import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, type TranscodeState } from '@evcircle/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { uploadTempRoot } from '../../platform/receive-upload.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { removeStoredKeys, type StoredLadder, storeHlsLadder } from '../../platform/storage/video-hls.ts';
import './uploads.events.ts';
import { uploads } from './uploads.tables.ts';

/** The background job that encodes one video upload's HLS ladder. */
export const TRANSCODE_JOB = 'video-transcode';
/** `attempt` is the upload's transcodeAttempts when it was queued: a later queueing makes this run stale. */
export type TranscodeJobData = { uploadId: number; attempt: number };

export type TranscodeDeps = {
  db: Db;
  storage: StorageProvider;
  log: { warn(obj: object, msg: string): void };
  /** Null: ladders are off (VIDEO_HLS=false); uploads stay as they are and play as stored. */
  jobs: JobQueue | null;
  config: Pick<Config, 'DATA_DIR'>;
};

export type TranscodeAnswer = { state: TranscodeState; renditions: number[] };

function answerOf(row: { transcodeState: string; renditions: number[] }): TranscodeAnswer {
  const state = (row.transcodeState || 'failed') as TranscodeState;
  return { state, renditions: state === 'ready' ? row.renditions : [] };
}

/**
 * Queues the ladder of video upload `uploadId` unless one is pending or ready: the row
 * turns pending and its attempt count goes up in one statement (so two requests at once
 * queue one job), then the job is sent, keyed by upload and attempt (a repeated send of
 * the same attempt queues nothing). Not inside a transaction (see JobQueue.send). A send
 * that fails leaves the video failed, for its owner to ask again.
 */
export async function queueTranscode(
  deps: Pick<TranscodeDeps, 'db' | 'jobs' | 'log'>,
  uploadId: number,
): Promise<void> {
  if (!deps.jobs) return;
  const [queued] = await deps.db
    .update(uploads)
    .set({ transcodeState: 'pending', transcodeAttempts: sql`${uploads.transcodeAttempts} + 1` })
    .where(and(eq(uploads.id, uploadId), eq(uploads.kind, 'video'), inArray(uploads.transcodeState, ['', 'failed'])))
    .returning({ attempt: uploads.transcodeAttempts });
  if (!queued) return;
  try {
    await deps.jobs.send<TranscodeJobData>(
      TRANSCODE_JOB,
      { uploadId, attempt: queued.attempt },
      { singletonKey: `upload:${uploadId}:${queued.attempt}` },
    );
  } catch (err) {
    deps.log.warn({ err, uploadId }, 'uploads: could not queue a video transcode; it stays failed');
    await markFailed(deps.db, { uploadId, attempt: queued.attempt });
  }
}

/** Gives up the ladder of one queueing: failed, unless a later queueing took over or it is ready. */
export async function markFailed(db: Db, job: TranscodeJobData): Promise<void> {
  await db
    .update(uploads)
    .set({ transcodeState: 'failed', hlsKey: '', renditions: [] })
    .where(
      and(
        eq(uploads.id, job.uploadId),
        eq(uploads.transcodeAttempts, job.attempt),
        eq(uploads.transcodeState, 'pending'),
      ),
    );
}

/**
 * One run of the job: encodes and stores the ladder (storeHlsLadder), then in one
 * transaction records it ready (state, master key, renditions, the poster as the new
 * cover) and announces `upload.transcoded`, so posts using the video take the ladder.
 * An encoding failure (ffmpeg refused the file, or ran out of time) marks it failed at
 * once: the original keeps playing and nothing of the ladder stays stored. A failure to
 * record throws after removing the stored files, so the queue tries again. A stale run
 * (the upload gone, or queued again since) does nothing.
 */
export async function runTranscode(deps: TranscodeDeps, job: TranscodeJobData): Promise<void> {
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, job.uploadId)).limit(1);
  if (row?.kind !== 'video' || row.transcodeState !== 'pending' || row.transcodeAttempts !== job.attempt) return;

  const tempRoot = uploadTempRoot(deps.config);
  await mkdir(tempRoot, { recursive: true });
  const workDir = await mkdtemp(path.join(tempRoot, 'transcode-'));
  try {
    let ladder: StoredLadder;
    try {
      ladder = await storeHlsLadder(deps.storage, row.key, workDir, deps.log);
    } catch (err) {
      deps.log.warn({ err, key: row.key }, 'uploads: a video could not be transcoded; its original plays');
      await markFailed(deps.db, job);
      return;
    }
    try {
      const recorded = await transaction(deps.db, async (tx, announce) => {
        const [ready] = await tx
          .update(uploads)
          .set({
            transcodeState: 'ready',
            hlsKey: ladder.masterKey,
            renditions: ladder.renditions,
            coverKey: ladder.posterKey,
          })
          .where(
            and(
              eq(uploads.id, row.id),
              eq(uploads.transcodeState, 'pending'),
              eq(uploads.transcodeAttempts, job.attempt),
            ),
          )
          .returning({ id: uploads.id });
        if (!ready) return false;
        await announce('upload.transcoded', {
          userId: row.userId,
          key: row.key,
          hlsKey: ladder.masterKey,
          posterKey: ladder.posterKey,
          previousCover: row.coverKey,
        });
        return true;
      });
      if (!recorded) await removeStoredKeys(deps.storage, ladder.keys, deps.log);
    } catch (err) {
      await removeStoredKeys(deps.storage, ladder.keys, deps.log);
      throw err;
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The owner's request to transcode their video `key` (POST …/video/transcode): a failed
 * or never-run ladder is queued again; a pending or ready one is answered as it is.
 * Anyone else's key, or one that is not a video, is UPLOAD_NOT_FOUND and queues nothing.
 */
export async function requestTranscode(deps: TranscodeDeps, userId: number, key: string): Promise<TranscodeAnswer> {
  const find = async () => {
    const [row] = await deps.db
      .select({
        id: uploads.id,
        kind: uploads.kind,
        transcodeState: uploads.transcodeState,
        renditions: uploads.renditions,
      })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), eq(uploads.key, key)))
      .limit(1);
    if (row?.kind !== 'video') throw new AppError('UPLOAD_NOT_FOUND');
    return row;
  };
  const row = await find();
  if (row.transcodeState === 'pending' || row.transcodeState === 'ready') return answerOf(row);
  if (!deps.jobs) throw new AppError('VIDEO_PROCESSING_UNAVAILABLE');
  await queueTranscode(deps, row.id);
  return answerOf(await find());
}
