import { randomBytes } from 'node:crypto';

export type UploadKind = 'image' | 'video';

/**
 * The key stem of a new post upload: `posts/<yyyy>/<mm>/<uid>-<random>` (UTC). The
 * stored file gets the extension its content decides (`.jpg`, `.webp`, `.mp4`…), a
 * video's cover `<stem>-cover.jpg`. 96 random bits: stems are never guessed or reused.
 */
export function newUploadStem(userId: number, now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `posts/${yyyy}/${mm}/${userId}-${randomBytes(12).toString('hex')}`;
}

/** True for a stem newUploadStem made for `userId` (the only stems a token may name). */
export function isUploadStemOf(userId: number, stem: string): boolean {
  return new RegExp(`^posts/\\d{4}/\\d{2}/${userId}-[0-9a-f]{24}$`).test(stem);
}

/** Where a presigned POST (STORAGE=s3) puts the raw bytes until the completion call checks them. */
export const INCOMING_PREFIX = 'incoming/';

export function incomingKeyOf(stem: string): string {
  return `${INCOMING_PREFIX}${stem}`;
}

export function coverKeyOf(stem: string): string {
  return `${stem}-cover.jpg`;
}
