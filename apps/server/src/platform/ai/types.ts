import type { AiAvatarStyle, AiProviderInfo, AiStyle, TranslateLang } from '@evcircle/contract';

/**
 * The AI providers (docs/decisions/0022-ai.md): one interface per capability, each with an
 * embedded default that does real work on this machine (or, for translation, none) and
 * production adapters over HTTP. A provider never fakes success: it returns media or
 * throws AiProviderError.
 */

/** How a provider failed, which decides what the user reads and whether the job is tried again. */
export type AiFailureKind =
  /** The provider answered something we cannot use (SPEC.md §8: 生成失败，服务器返回无效数据). */
  | 'invalid'
  /** The provider refused or reported a failed task (bad prompt, content policy): not retried. */
  | 'refused'
  /** Unreachable, 5xx, rate-limited or timed out: worth another try (SPEC.md §8: 生成失败，请稍后重试). */
  | 'unavailable';

export class AiProviderError extends Error {
  constructor(
    readonly kind: AiFailureKind,
    /** For the log only (never shown to the user): vendor code and message, HTTP status. */
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'AiProviderError';
  }
}

/** What every generation call receives besides its request. */
export type AiCallContext = {
  /** Aborted when the job is cancelled or its time is up. */
  signal: AbortSignal;
  /** 0–100, as the work advances (a remote task's progress, or the local renderer's). */
  onProgress(percent: number): void;
};

export type ImageRequest = {
  prompt: string;
  style: AiStyle;
  width: number;
  height: number;
  /** Pictures to make (1–4). */
  count: number;
  /** Makes the local renderer (and providers that take a seed) repeatable. */
  seed: number;
};

/** One picture: the bytes as the provider made them, not yet labelled. */
export type GeneratedImage = { data: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/webp' };

export type ImageProvider = {
  readonly info: AiProviderInfo;
  generate(request: ImageRequest, context: AiCallContext): Promise<GeneratedImage[]>;
};

export type VideoRequest = {
  prompt: string;
  style: AiStyle;
  width: number;
  height: number;
  /** Seconds; always 5 (SPEC.md §5). */
  durationS: number;
  seed: number;
};

/** One MP4 written to `path` (a temp file the caller moves into storage and then removes), not yet labelled. */
export type GeneratedVideo = { path: string };

export type VideoProvider = {
  readonly info: AiProviderInfo;
  /** Writes the video into `workDir` (a fresh directory the caller removes afterwards). */
  generate(request: VideoRequest, context: AiCallContext & { workDir: string }): Promise<GeneratedVideo>;
};

export type TranslateRequest = {
  text: string;
  targetLang: TranslateLang;
  /** The detected language of `text`, when the caller knows it. */
  sourceLang?: string;
};

export type Translation = { text: string; sourceLang: string };

export type Translator = {
  readonly info: AiProviderInfo;
  translate(request: TranslateRequest, signal: AbortSignal): Promise<Translation>;
};

export type AvatarMaker = {
  readonly info: AiProviderInfo;
  readonly styles: readonly AiAvatarStyle[];
  /** A square PNG of `size` px drawn in `style` from `seed` (the same seed, the same picture). */
  render(style: AiAvatarStyle, seed: string, size: number): Promise<Buffer>;
};

/** The providers the configuration chose (app.ai). `translate` is null when none is configured. */
export type AiProviders = {
  image: ImageProvider;
  video: VideoProvider;
  translate: Translator | null;
  avatar: AvatarMaker;
};
