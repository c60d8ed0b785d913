import { z } from 'zod';
import { CLIENT_MSG_ID_MAX_LENGTH } from './chat-rules.ts';
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

/**
 * A yes/no that arrives as JSON or as text: true/false, 1/0, 'true'/'false', '1'/'0';
 * anything else is refused with `message`.
 */
export function booleanField(message: string) {
  return z.preprocess(
    (value) =>
      value === '1' || value === 1 || value === 'true' || value === true
        ? true
        : value === '0' || value === 0 || value === 'false' || value === false
          ? false
          : value,
    z.boolean({ error: message }),
  );
}

/** Text that may be left out; trimmed, with a zh-CN message over `max` characters. */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label}须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字` })
    .default('');
}

/** JSON text parsed; anything else, and text that is not JSON, as it came (for the schema to refuse). */
export function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * Ids that arrive as a JSON list or as text joined by commas ('' = none): as a list of
 * their texts; anything else as it came.
 */
export function idListText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    const parsed = parseJsonText(text);
    return parsed === text ? value : parsed;
  }
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}

/**
 * A list that arrives as JSON text (all-string POST bodies) or as an array. '' means [].
 */
export function jsonList<T extends z.ZodType>(item: T, max: number, label: string) {
  return z
    .preprocess(
      (value) => (value === undefined || value === null || value === '' ? [] : parseJsonText(value)),
      z.array(item, { error: `${label}格式不正确` }).max(max, { error: `${label}最多 ${max} 个` }),
    )
    .default([]);
}

/**
 * A coordinate kept to 7 decimals (about 1 cm): finer is noise, and a subnormal one
 * (5e-324) made PostgreSQL's distance functions fail with "value out of range: underflow"
 * (found by the contract fuzzing, issue 22).
 */
export function roundCoordinate(degrees: number): number {
  return Math.round(degrees * 1e7) / 1e7;
}

/**
 * A required coordinate in degrees that arrives as text or a number: a finite number
 * within [min, max] (latitude -90..90, longitude -180..180). Which datum it is in is the
 * endpoint's to say (browsers and phones report WGS-84).
 */
export function coordinateField(min: number, max: number, label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return text === '' ? undefined : Number(text);
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? `请提供${label}` : `${label}须为数字`) })
      .min(min, { error: `${label}须在 ${min} 到 ${max} 之间` })
      .max(max, { error: `${label}须在 ${min} 到 ${max} 之间` })
      .transform(roundCoordinate),
  );
}

/** A coordinate that may be left out ('' or absent → null); out of range is refused. */
export function optionalCoordinate(min: number, max: number, label: string) {
  return z
    .preprocess(
      (value) => (value === undefined || value === null || value === '' ? null : value),
      z.coerce
        .number({ error: `${label}须为数字` })
        .min(min, { error: `${label}超出范围` })
        .max(max, { error: `${label}超出范围` })
        .nullable()
        .transform((n) => (n === null ? null : roundCoordinate(n))),
    )
    .default(null);
}

/** A 0/1 flag that arrives as text; absent or '' is 0. */
export function flagField(label: string) {
  return z
    .preprocess(
      (value) => (value === undefined || value === null || value === '' ? 0 : value),
      z.coerce
        .number({ error: `${label}须为 0 或 1` })
        .pipe(z.union([z.literal(0), z.literal(1)], { error: `${label}须为 0 或 1` })),
    )
    .default(0);
}

/** An id that may be left out ('' or absent → undefined). */
export const OptionalIdSchema = z
  .preprocess(
    (value) =>
      value === undefined || value === null || value === '' || value === '0' || value === 0 ? undefined : value,
    IdSchema.optional(),
  )
  .optional();

/**
 * The client's own id of a message or comment ('' = none): sending the same id again is a
 * retry, answered with what the first send stored (chat sends, comment save and reply).
 */
export const ClientMsgIdField = z
  .string({ error: 'client_msg_id 须为文本' })
  .trim()
  .max(CLIENT_MSG_ID_MAX_LENGTH, { error: `client_msg_id 不能超过 ${CLIENT_MSG_ID_MAX_LENGTH} 个字符` })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'client_msg_id 只能包含字母、数字、- 和 _' })
  .default('');
