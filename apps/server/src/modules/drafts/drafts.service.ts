import { AppError, DRAFT_MAX_COUNT, type Draft, type draftRelease, type PostTheme } from '@evcircle/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { resolveOwnMedia, videoCoversOf } from '../posts/index.ts';
import { drafts } from './drafts.tables.ts';

export type DraftInput = z.output<NonNullable<(typeof draftRelease)['body']>>;
type DraftRow = typeof drafts.$inferSelect;
type Paging = { page: number; size: number };

/** Nothing at all filled in: no text, theme, media, place, coordinates or check-in. */
function isEmptyDraft(input: DraftInput): boolean {
  return (
    input.content === '' &&
    input.type === '' &&
    input.imgpack.length === 0 &&
    input.viosrc === '' &&
    input.viocaption === '' &&
    input.location === '' &&
    input.latitude === null &&
    input.longitude === null &&
    input.checkin === 0
  );
}

/**
 * Saves the viewer's draft: a new one, or with `did` a replacement of every field of
 * that draft of theirs (DRAFT_NOT_FOUND for anyone else's, which is never told apart
 * from one that does not exist). A draft with nothing in it is DRAFT_EMPTY; images and
 * a video must be the viewer's own uploads, as for a post (sizes from the upload
 * record). Prohibited words are checked when the draft is published, not here. At most
 * DRAFT_MAX_COUNT drafts are kept (DRAFT_LIMIT): the count and the insert run under a
 * per-user transaction lock, so parallel saves cannot pass the limit together.
 */
export async function saveDraft(db: Db, userId: number, input: DraftInput): Promise<{ did: number }> {
  if (isEmptyDraft(input)) throw new AppError('DRAFT_EMPTY');
  const media = await resolveOwnMedia(db, userId, input);
  const fields = {
    type: input.type,
    content: input.content,
    images: media.images,
    videoSrc: media.video?.src ?? '',
    videoCaption: media.video?.caption ?? '',
    location: input.location,
    latitude: input.latitude,
    longitude: input.longitude,
    checkin: input.checkin,
    updatedAt: new Date(),
  };

  if (input.did !== undefined) {
    const [row] = await db
      .update(drafts)
      .set(fields)
      .where(and(eq(drafts.id, input.did), eq(drafts.userId, userId)))
      .returning({ did: drafts.id });
    if (!row) throw new AppError('DRAFT_NOT_FOUND');
    return row;
  }

  return db.transaction(async (tx) => {
    // NOTE: a transaction-scoped advisory lock per user (hashtextextended of a
    // namespaced key): a count followed by an insert is otherwise racy.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`drafts:${userId}`}, 0))`);
    const [kept] = await tx.select({ n: count() }).from(drafts).where(eq(drafts.userId, userId));
    if ((kept?.n ?? 0) >= DRAFT_MAX_COUNT) throw new AppError('DRAFT_LIMIT', { limit: DRAFT_MAX_COUNT });
    const [row] = await tx
      .insert(drafts)
      .values({ ...fields, userId })
      .returning({ did: drafts.id });
    if (!row) throw new Error('draft insert returned no row');
    return row;
  });
}

/** Maps stored drafts to the contract's Draft; a video draft's cover is its upload's cover. */
async function toDrafts(db: Db, userId: number, rows: readonly DraftRow[]): Promise<Draft[]> {
  const videoKeys = rows.map((row) => row.videoSrc).filter((key) => key !== '');
  const covers = await videoCoversOf(db, userId, videoKeys);
  return rows.map((row) => ({
    did: row.id,
    content: row.content,
    type: row.type as PostTheme | '',
    imgpack: row.images,
    viosrc: row.videoSrc,
    viocaption: row.videoCaption,
    imgsrc: row.images[0]?.src ?? covers.get(row.videoSrc) ?? '',
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    checkin: row.checkin,
    utime: row.updatedAt.toISOString(),
  }));
}

/** One page of the viewer's drafts, last saved first (walks drafts_user_idx). */
export async function listDrafts(db: Db, userId: number, paging: Paging): Promise<Draft[]> {
  const rows = await db
    .select()
    .from(drafts)
    .where(eq(drafts.userId, userId))
    .orderBy(desc(drafts.updatedAt), desc(drafts.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size);
  return toDrafts(db, userId, rows);
}

/** One draft of the viewer's; DRAFT_NOT_FOUND otherwise. */
export async function getDraft(db: Db, userId: number, did: number): Promise<Draft> {
  const rows = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.id, did), eq(drafts.userId, userId)))
    .limit(1);
  if (rows.length === 0) throw new AppError('DRAFT_NOT_FOUND');
  const [draft] = await toDrafts(db, userId, rows);
  if (!draft) throw new AppError('DRAFT_NOT_FOUND');
  return draft;
}

/**
 * Removes one draft of the viewer's; DRAFT_NOT_FOUND otherwise. Publishing calls it in
 * the transaction that inserts the post, so the draft goes exactly when the post comes.
 */
export async function deleteDraft(db: Db, userId: number, did: number): Promise<void> {
  const removed = await db
    .delete(drafts)
    .where(and(eq(drafts.id, did), eq(drafts.userId, userId)))
    .returning({ id: drafts.id });
  if (removed.length === 0) throw new AppError('DRAFT_NOT_FOUND');
}

/** How many drafts the viewer keeps. */
export async function countDrafts(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(drafts).where(eq(drafts.userId, userId));
  return row?.n ?? 0;
}
