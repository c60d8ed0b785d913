import { randomBytes } from 'node:crypto';
import { type ApiClient, draftRelease } from '@evcircle/contract';
import type { z } from 'zod';
import { recordUpload } from '../../src/modules/uploads/uploads.service.ts';
import type { Db } from '../../src/platform/db.ts';

/** A recorded image upload of `userId`'s (no file: what post and draft checks read). */
export function createImageUpload(db: Db, userId: number, width = 1080, height = 1440) {
  return recordUpload(db, { key: `posts/test/${userId}-${uniqueStem()}.webp`, userId, kind: 'image', width, height });
}

/** A recorded 12.5 s landscape video upload of `userId`'s, with its cover. */
export function createVideoUpload(db: Db, userId: number) {
  const stem = `videos/test/${userId}-${uniqueStem()}`;
  return recordUpload(db, {
    key: `${stem}.mp4`,
    userId,
    kind: 'video',
    width: 1920,
    height: 1080,
    durationMs: 12_500,
    coverKey: `${stem}.jpg`,
  });
}

function uniqueStem(): string {
  return randomBytes(6).toString('hex');
}

type DraftBody = z.input<NonNullable<(typeof draftRelease)['body']>>;

/** draftRelease as the all-strings client sends it: the fields left out are sent empty. */
export function saveDraftVia(api: ApiClient, body: Partial<DraftBody>) {
  return api.call(draftRelease, { imgpack: '', latitude: '', longitude: '', checkin: '', ...body } as DraftBody);
}
