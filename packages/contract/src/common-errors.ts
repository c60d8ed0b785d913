import { defineErrors, STATUS } from './status.ts';

/**
 * Errors every domain can meet (validation, sign, login, permission, limits, files,
 * the server itself). Each domain's own errors live in its contract file as
 * `<domain>Errors`; ERRORS below merges them all.
 */
export const COMMON_ERRORS = defineErrors({
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
  /** An endpoint declared `auth: 'admin'`, called by someone else. */
  ADMIN_REQUIRED: { status: STATUS.FORBIDDEN, message: '需要管理员权限' },
  /** An endpoint declared `auth: 'vip'`, called by someone who is not a VIP member. */
  VIP_REQUIRED: { status: STATUS.FORBIDDEN, message: '该功能仅限 VIP 会员使用，开通后即可使用' },
  /** Too many calls in the window. */
  RATE_LIMITED: { status: STATUS.RATE_LIMITED, message: '操作过于频繁，请 {seconds} 秒后再试' },
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
  /** Text with prohibited words. */
  CONTENT_PROHIBITED: { status: STATUS.VALIDATION_FAILED, message: '内容包含违规词语，请修改后再提交' },
  /** An upload call without a file in the multipart field `file`. */
  FILE_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请选择要上传的文件' },
  /** An upload above the size limit of its endpoint. */
  FILE_TOO_LARGE: { status: STATUS.PAYLOAD_TOO_LARGE, message: '文件过大，不能超过 {limit} MB' },
  /** The uploaded bytes are not an image we decode (checked by content, not by name). */
  IMAGE_INVALID: {
    status: STATUS.VALIDATION_FAILED,
    message: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
  },
  /** The uploaded bytes are not a video we accept (checked by content, not by name). */
  VIDEO_INVALID: { status: STATUS.VALIDATION_FAILED, message: '文件不是有效的视频，请上传 MP4、MOV 或 WebM 视频' },
  /** This server has no ffmpeg/ffprobe (it said so once at start): video uploads and covers are off. */
  VIDEO_PROCESSING_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '服务器暂时无法处理视频，请改用图片发布' },
  /** Unexpected failure; details only in the log. */
  SERVER_ERROR: { status: STATUS.SERVER_ERROR, message: '服务器开小差了，请稍后再试' },
});
