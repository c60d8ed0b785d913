import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { uploads } from './uploads.tables.ts';

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
