import { z } from 'zod';
import {
  AI_ASPECTS,
  AI_AVATAR_STYLES,
  AI_GALLERY_PAGE_SIZE,
  AI_JOB_KINDS,
  AI_JOB_STATES,
  AI_PROMPT_MAX_LENGTH,
  AI_STYLES,
  TRANSLATE_LANGS,
  TRANSLATE_MAX_LENGTH,
  type TranslateLang,
} from './ai-rules.ts';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, pageField, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// AI tools (SPEC.md §7 "AI and uploads", §3 "AI usage", §5, §6, §8, §9): text to image and
// video as jobs that a worker runs, the daily quotas and their points, the avatar maker,
// and translation. Rules: docs/decisions/0022-ai.md.

const USER = '/api/v1/ai/user';

// ── Usage (SPEC.md §3 "AI usage") ──

/** Which provider does a kind of work here, and whether it can. */
export const AiProviderInfoSchema = z.object({
  /** Configured and able to answer; false only for translation without a provider. */
  configured: z.boolean(),
  /** Made on this server (the embedded generators), not by an AI model. */
  local: z.boolean(),
  /** What the client shows: 本地生成器, 通义万相, OpenAI … */
  name: z.string(),
});
export type AiProviderInfo = z.infer<typeof AiProviderInfoSchema>;

const UsageFields = {
  /** Free uses a day. */
  free_limit: z.number(),
  /** Uses of this kind today (free and paid). */
  used_count: z.number(),
  remaining_free: z.number(),
  /** The viewer's points. */
  integral_balance: z.number(),
  /** Generations of any kind a day (SPEC.md §9 AI total limit). */
  total_limit: z.number(),
  /** Generations left today, of any kind. */
  remaining_count: z.number(),
  /** When today's counts start again: the next midnight, Beijing time (ISO 8601). */
  reset_time: z.string(),
  provider: AiProviderInfoSchema,
};

export const AiImageUsageSchema = z.object({
  ...UsageFields,
  /** Points one image generation costs once the free ones are used. */
  price: z.number(),
});
export type AiImageUsage = z.infer<typeof AiImageUsageSchema>;

export const AiVideoUsageSchema = z.object({
  ...UsageFields,
  /** Points by duration in seconds (SPEC.md §9: {5: 5}). */
  prices: z.record(z.string(), z.number()),
  /** Seconds; always 5 (SPEC.md §5). */
  duration: z.number(),
});
export type AiVideoUsage = z.infer<typeof AiVideoUsageSchema>;

export const aiImageUsage = defineEndpoint({
  method: 'GET',
  path: `${USER}/image/usage-info`,
  data: AiImageUsageSchema,
  auth: 'user',
  summary: 'AI 绘画额度',
});

export const aiVideoUsage = defineEndpoint({
  method: 'GET',
  path: `${USER}/video/usage-info`,
  data: AiVideoUsageSchema,
  auth: 'user',
  summary: 'AI 视频额度',
});

/** The members' own daily allowance (VIP_AI_DAILY_LIMIT); zeros for a non-member. */
export const AiVipUsageSchema = z.object({
  is_vip: z.union([z.literal(0), z.literal(1)]),
  image_limit: z.number(),
  image_used: z.number(),
  video_limit: z.number(),
  video_used: z.number(),
});

export const AiGenerationInfoSchema = z.object({
  total_limit: z.number(),
  used_count: z.number(),
  remaining_count: z.number(),
  reset_time: z.string(),
  integral_balance: z.number(),
  image: AiImageUsageSchema,
  video: AiVideoUsageSchema,
  vip: AiVipUsageSchema,
  /** Translation's provider (configured false: the 翻译 action answers 翻译服务未配置). */
  translate: AiProviderInfoSchema,
});
export type AiGenerationInfo = z.infer<typeof AiGenerationInfoSchema>;

export const aiGenerationInfo = defineEndpoint({
  method: 'GET',
  path: `${USER}/generation-info`,
  data: AiGenerationInfoSchema,
  auth: 'user',
  summary: 'AI 生成额度总览',
});

// ── Generations ──

export const AiJobSchema = z.object({
  job_id: z.number(),
  kind: z.enum(AI_JOB_KINDS),
  state: z.enum(AI_JOB_STATES),
  /** 排队中, 生成中, 已完成, 生成失败. */
  state_text: z.string(),
  /** 0–100. */
  progress: z.number(),
  prompt: z.string(),
  style: z.enum(AI_STYLES),
  aspect: z.enum(AI_ASPECTS),
  /** The pictures (image) or the one video (video), in our storage; [] until succeeded. */
  urls: z.array(z.string()),
  /** Storage keys of `urls`, in order: what a post's imgpack or viosrc refers to. */
  paths: z.array(z.string()),
  /** A video's cover picture ('' for images and until succeeded). */
  poster: z.string(),
  width: z.number(),
  height: z.number(),
  /** Run through the members' endpoint. */
  vip: z.boolean(),
  /** How it was paid: a free use, points, or the members' allowance. */
  charge: z.enum(['free', 'points', 'vip']),
  /** Points spent (0 unless charge is points). */
  points: z.number(),
  /** Points given back after a failure. */
  refunded: z.boolean(),
  provider: AiProviderInfoSchema,
  /** Why it failed ('' otherwise): one of SPEC.md §8's generation messages. */
  error: z.string(),
  created_at: z.string(),
  /** '' until it ends. */
  finished_at: z.string(),
});
export type AiJob = z.infer<typeof AiJobSchema>;

const PromptField = z
  .string({ error: '请输入描述' })
  .trim()
  .min(1, { error: '请输入描述' })
  .max(AI_PROMPT_MAX_LENGTH, { error: `描述不能超过 ${AI_PROMPT_MAX_LENGTH} 个字` });
const StyleField = z.enum(AI_STYLES, { error: '风格不正确' }).default('auto');
const AspectField = z.enum(AI_ASPECTS, { error: '画面比例不正确' }).default('1:1');
/** SPEC.md §5: text to video forces duration 5 — whatever arrives is ignored. */
const DurationField = z
  .unknown()
  .optional()
  .transform(() => 5 as const);

const ImageBody = z.object({ prompt: PromptField, style: StyleField, aspect: AspectField });
const VideoBody = z.object({
  prompt: PromptField,
  style: StyleField,
  aspect: z.enum(AI_ASPECTS, { error: '画面比例不正确' }).default('16:9'),
  duration: DurationField,
});

/** SPEC.md §7: message, urls, remaining_count, integral_balance — plus the job, which runs on. */
export const AiImageStartSchema = z.object({
  message: z.string(),
  /** The pictures, once the job has finished ([] while it runs: follow `job`). */
  urls: z.array(z.string()),
  remaining_count: z.number(),
  integral_balance: z.number(),
  job_id: z.number(),
  job: AiJobSchema,
});

/** SPEC.md §7: message, url, remaining_count, remaining_free, integral_balance — plus the job. */
export const AiVideoStartSchema = z.object({
  message: z.string(),
  url: z.string(),
  remaining_count: z.number(),
  remaining_free: z.number(),
  integral_balance: z.number(),
  job_id: z.number(),
  job: AiJobSchema,
});

const GENERATION_LIMIT = { by: 'user', windows: [{ limit: 6, windowSeconds: 60 }] } as const;

export const aiTextToImage = defineEndpoint({
  method: 'POST',
  path: `${USER}/text-to-image`,
  body: ImageBody,
  data: AiImageStartSchema,
  auth: 'user',
  rateLimit: GENERATION_LIMIT,
  summary: 'AI 文生图',
});

export const aiTextToVideo = defineEndpoint({
  method: 'POST',
  path: `${USER}/text-to-video`,
  body: VideoBody,
  data: AiVideoStartSchema,
  auth: 'user',
  rateLimit: GENERATION_LIMIT,
  summary: 'AI 文生视频',
});

export const aiVipTextToImage = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/vip/vip-text-to-image',
  body: ImageBody.extend({
    count: z.coerce
      .number({ error: '张数须为数字' })
      .int({ error: '张数须为整数' })
      .min(1, { error: '张数须在 1 到 4 之间' })
      .max(4, { error: '张数须在 1 到 4 之间' })
      .default(4),
  }),
  data: AiImageStartSchema,
  auth: 'vip',
  rateLimit: GENERATION_LIMIT,
  summary: '会员 AI 文生图',
});

export const aiVipTextToVideo = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/vip/vip-text-to-video',
  body: VideoBody,
  data: AiVideoStartSchema,
  auth: 'vip',
  rateLimit: GENERATION_LIMIT,
  summary: '会员 AI 文生视频',
});

const JobIdField = IdSchema;

export const aiJob = defineEndpoint({
  method: 'GET',
  path: `${USER}/job`,
  query: z.object({ job_id: JobIdField }),
  data: AiJobSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: 'AI 生成任务',
});

export const aiGallery = defineEndpoint({
  method: 'GET',
  path: `${USER}/gallery`,
  query: z.object({
    page: pageField(),
    size: sizeField(AI_GALLERY_PAGE_SIZE),
    kind: z.enum(['all', ...AI_JOB_KINDS], { error: '类型不正确' }).default('all'),
  }),
  data: z.object({ items: z.array(AiJobSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'user',
  summary: '我的 AI 作品',
});

export const aiGalleryDelete = defineEndpoint({
  method: 'POST',
  path: `${USER}/gallery/delete`,
  body: z.object({ job_id: JobIdField }),
  data: z.object({ job_id: z.number() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除 AI 作品',
});

// ── Avatars ──

export const AiAvatarSchema = z.object({
  id: z.number(),
  style: z.enum(AI_AVATAR_STYLES),
  /** A picture in our storage. */
  url: z.string(),
});
export type AiAvatar = z.infer<typeof AiAvatarSchema>;

const UnameBody = z.object({
  /** The name the avatars are drawn from ('' or absent: the viewer's nickname). */
  uname: z.string({ error: '名字须为文本' }).trim().max(30, { error: '名字不能超过 30 个字' }).default(''),
});
const AvatarSet = z.object({ avatars: z.array(AiAvatarSchema), provider: AiProviderInfoSchema });

export const aiGenerateAvatar = defineEndpoint({
  method: 'POST',
  path: `${USER}/generate-avatar`,
  body: UnameBody,
  data: AvatarSet,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 10, windowSeconds: 60 }] },
  summary: '生成一组头像',
});

export const aiGetAvatars = defineEndpoint({
  method: 'POST',
  path: `${USER}/get-avatars`,
  body: UnameBody,
  data: AvatarSet,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '我的头像候选',
});

export const aiUseAvatar = defineEndpoint({
  method: 'POST',
  path: `${USER}/use-avatar`,
  body: z.object({ id: IdSchema }),
  /** The new profile avatar, as the avatar upload answers. */
  data: z.object({ url: z.string(), path: z.string() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 10, windowSeconds: 60 }] },
  summary: '设为头像',
});

// ── Translation ──

/** Names people and old clients send for a language, to its code. */
const LANG_ALIASES: Record<string, TranslateLang> = {
  chinese: 'zh',
  中文: 'zh',
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  english: 'en',
  英文: 'en',
  japanese: 'ja',
  日文: 'ja',
  korean: 'ko',
  韩文: 'ko',
};

export const TargetLangField = z
  .preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return 'zh';
      if (typeof value !== 'string') return value;
      const key = value.trim().toLowerCase();
      return LANG_ALIASES[key] ?? key;
    },
    z.enum(TRANSLATE_LANGS, { error: '不支持的目标语言' }),
  )
  .default('zh');

export const aiTranslate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai/translate/text',
  body: z.object({
    content: z
      .string({ error: '请输入要翻译的内容' })
      .trim()
      .min(1, { error: '请输入要翻译的内容' })
      .max(TRANSLATE_MAX_LENGTH, { error: `翻译内容不能超过 ${TRANSLATE_MAX_LENGTH} 个字` }),
    targetLang: TargetLangField,
  }),
  data: z.object({
    translatedText: z.string(),
    /** The detected language of `content` (a TRANSLATE_LANGS code, or another ISO 639-1 code). */
    sourceLang: z.string(),
    targetLang: z.enum(TRANSLATE_LANGS),
  }),
  auth: 'user',
  rateLimit: {
    by: 'user',
    windows: [
      { limit: 20, windowSeconds: 60 },
      { limit: 300, windowSeconds: 86_400 },
    ],
  },
  summary: '翻译',
});

export const aiErrors = defineErrors({
  AI_POINTS_SHORT: { status: STATUS.CONFLICT, message: '积分不足：本次需要 {price} 积分，当前 {balance} 积分' },
  AI_DAILY_LIMIT: { status: STATUS.RATE_LIMITED, message: '今日 AI 生成次数已用完，明天 0 点后再来' },
  AI_VIP_DAILY_LIMIT: { status: STATUS.RATE_LIMITED, message: '今日会员专享次数已用完，可使用普通生成' },
  AI_JOB_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '作品不存在或已删除' },
  AI_AVATAR_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '头像不存在，请重新生成' },
  AI_PROVIDER_UNAVAILABLE: { status: STATUS.UNAVAILABLE, message: '{what}服务暂不可用，请稍后再试' },
  /** SPEC.md §8 (generation): the `error` of a failed job; never an answer to a call. */
  AI_GENERATION_INVALID: { status: STATUS.UNAVAILABLE, message: '生成失败，服务器返回无效数据' },
  AI_GENERATION_FAILED: { status: STATUS.UNAVAILABLE, message: '生成失败，请稍后重试' },
  TRANSLATE_NOT_CONFIGURED: { status: STATUS.UNAVAILABLE, message: '翻译服务未配置' },
  /** SPEC.md §8 (translation). */
  TRANSLATE_INVALID: { status: STATUS.UNAVAILABLE, message: '翻译服务返回无效响应' },
  TRANSLATE_EMPTY: { status: STATUS.UNAVAILABLE, message: '翻译结果为空' },
});
