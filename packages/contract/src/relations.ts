import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { UserCardSchema } from './entities/user.ts';
import { IdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

const UidQuery = z.object({ uid: IdSchema });
const PagedUidQuery = z.object({ uid: IdSchema, page: pageField(), size: sizeField(PAGE_SIZE.posts) });

/** Toggles following; answers the new state. Following yourself is refused. */
export const followAct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/follow/act',
  body: UidQuery,
  data: z.object({ result: z.boolean(), isfollow: z.number() }),
  auth: 'user',
  access: { rule: 'person' },
  summary: '关注 / 取消关注',
});

/** SPEC.md §5: logged out answers 0. */
export const followCheck = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/check',
  query: UidQuery,
  data: z.object({ isfollow: z.number() }),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '是否已关注',
});

export const followCheckMutual = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/check-mutual',
  query: UidQuery,
  data: z.object({ isfollow: z.number(), istfollow: z.number() }),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '是否互相关注',
});

/** Who follows `uid`, newest first. */
export const followers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/followers',
  query: PagedUidQuery,
  data: z.array(UserCardSchema),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '粉丝列表',
});

/** Whom `uid` follows, newest first. */
export const followingList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/follow/following',
  query: PagedUidQuery,
  data: z.array(UserCardSchema),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '关注列表',
});

/** Blocks or unblocks a user; answers the new state. */
export const blockAct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/block/act',
  body: z.object({ uid: IdSchema }),
  data: z.object({ isblock: z.number() }),
  auth: 'user',
  access: { rule: 'person' },
  summary: '拉黑 / 取消拉黑',
});

export const blockCheck = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/block/check',
  query: z.object({ uid: IdSchema }),
  data: z.object({ isblock: z.number() }),
  auth: 'optional',
  access: { rule: 'person' },
  summary: '是否已拉黑',
});

/** The viewer's block list, last blocked first. */
export const blockList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/block/list',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(UserCardSchema),
  auth: 'user',
  summary: '黑名单',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const relationsErrors = defineErrors({
  /** Following yourself. */
  FOLLOW_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能关注自己' },
  /** The user to follow has blocked the viewer, or the viewer blocked them. */
  FOLLOW_BLOCKED: { status: STATUS.FORBIDDEN, message: '由于对方的隐私设置，你无法关注' },
  /** Blocking yourself. */
  BLOCK_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能拉黑自己' },
});
