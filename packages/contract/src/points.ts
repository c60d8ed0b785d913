import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

export const integral = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/integral',
  query: z.object({}),
  data: z.object({
    /** Always the sum of the ledger. */
    balance: z.number(),
    checkedInToday: z.boolean(),
    /** Days in a row with a check-in, today included when done. */
    streak: z.number(),
  }),
  auth: 'user',
  summary: '积分余额',
});

export const IntegralEntrySchema = z.object({
  id: z.number(),
  /** Positive for grants, negative for spending. */
  amount: z.number(),
  /** Machine reason: checkin, signup, invite, invited, … */
  reason: z.string(),
  /** zh-CN line shown in the ledger. */
  title: z.string(),
  atime: z.string(),
});

export const integralInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/integral/info',
  query: z.object({ page: pageField(), size: sizeField(PAGE_SIZE.posts) }),
  data: z.array(IntegralEntrySchema),
  auth: 'user',
  summary: '积分明细',
});

/** Daily check-in: once per calendar day (Asia/Shanghai). */
export const checkin = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/integral/checkin',
  body: z.object({}),
  data: z.object({ amount: z.number(), balance: z.number(), streak: z.number() }),
  auth: 'user',
  summary: '每日签到',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const pointsErrors = defineErrors({
  /** Today's check-in is done. */
  ALREADY_CHECKED_IN: { status: STATUS.CONFLICT, message: '今天已经签到过了' },
});
