import { z } from 'zod';
import { UPLOADS_PER_HOUR } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { defineErrors, STATUS } from './status.ts';

/** What an upload stored: `path` is the storage key a post refers to, `url` where it is served. */
export const UploadedImageSchema = z.object({
  url: z.string(),
  path: z.string(),
  width: z.number(),
  height: z.number(),
});
export const UploadedVideoSchema = z.object({
  url: z.string(),
  path: z.string(),
  /** Storage key of the cover (the first frame). */
  cover: z.string(),
  coverUrl: z.string(),
  width: z.number(),
  height: z.number(),
  /** Seconds. */
  duration: z.number(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
export type UploadedVideo = z.infer<typeof UploadedVideoSchema>;

/** One count per person and kind, whether the file comes through this server or by a token (UPLOADS_PER_HOUR). */
const uploadLimit = (kind: keyof typeof UPLOADS_PER_HOUR) =>
  ({
    by: 'user',
    bucket: `upload-${kind}`,
    windows: [{ limit: UPLOADS_PER_HOUR[kind], windowSeconds: 3600 }],
  }) as const;

/** Image upload through our server (multipart field `file`). */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/user/upload/qiniu',
  data: UploadedImageSchema,
  auth: 'user',
  rateLimit: uploadLimit('image'),
  multipart: true,
  summary: '上传图片',
});

/** Video upload through our server (multipart field `file`; mp4, mov or webm). */
export const uploadVideo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/user/upload/video',
  data: UploadedVideoSchema,
  auth: 'user',
  rateLimit: uploadLimit('video'),
  multipart: true,
  summary: '上传视频',
});

/**
 * A single-key, expiring credential for a direct upload to the storage host. The client
 * POSTs multipart `token`, `key` (and `fields`, when present) and `file` to `uploadUrl`;
 * an 'incorrect region' answer names the host to retry at, once.
 */
export const UploadTokenSchema = z.object({
  uploadToken: z.string(),
  key: z.string(),
  /** Where stored files are served from. */
  domain: z.string(),
  /** Where to POST the file. */
  uploadUrl: z.string(),
  /** Extra form fields the storage host needs (S3 presigned POST); {} for the local host. */
  fields: z.record(z.string(), z.string()),
});
export type UploadToken = z.infer<typeof UploadTokenSchema>;

const TokenQuery = z.object({ type: z.string().trim().max(20).default('post') });

export const imageUploadToken = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/user/upload/image/token',
  query: TokenQuery,
  data: UploadTokenSchema,
  auth: 'user',
  rateLimit: uploadLimit('image'),
  summary: '图片直传凭证',
});

export const videoUploadToken = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai/user/upload/video/token',
  query: TokenQuery,
  data: UploadTokenSchema,
  auth: 'user',
  rateLimit: uploadLimit('video'),
  summary: '视频直传凭证',
});

/**
 * What the storage host answers a direct upload with (not enveloped: it is the storage
 * provider's protocol, Qiniu-style): the stored object, or `{error}` with HTTP 4xx.
 */
export const DirectUploadResultSchema = z.union([UploadedImageSchema, UploadedVideoSchema]);

/**
 * Finishes a direct upload to an S3-compatible bucket (STORAGE=s3): the presigned POST
 * put the bytes under the token's `incoming/…` key; this call checks them as the
 * through-server upload does, stores the processed file, records it and removes the
 * incoming object. With the local storage host the upload answer already is the result,
 * so this call is not needed (it refuses keys that are not incoming ones).
 */
export const completeUpload = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/user/upload/complete',
  body: z.object({ uploadToken: z.string().min(1).max(2000), key: z.string().min(1).max(512) }),
  // Video first: an image answer is a subset of a video answer's fields.
  data: z.union([UploadedVideoSchema, UploadedImageSchema]),
  auth: 'user',
  summary: '直传完成（S3）',
});

/** Where a video's HLS ladder stands: queued or running, playable, or given up (the original plays). */
export const TRANSCODE_STATES = ['pending', 'ready', 'failed'] as const;
export type TranscodeState = (typeof TRANSCODE_STATES)[number];

/**
 * Asks for the viewer's video (`path`, the key its upload answered) to be transcoded into
 * an HLS ladder again: a failed (or never-run) one is queued; a pending or ready one is
 * answered as it is. `renditions` are the ladder's heights, tallest first ([] until ready).
 */
export const uploadVideoTranscode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/upload/video/transcode',
  body: z.object({
    path: z.string({ error: '视频地址须为文本' }).trim().min(1, { error: '视频地址不能为空' }).max(300),
  }),
  data: z.object({ state: z.enum(TRANSCODE_STATES), renditions: z.array(z.number()) }),
  auth: 'user',
  summary: '视频转码（HLS）',
});

/**
 * Caption upload (multipart field `file`): a .srt or .vtt of at most
 * CAPTION_UPLOAD_MAX_BYTES (constants.ts), UTF-8 or GBK/GB18030, stored as WebVTT. `path` is what a post's
 * or draft's `viocaption` refers to.
 */
export const uploadCaption = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/upload/caption',
  data: z.object({ url: z.string(), path: z.string() }),
  auth: 'user',
  rateLimit: uploadLimit('caption'),
  multipart: true,
  summary: '上传字幕',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const uploadsErrors = defineErrors({
  /** A direct-upload token that is forged, expired, or for another key. */
  UPLOAD_TOKEN_INVALID: { status: STATUS.FORBIDDEN, message: '上传凭证无效或已过期，请重试' },
  /** A caption file that is neither SubRip (.srt) nor WebVTT (.vtt), or whose timings do not parse. */
  CAPTION_INVALID: { status: STATUS.VALIDATION_FAILED, message: '字幕文件格式不正确，请上传 .srt 或 .vtt 字幕' },
  /** A caption file whose text is neither UTF-8 nor GBK/GB18030. */
  CAPTION_ENCODING_UNSUPPORTED: {
    status: STATUS.VALIDATION_FAILED,
    message: '无法识别字幕文件的编码，请另存为 UTF-8 后重试',
  },
  /** A caption file with no cue in it. */
  CAPTION_EMPTY: { status: STATUS.VALIDATION_FAILED, message: '字幕文件里没有任何字幕' },
  /** A caption file over CAPTION_UPLOAD_MAX_BYTES. */
  CAPTION_TOO_LARGE: { status: STATUS.PAYLOAD_TOO_LARGE, message: '字幕文件过大，不能超过 {limit} KB' },
});
