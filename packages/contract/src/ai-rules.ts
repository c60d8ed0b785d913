// AI tools rules shared by server and client (SPEC.md §3 "AI usage", §5, §9;
// docs/decisions/0022-ai.md). The free limits and prices are SPEC.md §9's, in constants.ts.

/** What a generation makes. */
export const AI_JOB_KINDS = ['image', 'video'] as const;
export type AiJobKind = (typeof AI_JOB_KINDS)[number];

/** A generation's life: queued → running → succeeded or failed (failed ones are refunded). */
export const AI_JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type AiJobState = (typeof AI_JOB_STATES)[number];

/** The style presets of the prompt box; the provider adds each one's words to the prompt. */
export const AI_STYLES = ['auto', 'photo', 'anime', 'watercolor', 'cyberpunk', 'sketch', 'oil'] as const;
export type AiStyle = (typeof AI_STYLES)[number];
export const AI_STYLE_NAMES: Record<AiStyle, string> = {
  auto: '智能',
  photo: '摄影',
  anime: '动漫',
  watercolor: '水彩',
  cyberpunk: '赛博朋克',
  sketch: '素描',
  oil: '油画',
};

/** Picture shapes (width:height). */
export const AI_ASPECTS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type AiAspect = (typeof AI_ASPECTS)[number];

/** Longest side in pixels: members get the larger pictures and the sharper video. */
export const AI_IMAGE_LONG_SIDE = { standard: 1024, vip: 1440 } as const;
export const AI_VIDEO_HEIGHT = { standard: 480, vip: 720 } as const;
/** Pictures one image generation makes: one for everyone, up to four for members. */
export const AI_IMAGE_COUNT = { standard: 1, vip: 4 } as const;

/**
 * The members' endpoints (vip-text-to-image, vip-text-to-video) charge nothing up to these
 * uses a day (Beijing day), counted apart from the standard quota; past them they refuse,
 * and the member can still use the standard endpoints.
 */
export const VIP_AI_DAILY_LIMIT = { image: 50, video: 10 } as const;

/** Prompt length in characters. */
export const AI_PROMPT_MAX_LENGTH = 500;
/** Translation input length in characters. */
export const TRANSLATE_MAX_LENGTH = 2000;

/** Languages the translate call takes; zh is the default (SPEC.md §5). */
export const TRANSLATE_LANGS = ['zh', 'en', 'ja', 'ko', 'fr', 'de', 'es', 'ru'] as const;
export type TranslateLang = (typeof TRANSLATE_LANGS)[number];
export const TRANSLATE_LANG_NAMES: Record<TranslateLang, string> = {
  zh: '中文',
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  ru: 'Русский',
};

/** Avatar styles the avatar maker draws; each set offers one of each. */
export const AI_AVATAR_STYLES = ['adventurer', 'avataaars', 'big-smile', 'lorelei', 'notionists', 'pixel-art'] as const;
export type AiAvatarStyle = (typeof AI_AVATAR_STYLES)[number];
export const AI_AVATAR_STYLE_NAMES: Record<AiAvatarStyle, string> = {
  adventurer: '冒险家',
  avataaars: '卡通',
  'big-smile': '笑脸',
  lorelei: '线描',
  notionists: '手绘',
  'pixel-art': '像素',
};

/** Gallery page size. */
export const AI_GALLERY_PAGE_SIZE = 20;

/** The visible mark every generated picture and video carries. */
export const AI_LABEL_TEXT = 'AI生成';
