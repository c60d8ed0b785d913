import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { OptionalIdSchema } from './schemas.ts';

/** Toggles the viewer's like of a post (`pid`) or a comment or reply (`cid`). */
export const likeAct = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/like/act',
  query: z
    .object({ pid: OptionalIdSchema, cid: OptionalIdSchema })
    .refine((q) => (q.pid === undefined) !== (q.cid === undefined), { error: '须且只能提供 pid 或 cid 之一' }),
  data: z.object({ islike: z.number(), likenum: z.number() }),
  auth: 'user',
  access: { rule: 'public' },
  summary: '点赞 / 取消点赞',
});
