import { z } from 'zod';
import { PAGE_SIZE, REPORT_DETAIL_MAX_LENGTH, REPORT_REASONS, REPORT_TARGETS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, optionalText, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

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
  access: { rule: 'public' },
  summary: '举报',
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
  access: { rule: 'admin' },
  summary: '处理举报',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const reportsErrors = defineErrors({
  /** A report of a post, comment or user that does not exist. */
  REPORT_TARGET_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '举报的内容不存在或已删除' },
  /** Reporting yourself or your own content. */
  REPORT_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能举报自己' },
  /** The viewer already has an open report of this target. */
  REPORT_DUPLICATE: { status: STATUS.CONFLICT, message: '你已举报过，我们会尽快处理' },
  /** A report id that does not exist. */
  REPORT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '举报记录不存在' },
  /** A report that was already settled (removed or dismissed). */
  REPORT_SETTLED: { status: STATUS.CONFLICT, message: '该举报已处理过了' },
  /** `remove` on a report of a user: moderators do not delete accounts; dismiss it instead. */
  REPORT_USER_REMOVE: { status: STATUS.VALIDATION_FAILED, message: '账号不能由管理员删除，用户举报只能驳回' },
});
