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
  /** An endpoint declared `auth: 'admin'`, called by someone else. */
  ADMIN_REQUIRED: { status: STATUS.FORBIDDEN, message: '需要管理员权限' },
  /** An endpoint declared `auth: 'vip'`, called by someone who is not a VIP member. */
  VIP_REQUIRED: { status: STATUS.FORBIDDEN, message: '该功能仅限 VIP 会员使用，开通后即可使用' },
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
  // ── accounts ──
  /** Not a mainland mobile number (area code 86) or too short for another area code. */
  MOBILE_INVALID: { status: STATUS.VALIDATION_FAILED, message: '请输入正确的手机号' },
  /** A foreign area code needs the 3-digit challenge first; `data` holds a new challenge. */
  CHALLENGE_REQUIRED: { status: STATUS.WRONG_CODE, message: '请先完成验证' },
  /** The challenge answer is wrong or expired; `data` holds a new challenge. */
  CHALLENGE_WRONG: { status: STATUS.WRONG_CODE, message: '验证码错误' },
  /** SMS limits; `data.retryAfter` is the wait in seconds. */
  SMS_TOO_FREQUENT: { status: STATUS.RATE_LIMITED, message: '验证码发送过于频繁，请 {seconds} 秒后再试' },
  /** The SMS provider refused or failed. */
  SMS_SEND_FAILED: { status: STATUS.SERVER_ERROR, message: '验证码发送失败，请稍后再试' },
  /** Wrong, expired, used or exhausted SMS code. */
  SMS_CODE_WRONG: { status: STATUS.WRONG_CODE, message: '验证码错误，请重新输入' },
  /** A scan code that does not exist or has expired. */
  SCAN_CODE_EXPIRED: { status: STATUS.NOT_FOUND, message: '二维码已过期，请刷新' },
  /** A scan code already confirmed, declined or scanned by someone else. */
  SCAN_CODE_USED: { status: STATUS.CONFLICT, message: '二维码已被使用，请刷新' },
  /** The QR login provider could not make a code. */
  SCAN_CODE_FAILED: { status: STATUS.SERVER_ERROR, message: '生成二维码失败，请稍后重试' },
  /** Following yourself. */
  FOLLOW_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能关注自己' },
  /** A nickname someone else already has. */
  NICKNAME_TAKEN: { status: STATUS.CONFLICT, message: '该昵称已被使用' },
  /** Text with prohibited words. */
  CONTENT_PROHIBITED: { status: STATUS.VALIDATION_FAILED, message: '内容包含违规词语，请修改后再提交' },
  /** Today's check-in is done. */
  ALREADY_CHECKED_IN: { status: STATUS.CONFLICT, message: '今天已经签到过了' },
  /** An invite code that does not exist. */
  INVITE_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '邀请码不存在' },
  /** An upload call without a file in the multipart field `file`. */
  FILE_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请选择要上传的文件' },
  /** An upload above the size limit of its endpoint. */
  FILE_TOO_LARGE: { status: STATUS.PAYLOAD_TOO_LARGE, message: '文件过大，不能超过 {limit} MB' },
  /** The uploaded bytes are not an image we decode (checked by content, not by name). */
  IMAGE_INVALID: {
    status: STATUS.VALIDATION_FAILED,
    message: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
  },
  // ── community content ──
  /** A post needs 1–9 images or one video. */
  POST_MEDIA_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请添加 1–9 张图片或一个视频' },
  /** Images and a video in one post. */
  POST_MEDIA_MIXED: { status: STATUS.VALIDATION_FAILED, message: '图片和视频不能同时发布' },
  /** A post without text. */
  POST_CONTENT_REQUIRED: { status: STATUS.VALIDATION_FAILED, message: '请填写正文' },
  /** A post or draft refers to a file that is not one of the viewer's uploads. */
  UPLOAD_NOT_FOUND: { status: STATUS.VALIDATION_FAILED, message: '图片或视频不存在或已失效，请重新上传' },
  /** A comment id that does not exist (or was deleted). */
  COMMENT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '评论不存在或已删除' },
  /** The post's author (or the comment's author, for a reply) has blocked the viewer. */
  COMMENT_BLOCKED: { status: STATUS.FORBIDDEN, message: '由于对方的隐私设置，你无法评论' },
  /** The user to follow has blocked the viewer, or the viewer blocked them. */
  FOLLOW_BLOCKED: { status: STATUS.FORBIDDEN, message: '由于对方的隐私设置，你无法关注' },
  /** A draft id that is not one of the viewer's drafts. */
  DRAFT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '草稿不存在或已删除' },
  /** A draft with nothing in it. */
  DRAFT_EMPTY: { status: STATUS.VALIDATION_FAILED, message: '草稿内容为空，无需保存' },
  /** Too many drafts kept. */
  DRAFT_LIMIT: { status: STATUS.CONFLICT, message: '草稿最多保存 {limit} 篇，请先发布或删除一些' },
  /** Blocking yourself. */
  BLOCK_SELF: { status: STATUS.VALIDATION_FAILED, message: '不能拉黑自己' },
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
  /** The uploaded bytes are not a video we accept (checked by content, not by name). */
  VIDEO_INVALID: { status: STATUS.VALIDATION_FAILED, message: '文件不是有效的视频，请上传 MP4、MOV 或 WebM 视频' },
  /** This server has no ffmpeg/ffprobe (it said so once at start): video uploads and covers are off. */
  VIDEO_PROCESSING_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '服务器暂时无法处理视频，请改用图片发布' },
  /** A direct-upload token that is forged, expired, or for another key. */
  UPLOAD_TOKEN_INVALID: { status: STATUS.FORBIDDEN, message: '上传凭证无效或已过期，请重试' },
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
