import { z } from 'zod';
import { COMMENT_MAX_LENGTH, PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { CommentSchema, ReplySchema } from './entities/comment.ts';
import { ClientMsgIdField, IdSchema, OptionalIdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

const CommentText = z
  .string({ error: '评论内容须为文本' })
  .trim()
  .min(1, { error: '评论内容不能为空' })
  .max(COMMENT_MAX_LENGTH, { error: `评论不能超过 ${COMMENT_MAX_LENGTH} 个字` });

/** A post's comments, newest first, each with its first replies and their count. */
export const commentPager = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/comment/pager',
  query: z.object({ pid: IdSchema, page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(CommentSchema),
  auth: 'optional',
  access: { rule: 'public' },
  summary: '评论列表',
});

/** All replies of one comment, oldest first ("展开更多回复"). */
export const replyPager = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/comment/reply-pager',
  query: z.object({ cid: IdSchema, page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(ReplySchema),
  auth: 'optional',
  access: { rule: 'public' },
  summary: '评论的回复列表',
});

/**
 * Comments on a post; answers the new comment. `client_msg_id` (optional) makes the one
 * retry SPEC.md §7 allows after a network failure answer the same comment, never a second.
 */
export const commentSave = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/comment/save',
  body: z.object({ pid: IdSchema, content: CommentText, client_msg_id: ClientMsgIdField }),
  data: CommentSchema,
  auth: 'user',
  access: { rule: 'public' },
  summary: '发表评论',
});

/**
 * Replies to comment `cid` of post `pid`; `replyto` is the uid of the person answered
 * when replying to a reply (left out when replying to the comment itself); `client_msg_id`
 * as for commentSave.
 */
export const commentReply = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/comment/reply',
  body: z.object({
    pid: IdSchema,
    cid: IdSchema,
    content: CommentText,
    replyto: OptionalIdSchema,
    client_msg_id: ClientMsgIdField,
  }),
  data: ReplySchema,
  auth: 'user',
  access: { rule: 'public' },
  summary: '回复评论',
});

/** Deletes a comment or reply: its author's, or any on the viewer's own post. */
export const commentDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/comment/delete',
  body: z.object({ cid: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'FORBIDDEN' },
  summary: '删除评论',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const commentsErrors = defineErrors({
  /** A comment id that does not exist (or was deleted). */
  COMMENT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '评论不存在或已删除' },
  /** The post's author (or the comment's author, for a reply) has blocked the viewer. */
  COMMENT_BLOCKED: { status: STATUS.FORBIDDEN, message: '由于对方的隐私设置，你无法评论' },
  /** The same client_msg_id sent again with another comment (or under another post). */
  COMMENT_CLIENT_ID_REUSED: { status: STATUS.CONFLICT, message: '评论编号已被使用' },
});
