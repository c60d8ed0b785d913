import { z } from 'zod';
import { PAGE_SIZE, REPORT_DETAIL_MAX_LENGTH, REPORT_REASONS, REPORT_TARGETS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { UserCardSchema } from './entities/user.ts';
import { IdSchema, optionalText, pageField, sizeField } from './schemas.ts';

const REASON_CODES = Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]];

/** Reports a post, comment or user; one open report per reporter and target. */
export const reportSave = defineEndpoint({
  method: 'POST',
  path: '/api/v1/cms/report/save',
  body: z.object({
    target_type: z.enum(REPORT_TARGETS, { error: '举报对象类型不正确' }),
    target_id: IdSchema,
    reason: z.enum(REASON_CODES, { error: '请选择举报原因' }),
    detail: optionalText(REPORT_DETAIL_MAX_LENGTH, '补充说明'),
  }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  summary: '举报',
});

/** Blocks or unblocks a user; answers the new state. */
export const blockAct = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/block/act',
  body: z.object({ uid: IdSchema }),
  data: z.object({ isblock: z.number() }),
  auth: 'user',
  summary: '拉黑 / 取消拉黑',
});

export const blockCheck = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/block/check',
  query: z.object({ uid: IdSchema }),
  data: z.object({ isblock: z.number() }),
  auth: 'optional',
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

export const ReportStatusSchema = z.enum(['open', 'removed', 'dismissed']);

/** One report in the moderation queue, with what was reported. */
export const ReportItemSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  reason: z.string(),
  reason_label: z.string(),
  detail: z.string(),
  status: ReportStatusSchema,
  atime: z.string(),
  reporter: z.object({ uid: z.number(), uname: z.string() }),
  /** Text of the reported post or comment, or the reported user's nickname ('' when gone). */
  target_summary: z.string(),
  /** Author of the reported content, or the reported user. */
  target_uid: z.number(),
  /** How many reports this target has. */
  target_reports: z.number(),
});
export type ReportItem = z.infer<typeof ReportItemSchema>;

/** The moderation queue (admins only), oldest open first. */
export const reportQueue = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/report/pager',
  query: z.object({ status: ReportStatusSchema.default('open'), page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(ReportItemSchema),
  auth: 'admin',
  summary: '举报处理队列',
});

/** Settles a report (admins only): `remove` deletes the reported post or comment; `dismiss` keeps it. */
export const reportResolve = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/report/resolve',
  body: z.object({ id: IdSchema, action: z.enum(['remove', 'dismiss'], { error: '处理方式不正确' }) }),
  data: z.object({ result: z.boolean() }),
  auth: 'admin',
  summary: '处理举报',
});
