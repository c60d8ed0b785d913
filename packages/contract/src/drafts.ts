import { z } from 'zod';
import { PAGE_SIZE, POST_THEMES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { DraftSchema } from './entities/draft.ts';
import { PostFieldsSchema } from './posts.ts';
import { IdSchema, OptionalIdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

/** Creates a draft, or with `did` updates that draft of the viewer's; answers its did. */
export const draftRelease = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/draft/release',
  body: PostFieldsSchema.extend({
    type: z.union([z.enum(POST_THEMES), z.literal('')], { error: '话题分类不正确' }).default(''),
    did: OptionalIdSchema,
  }),
  data: z.object({ did: z.number(), result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '保存草稿',
});

/** The viewer's drafts, last saved first; `idx` is the page (from 1), 9 a page. */
export const draftPager = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/draft/pager',
  query: z.object({ idx: pageField(), size: sizeField(PAGE_SIZE.drafts) }),
  data: z.array(DraftSchema),
  auth: 'user',
  summary: '草稿列表',
});

export const draftInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/draft/info',
  query: z.object({ did: IdSchema }),
  data: DraftSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '草稿详情',
});

/** SPEC.md §7: a GET that deletes, answering `result`. */
export const draftDelete = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/draft/delete',
  query: z.object({ did: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除草稿',
});

export const draftCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/cms/draft/count',
  data: z.object({ count: z.number() }),
  auth: 'user',
  summary: '草稿数量',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const draftsErrors = defineErrors({
  /** A draft id that is not one of the viewer's drafts. */
  DRAFT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '草稿不存在或已删除' },
  /** A draft with nothing in it. */
  DRAFT_EMPTY: { status: STATUS.VALIDATION_FAILED, message: '草稿内容为空，无需保存' },
  /** Too many drafts kept. */
  DRAFT_LIMIT: { status: STATUS.CONFLICT, message: '草稿最多保存 {limit} 篇，请先发布或删除一些' },
});
