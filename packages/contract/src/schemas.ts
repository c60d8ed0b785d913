import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

/** A positive integer page number that arrives as text; clear zh-CN errors. */
export function pageField(defaultValue = 1) {
  return z.coerce
    .number({ error: '须为数字' })
    .int({ error: '须为整数' })
    .min(1, { error: '须为不小于 1 的整数' })
    .default(defaultValue);
}

/** Page size that arrives as text; below 1 is refused, above MAX_PAGE_SIZE is capped. */
export function sizeField(defaultValue: number) {
  return z.coerce
    .number({ error: '须为数字' })
    .int({ error: '须为整数' })
    .min(1, { error: '须为不小于 1 的整数' })
    .default(defaultValue)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE));
}

/** Ids are bigint identity columns sent as JSON numbers. */
export const IdSchema = z.coerce
  .number({ error: '须为数字' })
  .int({ error: '须为整数' })
  .positive({ error: '须为正整数' });
