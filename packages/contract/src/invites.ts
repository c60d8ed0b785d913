import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { UserCardSchema } from './entities/user.ts';
import { pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

/** Who owns an invite code (SPEC.md §7 user/invite/info). */
export const inviteInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/invite/info',
  query: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,16}$/, { error: '邀请码格式不正确' }),
  }),
  data: z.object({
    code: z.string(),
    inviter: UserCardSchema,
    /** Points the new user gets on sign-up with this code (signup + invitee). */
    reward: z.number(),
  }),
  auth: 'optional',
  summary: '邀请码信息',
});

/** The viewer's invite code and the people who signed up with it. */
export const myInvites = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/invite/mine',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.object({ code: z.string(), total: z.number(), users: z.array(UserCardSchema) }),
  auth: 'user',
  summary: '我的邀请',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const invitesErrors = defineErrors({
  /** An invite code that does not exist. */
  INVITE_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '邀请码不存在' },
});
