import { AppError, type UploadedImage, type UploadedVideo } from '@evcircle/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { processImage } from './image-upload.ts';
import { coverKeyOf } from './upload-keys.ts';
import { uploads } from './uploads.tables.ts';
import { queueTranscode } from './video-transcode.ts';
import { processVideo } from './video-upload.ts';

export type UploadRecord = typeof uploads.$inferSelect;

/**
 * The uploads among `keys` that belong to `userId`, by key. A post or draft may only
 * refer to its author's own uploads: a key missing from the answer is not theirs (or
 * does not exist).
 */
export async function findOwnUploads(
  db: Db,
  userId: number,
  keys: readonly string[],
): Promise<Map<string, UploadRecord>> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.key, wanted)));
  return new Map(rows.map((row) => [row.key, row]));
}

/** Records a stored upload (the upload routes and the direct-upload host call this). */
export async function recordUpload(
  db: Db,
  upload: Pick<UploadRecord, 'key' | 'userId' | 'kind'> &
    Partial<Pick<UploadRecord, 'width' | 'height' | 'sizeBytes' | 'durationMs' | 'coverKey'>>,
): Promise<UploadRecord> {
  const [row] = await db.insert(uploads).values(upload).returning();
  if (!row) throw new Error(`upload ${upload.key} was not recorded`);
  return row;
}

type Logger = { warn(obj: object, msg: string): void };
export type UploadDeps = {
  db: Db;
  storage: StorageProvider;
  log: Logger;
  /** Where a stored video's HLS ladder is queued (video-transcode.ts); absent or null: no ladder. */
  jobs?: JobQueue | null;
};

/**
 * Claims `stem` for one stored upload: in one transaction, under an advisory lock on the
 * stem, refuses (UPLOAD_TOKEN_INVALID) a stem that already has an upload — a direct-upload
 * token is good for one file — and records the upload. Claiming before writing the file
 * means a second use of a token can never overwrite the first one's file.
 */
async function claimUpload(db: Db, stem: string, upload: Parameters<typeof recordUpload>[1]): Promise<UploadRecord> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${stem}`}))`);
    const [taken] = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(sql`starts_with(${uploads.key}, ${`${stem}.`})`)
      .limit(1);
    if (taken) throw new AppError('UPLOAD_TOKEN_INVALID');
    return recordUpload(tx as unknown as Db, upload);
  });
}

/**
 * Writes the files of a claimed upload; when a write fails, the record and whatever was
 * written are removed again, so no half upload is left behind.
 */
async function writeClaimed(
  deps: UploadDeps,
  record: UploadRecord,
  writes: { key: string; write: () => Promise<void> }[],
): Promise<void> {
  const written: string[] = [];
  try {
    for (const { key, write } of writes) {
      written.push(key);
      await write();
    }
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        deps.storage.delete(key).catch((err: unknown) => {
          deps.log.warn({ err, key }, 'could not remove a file of a failed upload');
        }),
      ),
    );
    await deps.db
      .delete(uploads)
      .where(eq(uploads.id, record.id))
      .catch((err: unknown) => deps.log.warn({ err, key: record.key }, 'could not remove a failed upload record'));
    throw error;
  }
}

/**
 * Processes an uploaded image (see processImage: checked by content, size-limited,
 * re-encoded without metadata) and stores it as `<stem>.<jpg|webp>` owned by `userId`.
 */
export async function storeImageUpload(
  deps: UploadDeps,
  owner: { userId: number; stem: string },
  input: Buffer,
): Promise<UploadedImage> {
  const image = await processImage(input);
  const key = `${owner.stem}.${image.extension}`;
  const record = await claimUpload(deps.db, owner.stem, {
    key,
    userId: owner.userId,
    kind: 'image',
    width: image.width,
    height: image.height,
    sizeBytes: image.data.length,
  });
  await writeClaimed(deps, record, [{ key, write: () => deps.storage.put(key, image.data, image.contentType) }]);
  return { url: deps.storage.publicUrl(key), path: key, width: image.width, height: image.height };
}

/**
 * Processes an uploaded video already on disk (see processVideo: container checked by
 * ffprobe, metadata dropped, first frame extracted) and stores it as
 * `<stem>.<mp4|mov|webm>` with its cover `<stem>-cover.jpg`, owned by `userId`; then
 * queues its HLS ladder (when `deps.jobs` is given). The original plays until that is ready.
 */
export async function storeVideoUpload(
  deps: UploadDeps,
  owner: { userId: number; stem: string },
  sourcePath: string,
  workDir: string,
): Promise<UploadedVideo> {
  const video = await processVideo(sourcePath, workDir);
  const key = `${owner.stem}.${video.extension}`;
  const cover = coverKeyOf(owner.stem);
  const record = await claimUpload(deps.db, owner.stem, {
    key,
    userId: owner.userId,
    kind: 'video',
    width: video.width,
    height: video.height,
    sizeBytes: video.sizeBytes,
    durationMs: video.durationMs,
    coverKey: cover,
  });
  await writeClaimed(deps, record, [
    { key: cover, write: () => deps.storage.putFile(cover, video.coverPath, 'image/jpeg') },
    { key, write: () => deps.storage.putFile(key, video.videoPath, video.contentType) },
  ]);
  await queueTranscode({ db: deps.db, jobs: deps.jobs ?? null, log: deps.log }, record.id);
  return {
    url: deps.storage.publicUrl(key),
    path: key,
    cover,
    coverUrl: deps.storage.publicUrl(cover),
    width: video.width,
    height: video.height,
    duration: video.durationMs / 1000,
  };
}
