import { STATUS, type StatusCode } from './status.ts';

type ErrorDef = { status: StatusCode; message: string };

/**
 * Every error the server can answer with: a stable code, its envelope status and the
 * zh-CN message shown to the user. `{name}` placeholders are filled from the error's
 * params. Services throw `new AppError('CODE')`; only the error handler turns it into
 * an envelope.
 */
export const ERRORS = {
  /** A query or body field failed its schema; the message names the field. */
  VALIDATION_FAILED: { status: STATUS.VALIDATION_FAILED, message: '参数错误：{detail}' },
  /** The JSON body could not be parsed. */
  MALFORMED_JSON: { status: STATUS.VALIDATION_FAILED, message: '请求格式错误，无法解析' },
  /** Unsupported Content-Type on a write. */
  UNSUPPORTED_MEDIA_TYPE: { status: STATUS.VALIDATION_FAILED, message: '不支持的请求格式' },
  /** The `sign` parameter is missing. */
  SIGN_MISSING: { status: STATUS.VALIDATION_FAILED, message: '缺少签名参数' },
  /** The `sign` does not match the parameters. */
  SIGN_INVALID: { status: STATUS.VALIDATION_FAILED, message: '签名校验失败' },
  /** The `timestamp` is missing or more than 300 s away from the server clock. */
  TIMESTAMP_EXPIRED: { status: STATUS.VALIDATION_FAILED, message: '请求已过期，请校准设备时间后重试' },
  /** The body exceeds the server's limit. */
  PAYLOAD_TOO_LARGE: { status: STATUS.PAYLOAD_TOO_LARGE, message: '请求内容过大' },
  /** No API is registered at this path and method. */
  API_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '接口不存在' },
  /** The call needs login. */
  NOT_LOGGED_IN: { status: STATUS.NOT_LOGGED_IN, message: '用户未登录' },
  /** Generic refusal: the object belongs to someone else. */
  FORBIDDEN: { status: STATUS.FORBIDDEN, message: '无权进行此操作' },
  /** Too many calls in the window. */
  RATE_LIMITED: { status: STATUS.RATE_LIMITED, message: '操作过于频繁，请 {seconds} 秒后再试' },
  /** A post id that does not exist (or was deleted). */
  POST_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '帖子不存在或已删除' },
  /** A user id that does not exist. */
  USER_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '用户不存在' },
  /** A file under /files that does not exist. */
  FILE_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '文件不存在' },
  /** A storage key with `..`, an absolute path or characters outside the safe set. */
  FILE_KEY_INVALID: { status: STATUS.VALIDATION_FAILED, message: '文件路径不合法' },
  /** A /files processing suffix we do not support (only imageView2 mode 2 and vframe/jpg). */
  FILE_OPERATION_UNSUPPORTED: { status: STATUS.VALIDATION_FAILED, message: '不支持的文件处理参数：{detail}' },
  /** The image is above the pixel limit we decode (40 megapixels). */
  IMAGE_TOO_LARGE: { status: STATUS.VALIDATION_FAILED, message: '图片尺寸过大（超过 {limit} 万像素），无法处理' },
  /** The stored file could not be decoded (corrupt image or video, offset past the end). */
  FILE_PROCESSING_FAILED: { status: STATUS.VALIDATION_FAILED, message: '文件处理失败，文件可能已损坏' },
  /** Unexpected failure; details only in the log. */
  SERVER_ERROR: { status: STATUS.SERVER_ERROR, message: '服务器开小差了，请稍后再试' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a message. Unknown placeholders stay as they are. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** The error every service throws; the server's one error handler maps it to the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: StatusCode;
  readonly params: Record<string, string | number>;
  readonly data: unknown;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, data: unknown = null) {
    const def: ErrorDef = ERRORS[code];
    super(formatMessage(def.message, params));
    this.name = 'AppError';
    this.code = code;
    this.status = def.status;
    this.params = params;
    this.data = data;
  }
}
