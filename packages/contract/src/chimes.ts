import { z } from 'zod';
import { CHIME_PAGE_SIZE, CHIME_TITLE_MAX_LENGTH } from './chime-rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// Tesla lock chimes (issue 19; SPEC.md lists no API for them: docs/decisions/0023-media.md).
// A chime is a `LockChime.wav` an owner made on /lockchime and shared: the WAV is stored,
// and a post in the Tesla theme announces it.

/** A shared chime as lists and its page show it. */
export const ChimeSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Where the WAV is served. */
  url: z.string(),
  /** Its storage key. */
  path: z.string(),
  durationMs: z.number(),
  sizeBytes: z.number(),
  /** 1 or 2. */
  channels: z.number(),
  downloads: z.number(),
  /** The post that announced it. */
  pid: z.number(),
  uid: z.number(),
  nickname: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Chime = z.infer<typeof ChimeSchema>;

export const UploadedChimeSchema = z.object({
  url: z.string(),
  path: z.string(),
  durationMs: z.number(),
  sizeBytes: z.number(),
  channels: z.number(),
});
export type UploadedChime = z.infer<typeof UploadedChimeSchema>;

/**
 * Uploads a chime's WAV (multipart field `file`). Checked by its bytes: RIFF/WAVE, PCM
 * 16-bit, 44.1 kHz, 1–2 channels, at most CHIME_MAX_BYTES (chime-rules.ts); anything else is refused.
 */
export const uploadChime = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/upload/chime',
  data: UploadedChimeSchema,
  auth: 'user',
  multipart: true,
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 3600 }] },
  summary: '上传锁车音',
});

/**
 * Shares an uploaded chime (`path`, the viewer's own upload, shared once) under a title,
 * and publishes it as a post in the Tesla theme with `image` (the waveform picture the
 * client rendered and uploaded as an image) as its picture.
 */
export const chimeShare = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/lockchime/share',
  body: z.object({
    path: z.string({ error: '请先上传锁车音' }).trim().min(1, { error: '请先上传锁车音' }).max(300),
    title: z
      .string({ error: '请填写锁车音名称' })
      .trim()
      .min(1, { error: '请填写锁车音名称' })
      .max(CHIME_TITLE_MAX_LENGTH, { error: `名称不能超过 ${CHIME_TITLE_MAX_LENGTH} 个字` }),
    image: z.string({ error: '缺少波形图' }).trim().min(1, { error: '缺少波形图' }).max(300),
  }),
  data: z.object({ id: z.number(), pid: z.number() }),
  auth: 'user',
  rateLimit: {
    by: 'user',
    windows: [
      { limit: 5, windowSeconds: 600 },
      { limit: 20, windowSeconds: 86_400 },
    ],
  },
  summary: '分享锁车音',
});

/** Shared chimes, most downloaded first, then newest; a chime whose post is gone is left out. */
export const chimePopular = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/lockchime/popular',
  query: z.object({ page: pageField(), size: sizeField(CHIME_PAGE_SIZE) }),
  data: z.array(ChimeSchema),
  auth: 'none',
  summary: '热门锁车音',
});

export const chimeDetail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/lockchime/detail',
  query: z.object({ id: IdSchema }),
  data: ChimeSchema,
  auth: 'none',
  access: { rule: 'public' },
  summary: '锁车音详情',
});

/** Counts a download: once per viewer (the user, else the client's address) per day. */
export const chimeDownload = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/lockchime/download',
  body: z.object({ id: IdSchema }),
  data: z.object({ downloads: z.number(), url: z.string() }),
  auth: 'optional',
  access: { rule: 'public' },
  rateLimit: { by: 'ip', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '下载锁车音',
});

/** Deletes the viewer's own shared chime and its post. */
export const chimeDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/lockchime/delete',
  body: z.object({ id: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除锁车音',
});

export const chimesErrors = defineErrors({
  /** A missing or deleted chime, or one whose post is gone; also someone else's on delete. */
  CHIME_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '锁车音不存在或已删除' },
  /** The uploaded bytes are not a WAV a Tesla plays. */
  CHIME_WAV_INVALID: {
    status: STATUS.VALIDATION_FAILED,
    message: '文件不是有效的锁车音：须为 WAV 格式（PCM 16 位、44.1 kHz、单声道或立体声）',
  },
  /** `path` is not a chime the viewer uploaded. */
  CHIME_UPLOAD_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '锁车音文件不存在，请重新上传' },
  /** That chime file was shared already. */
  CHIME_ALREADY_SHARED: { status: STATUS.CONFLICT, message: '这个锁车音已经分享过了' },
});
