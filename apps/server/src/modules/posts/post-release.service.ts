import { AppError, type postRelease } from '@evcircle/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db.ts';
import { transaction } from '../../platform/events.ts';
import { assertNoProhibitedWords } from '../moderation/index.ts';
import { hotScore } from './hot-score.ts';
import { resolveOwnMedia } from './post-media.ts';
import './posts.events.ts';
import { posts } from './posts.tables.ts';

/** The release body; `viocaption` may be left out by callers in other modules ('' then). */
export type ReleaseInput = Omit<z.output<NonNullable<(typeof postRelease)['body']>>, 'viocaption'> & {
  viocaption?: string;
};

/**
 * Publishes a post by `authorId`. Rules, checked before anything is written: text is
 * required (POST_CONTENT_REQUIRED; its length the contract checks) and, with the place
 * name, free of prohibited words (CONTENT_PROHIBITED); 1–9 images or one video
 * (POST_MEDIA_REQUIRED, POST_MEDIA_MIXED), each the author's own upload
 * (UPLOAD_NOT_FOUND), with sizes, cover and duration from the upload record.
 *
 * With `did` it publishes that draft of the author's (DRAFT_NOT_FOUND otherwise): the
 * post's `post.created` is announced in the transaction that inserts it and the drafts
 * module deletes the draft there, so either both happen or neither, and publishing one
 * draft twice at once makes one post. A new post starts
 * with the hot score of no engagement at its creation time. Feeds forget their pages.
 */
export async function releasePost(db: Db, authorId: number, input: ReleaseInput): Promise<{ pid: number }> {
  if (input.content === '') throw new AppError('POST_CONTENT_REQUIRED');
  assertNoProhibitedWords(input.content, 'content');
  assertNoProhibitedWords(input.location, 'location');
  if (input.imgpack.length === 0 && input.viosrc === '') throw new AppError('POST_MEDIA_REQUIRED');
  const media = await resolveOwnMedia(db, authorId, input);

  const createdAt = new Date();
  return transaction(db, async (tx, announce) => {
    const [row] = await tx
      .insert(posts)
      .values({
        userId: authorId,
        type: input.type,
        content: input.content,
        images: media.images,
        videoSrc: media.video?.src ?? '',
        videoCover: media.video?.cover ?? '',
        videoDurationMs: media.video?.durationMs ?? 0,
        videoHls: media.video?.hls ?? '',
        videoCaption: media.video?.caption ?? '',
        location: input.location,
        latitude: input.latitude,
        longitude: input.longitude,
        checkin: input.checkin,
        createdAt,
        hotScore: hotScore({ likes: 0, comments: 0, shares: 0, plays: 0, createdAt }),
      })
      .returning({ id: posts.id });
    if (!row) throw new Error('post insert returned no row');
    await announce('post.created', { postId: row.id, userId: authorId, draftId: input.did ?? null });
    await announce('post.changed', { postId: row.id });
    return { pid: row.id };
  });
}
