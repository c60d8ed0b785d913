import { z } from 'zod';
import { POST_THEMES } from '../constants.ts';

export const ImageSchema = z.object({ src: z.string(), width: z.number(), height: z.number() });
export type Image = z.infer<typeof ImageSchema>;

/** A post as every list and detail call returns it (SPEC.md §3). */
export const PostSchema = z.object({
  pid: z.number(),
  uid: z.number(),
  type: z.enum(POST_THEMES),
  /** 1 = video post. */
  isvio: z.number(),
  likenum: z.number(),
  sharenum: z.number(),
  playnum: z.number(),
  comments: z.number(),
  istla: z.number(),
  xy_sort: z.number(),
  ship: z.number(),
  xianyu: z.number(),
  goods: z.number(),
  vioinfo: z.array(z.object({ src: z.string() })),
  imgpack: z.array(ImageSchema),
  viosrc: z.string(),
  /** URL of the video's HLS master playlist; '' until its ladder is ready, and for image posts. */
  viohls: z.string(),
  /** URL of the video's WebVTT captions; '' when it has none. */
  viocaption: z.string(),
  imgsrc: z.string(),
  avatar: z.string(),
  xy_price: z.string(),
  xy_link: z.string(),
  content: z.string(),
  /** ISO 8601 time of publishing. */
  atime: z.string(),
  uname: z.string(),
  /** 1 = the author is a VIP member now. */
  is_vip: z.number(),
  /** 1 = the viewer's own post. */
  ismine: z.number(),
  /** 1 = the viewer follows the author. */
  isfollow: z.number(),
  location: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

/** A post as the detail calls answer it: the Post plus the viewer's like and the share link. */
export const PostDetailSchema = PostSchema.extend({
  /** 1 = the viewer liked it. */
  islike: z.number(),
  /** 1 = a check-in post (打卡). */
  checkin: z.number(),
  /** Video length in seconds (0 for image posts). */
  duration: z.number(),
  /** Absolute link to the post page, for sharing. */
  share_url: z.string(),
});
export type PostDetail = z.infer<typeof PostDetailSchema>;
