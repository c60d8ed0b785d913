import { z } from 'zod';

/** A reply under a comment (SPEC.md §3 Reply). */
export const ReplySchema = z.object({
  cid: z.number(),
  /** The comment this reply belongs to. */
  pcid: z.number(),
  uid: z.number(),
  uname: z.string(),
  avatar: z.string(),
  /** 1 = the author is a VIP member now. */
  is_vip: z.number(),
  content: z.string(),
  /** ISO 8601. */
  atime: z.string(),
  likenum: z.number(),
  /** 1 = the viewer liked it. */
  islike: z.number(),
  /** 1 = the viewer wrote it. */
  ismine: z.number(),
  /** Nickname of the person this reply answers ('' when it answers the comment itself). */
  replyto: z.string(),
  /** Their uid (0 when it answers the comment itself). */
  replyto_uid: z.number(),
});
export type Reply = z.infer<typeof ReplySchema>;

/** A top-level comment on a post (SPEC.md §3 Comment). */
export const CommentSchema = z.object({
  cid: z.number(),
  pid: z.number(),
  uid: z.number(),
  uname: z.string(),
  avatar: z.string(),
  /** 1 = the author is a VIP member now. */
  is_vip: z.number(),
  content: z.string(),
  atime: z.string(),
  likenum: z.number(),
  islike: z.number(),
  ismine: z.number(),
  /** Number of replies. */
  reply: z.number(),
  /** The first replies (oldest first, at most COMMENT_PREVIEW_REPLIES). */
  replys: z.array(ReplySchema),
});
export type Comment = z.infer<typeof CommentSchema>;
