/**
 * The one table of envelope status codes. Business failures keep HTTP 200 and carry
 * one of these in `status`; nothing else is ever sent.
 */
export const STATUS = {
  /** Success: `data` holds the answer. */
  SUCCESS: 200,
  /** The call needs a logged-in user and there is none (SPEC.md §8: 用户未登录). */
  NOT_LOGGED_IN: 2011,
  /** The input failed validation (query, body, sign, timestamp, malformed JSON). */
  VALIDATION_FAILED: 4000,
  /** A verification code or challenge answer is wrong (SPEC.md §8: the boxes are cleared). */
  WRONG_CODE: 4001,
  /** Logged in, but not allowed to touch this object. */
  FORBIDDEN: 4003,
  /** The object or API path does not exist. */
  NOT_FOUND: 4004,
  /** The write conflicts with the current state (duplicate, already done). */
  CONFLICT: 4009,
  /** Too many calls; `data.retryAfter` says how many seconds to wait. */
  RATE_LIMITED: 4029,
  /** The body is larger than the server accepts. */
  PAYLOAD_TOO_LARGE: 4013,
  /** Something failed on our side; the detail is in the server log, never in the answer. */
  SERVER_ERROR: 5000,
  /**
   * This server lacks what the call needs (a media tool); nothing broke and nothing was
   * changed. The message says what to do instead. See docs/decisions/0008.
   */
  UNAVAILABLE: 5003,
} as const;

export type StatusName = keyof typeof STATUS;
export type StatusCode = (typeof STATUS)[StatusName];

/** An error's envelope status and its zh-CN message (`{name}` placeholders filled from params). */
export type ErrorDef = { status: StatusCode; message: string };

/** Declares a table of errors (a domain's `<domain>Errors`, or COMMON_ERRORS). */
export function defineErrors<const T extends Record<string, ErrorDef>>(errors: T): T {
  return errors;
}
