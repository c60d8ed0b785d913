import { createHmac, randomBytes } from 'node:crypto';
import { AppError, type Chime, type UploadedChime } from '@evcircle/contract';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { daysBefore, shanghaiDay } from '../../platform/shanghai-day.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import { users } from '../accounts/index.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { deletePost, isLivePost, releasePost, storageKeyOf } from '../posts/index.ts';
import { findOwnUploads, recordUpload } from '../uploads/index.ts';
import { chimeDownloads, chimes } from './chimes.tables.ts';
import { readChimeWav } from './wav-check.ts';

export type ChimeDeps = { db: Db; storage: StorageProvider };

/** The upload kind of a chime's WAV in the uploads module's records. */
const CHIME_UPLOAD_KIND = 'audio';

/** `chimes/<yyyy>/<mm>/<uid>-<random>.wav` (UTC): never guessed or reused. */
export function newChimeKey(userId: number, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `chimes/${yyyy}/${mm}/${userId}-${randomBytes(12).toString('hex')}.wav`;
}

/**
 * Stores an uploaded chime after checking its bytes (readChimeWav: RIFF/WAVE PCM 16-bit
 * 44.1 kHz, 1–2 channels; the upload already stopped at CHIME_MAX_BYTES), as the
 * viewer's upload of kind `audio`. The bytes are stored as they came: a valid WAV needs
 * no re-encoding, and a WAV carries no location metadata.
 */
export async function storeChimeUpload(deps: ChimeDeps, userId: number, bytes: Buffer): Promise<UploadedChime> {
  const wav = readChimeWav(bytes);
  const key = newChimeKey(userId);
  await deps.storage.put(key, bytes, 'audio/wav');
  try {
    await recordUpload(deps.db, {
      key,
      userId,
      kind: CHIME_UPLOAD_KIND,
      sizeBytes: bytes.length,
      durationMs: wav.durationMs,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  return {
    url: deps.storage.publicUrl(key),
    path: key,
    durationMs: wav.durationMs,
    sizeBytes: bytes.length,
    channels: wav.channels,
  };
}

export type ShareInput = { path: string; title: string; image: string };

/** The text of the post that announces a chime: its name, length and where to get it. */
export function chimePostText(title: string, durationMs: number, link: string): string {
  return `分享了一个特斯拉锁车音「${title}」，时长 ${(durationMs / 1000).toFixed(1)} 秒。\n试听和下载：${link}`;
}

/**
 * Shares the viewer's uploaded chime `path` as `title` (free of prohibited words) and
 * publishes it as an ordinary Tesla-theme post by the viewer whose picture is `image`
 * (their own image upload: the waveform) and whose text links `/lockchime?chime=<id>`.
 * The chime row comes first (its id goes into the post's text); while it has no post it
 * is listed nowhere, and if publishing fails it is removed again, so a refused share
 * leaves nothing behind. A file is shared once (CHIME_ALREADY_SHARED).
 */
export async function shareChime(
  deps: ChimeDeps & { siteUrl: string },
  userId: number,
  input: ShareInput,
): Promise<{ id: number; pid: number }> {
  assertNoProhibitedWords(input.title, 'title');
  const key = storageKeyOf(input.path);
  const upload = (await findOwnUploads(deps.db, userId, [key])).get(key);
  if (upload?.kind !== CHIME_UPLOAD_KIND) throw new AppError('CHIME_UPLOAD_NOT_FOUND');
  const wav = readChimeWav(await deps.storage.get(key));
  const [inserted] = await deps.db
    .insert(chimes)
    .values({
      userId,
      title: input.title,
      fileKey: key,
      sizeBytes: upload.sizeBytes,
      durationMs: wav.durationMs,
      channels: wav.channels,
    })
    .onConflictDoNothing({ target: chimes.fileKey })
    .returning({ id: chimes.id });
  if (!inserted) throw new AppError('CHIME_ALREADY_SHARED');
  try {
    const link = `${deps.siteUrl.replace(/\/+$/, '')}/lockchime?chime=${inserted.id}`;
    const { pid } = await releasePost(deps.db, userId, {
      type: 'tesla',
      content: chimePostText(input.title, wav.durationMs, link),
      imgpack: [{ src: input.image, width: 0, height: 0 }],
      viosrc: '',
      location: '',
      latitude: null,
      longitude: null,
      checkin: 0,
      did: undefined,
    });
    await deps.db.update(chimes).set({ postId: pid }).where(eq(chimes.id, inserted.id));
    return { id: inserted.id, pid };
  } catch (error) {
    await deps.db.delete(chimes).where(eq(chimes.id, inserted.id));
    throw error;
  }
}

const chimeColumns = {
  id: chimes.id,
  title: chimes.title,
  fileKey: chimes.fileKey,
  durationMs: chimes.durationMs,
  sizeBytes: chimes.sizeBytes,
  channels: chimes.channels,
  downloads: chimes.downloads,
  postId: chimes.postId,
  userId: chimes.userId,
  nickname: users.nickname,
  createdAt: chimes.createdAt,
};

type ChimeRow = {
  id: number;
  title: string;
  fileKey: string;
  durationMs: number;
  sizeBytes: number;
  channels: number;
  downloads: number;
  postId: number | null;
  userId: number;
  nickname: string;
  createdAt: Date;
};

function toChime(storage: StorageProvider, row: ChimeRow): Chime {
  return {
    id: row.id,
    title: row.title,
    url: storage.publicUrl(row.fileKey),
    path: row.fileKey,
    durationMs: row.durationMs,
    sizeBytes: row.sizeBytes,
    channels: row.channels,
    downloads: row.downloads,
    pid: row.postId ?? 0,
    uid: row.userId,
    nickname: row.nickname,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Listed chimes: not deleted, with a post that is live (its author's account too, as deleting one deletes its posts). */
function listedWhere(db: Db) {
  return and(isNull(chimes.deletedAt), isNotNull(chimes.postId), isLivePost(db, chimes.postId));
}

/** One page of listed chimes, most downloaded first, then newest. */
export async function popularChimes(deps: ChimeDeps, page: number, size: number): Promise<Chime[]> {
  const rows = await deps.db
    .select(chimeColumns)
    .from(chimes)
    .innerJoin(users, eq(users.id, chimes.userId))
    .where(listedWhere(deps.db))
    .orderBy(desc(chimes.downloads), desc(chimes.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((row) => toChime(deps.storage, row));
}

/** A listed chime, or CHIME_NOT_FOUND. */
export async function findChime(deps: ChimeDeps, id: number): Promise<Chime> {
  const [row] = await deps.db
    .select(chimeColumns)
    .from(chimes)
    .innerJoin(users, eq(users.id, chimes.userId))
    .where(and(eq(chimes.id, id), listedWhere(deps.db)));
  if (!row) throw new AppError('CHIME_NOT_FOUND');
  return toChime(deps.storage, row);
}

/** Who counts as one downloader: the user, else an HMAC of the address (the address itself is never stored). */
export function downloaderKey(viewerId: number | null, ip: string, secret: string): string {
  if (viewerId !== null) return `u:${viewerId}`;
  return `ip:${createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22)}`;
}

/** Download marks older than this many days go (a day's mark only matters on its day). */
const KEEP_DOWNLOAD_DAYS = 2;

/**
 * Counts a download of a listed chime (CHIME_NOT_FOUND otherwise) once per downloader
 * per Asia/Shanghai day, and answers the count and where to fetch the file. The mark and
 * the counter change in one transaction.
 */
export async function countDownload(
  deps: ChimeDeps,
  id: number,
  downloader: string,
  now = new Date(),
): Promise<{ downloads: number; url: string }> {
  const chime = await findChime(deps, id);
  const day = shanghaiDay(now);
  const downloads = await deps.db.transaction(async (tx) => {
    const marked = await tx
      .insert(chimeDownloads)
      .values({ chimeId: id, viewer: downloader, day })
      .onConflictDoNothing()
      .returning({ chimeId: chimeDownloads.chimeId });
    if (marked.length === 0) return chime.downloads;
    const [row] = await tx
      .update(chimes)
      .set({ downloads: sql`${chimes.downloads} + 1` })
      .where(eq(chimes.id, id))
      .returning({ downloads: chimes.downloads });
    await tx.delete(chimeDownloads).where(lt(chimeDownloads.day, daysBefore(day, KEEP_DOWNLOAD_DAYS)));
    return row?.downloads ?? chime.downloads + 1;
  });
  return { downloads, url: chime.url };
}

/**
 * Deletes the viewer's own chime and the post that announced it. Someone else's chime,
 * or one already deleted, is CHIME_NOT_FOUND and nothing changes. The WAV file goes too.
 */
export async function deleteChime(deps: ChimeDeps, userId: number, id: number): Promise<void> {
  const [row] = await deps.db
    .update(chimes)
    .set({ deletedAt: new Date() })
    .where(and(eq(chimes.id, id), eq(chimes.userId, userId), isNull(chimes.deletedAt)))
    .returning({ postId: chimes.postId, fileKey: chimes.fileKey });
  if (!row) throw new AppError('CHIME_NOT_FOUND');
  if (row.postId !== null) {
    await deletePost(deps.db, { pid: row.postId, actorId: userId, asModerator: false }).catch((error: unknown) => {
      // The author may have deleted the post already.
      if (!(error instanceof AppError && error.code === 'POST_NOT_FOUND')) throw error;
    });
  }
  await deps.storage.delete(row.fileKey);
}
