import { z } from 'zod';
import { POST_THEMES } from '../constants.ts';
import { ImageSchema } from './post.ts';

/** A saved, unpublished post (SPEC.md §3 Draft). Only its owner ever reads it. */
export const DraftSchema = z.object({
  did: z.number(),
  content: z.string(),
  /** '' while no theme is picked. */
  type: z.union([z.enum(POST_THEMES), z.literal('')]),
  imgpack: z.array(ImageSchema),
  viosrc: z.string(),
  /** The `path` of the video's caption upload (.vtt); '' when it has none. */
  viocaption: z.string(),
  /** Cover: the first image, or the video's cover frame. */
  imgsrc: z.string(),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  checkin: z.number(),
  /** ISO 8601 of the last save. */
  utime: z.string(),
});
export type Draft = z.infer<typeof DraftSchema>;
