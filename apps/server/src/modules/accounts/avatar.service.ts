import { randomBytes } from 'node:crypto';
import { AppError } from '@evcircle/contract';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../platform/db.ts';
import { announce } from '../../platform/events.ts';
import { inspectImage, MAX_INPUT_PIXELS } from '../../platform/storage/image-input.ts';
import type { StorageProvider } from '../../platform/storage/index.ts';
import './accounts.events.ts';
import { users } from './accounts.tables.ts';

/** Largest avatar upload accepted, before processing. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** Stored avatars are squares of this many pixels: the source's short side, clamped. */
export const AVATAR_MIN_SIDE = 256;
export const AVATAR_MAX_SIDE = 512;
const AVATAR_QUALITY = 82;

type Logger = { warn(obj: object, msg: string): void };

/** The storage key of one of `userId`'s uploaded avatars: `avatars/<uid>-<random>.webp`. */
function newAvatarKey(userId: number): string {
  return `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
}

/**
 * True for a key this service stored for `userId`. Only such files are ever removed:
 * seeded or generated avatars other accounts may share are left alone.
 */
export function isOwnAvatarKey(userId: number, key: string): boolean {
  return new RegExp(`^avatars/${userId}-[0-9a-f]{16}\\.webp$`).test(key);
}

/**
 * Turns an uploaded file into a stored avatar: the type is read from the bytes (a
 * renamed text file is refused whatever it is called), images above 40 megapixels are
 * refused before decoding, and the picture is re-encoded as a square WebP of 256–512 px
 * (its short side, clamped), upright, centre-cropped. Re-encoding drops every metadata
 * block — EXIF (with GPS), XMP, ICC comments — because sharp writes none unless asked.
 */
export async function renderAvatar(input: Buffer): Promise<Buffer> {
  const { width, height } = await inspectImage(input);

  const side = Math.min(AVATAR_MAX_SIDE, Math.max(AVATAR_MIN_SIDE, Math.min(width, height)));
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .autoOrient()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
  } catch {
    // The header decoded but the pixels did not: a truncated or corrupt file.
    throw new AppError('IMAGE_INVALID');
  }
}

/**
 * Stores a new avatar for `userId` and points the account at it in one step: if the
 * database update fails the new file is removed again; once it succeeds the previous
 * uploaded avatar (if it was one of ours) is removed. Answers the key and its URL.
 */
export async function replaceAvatar(
  deps: { db: Db; storage: StorageProvider; log: Logger },
  userId: number,
  upload: Buffer,
): Promise<{ url: string; path: string }> {
  const { db, storage, log } = deps;
  const image = await renderAvatar(upload);
  const key = newAvatarKey(userId);
  await storage.put(key, image, 'image/webp');

  let previous: string;
  try {
    previous = await db.transaction(async (tx) => {
      // The row lock orders concurrent uploads, so each removes the one it replaced.
      const [row] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!row) throw new AppError('NOT_LOGGED_IN');
      await tx.update(users).set({ avatar: key, updatedAt: new Date() }).where(eq(users.id, userId));
      return row.avatar;
    });
  } catch (error) {
    await storage.delete(key).catch((err: unknown) => {
      log.warn({ err, key }, 'could not remove an avatar whose database update failed');
    });
    throw error;
  }
  // Cards and cached feed rows carry the author's avatar.
  await announce(db, 'account.changed', { userId });
  if (previous !== key && isOwnAvatarKey(userId, previous)) {
    await storage.delete(previous).catch((err: unknown) => {
      log.warn({ err, key: previous }, 'could not remove a replaced avatar');
    });
  }
  return { url: `/files/${key}`, path: key };
}
