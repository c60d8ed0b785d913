import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { MediaTools } from '../media-tools.ts';
import { createLocalAvatarMaker } from './local-avatar.ts';
import { createLocalImageProvider } from './local-image.ts';
import { createLocalVideoProvider } from './local-video.ts';
import type { AiProviders, ImageProvider, Translator, VideoProvider } from './types.ts';

export type { AiProviders } from './types.ts';

/** How often a remote task is asked how it is doing. */
const POLL_INTERVAL_MS = 3000;

/**
 * The providers the configuration names (docs/decisions/0022-ai.md): the local generators
 * unless AI_IMAGE_PROVIDER / AI_VIDEO_PROVIDER name a vendor; translation only when
 * AI_TRANSLATE_* are set. Switching to a real provider is configuration only. `mediaTools`:
 * the ffmpeg the app found (FFMPEG_PATH, PATH or the npm build), for the local video maker.
 */
export async function createAiProviders(
  config: Config,
  log: FastifyBaseLogger,
  mediaTools: Promise<MediaTools>,
): Promise<AiProviders> {
  const timeoutMs = config.AI_TASK_TIMEOUT_S * 1000;
  const local = createLocalImageProvider();
  // The vendors' adapters (and the openai SDK) are imported only when configured.
  const image = await (async (): Promise<ImageProvider> => {
    switch (config.AI_IMAGE_PROVIDER) {
      case 'dashscope': {
        const { createDashScopeImageProvider } = await import('./dashscope-image.ts');
        return createDashScopeImageProvider({
          baseURL: config.DASHSCOPE_BASE_URL,
          apiKey: config.DASHSCOPE_API_KEY ?? '',
          model: config.DASHSCOPE_IMAGE_MODEL,
          pollIntervalMs: POLL_INTERVAL_MS,
          timeoutMs,
        });
      }
      case 'openai': {
        const { createOpenAiImageProvider } = await import('./openai-image.ts');
        return createOpenAiImageProvider({
          baseURL: config.OPENAI_BASE_URL,
          apiKey: config.OPENAI_API_KEY ?? '',
          model: config.OPENAI_IMAGE_MODEL,
          timeoutMs,
        });
      }
      default:
        return local;
    }
  })();
  const video = await (async (): Promise<VideoProvider> => {
    if (config.AI_VIDEO_PROVIDER === 'dashscope') {
      const { createDashScopeVideoProvider } = await import('./dashscope-video.ts');
      return createDashScopeVideoProvider({
        baseURL: config.DASHSCOPE_BASE_URL,
        apiKey: config.DASHSCOPE_API_KEY ?? '',
        model: config.DASHSCOPE_VIDEO_MODEL,
        pollIntervalMs: POLL_INTERVAL_MS,
        timeoutMs,
      });
    }
    return createLocalVideoProvider({ mediaTools: () => mediaTools });
  })();
  let translate: Translator | null = null;
  if (config.AI_TRANSLATE_BASE_URL && config.AI_TRANSLATE_API_KEY && config.AI_TRANSLATE_MODEL) {
    const { createOpenAiTranslator } = await import('./openai-translate.ts');
    translate = createOpenAiTranslator({
      baseURL: config.AI_TRANSLATE_BASE_URL,
      apiKey: config.AI_TRANSLATE_API_KEY,
      model: config.AI_TRANSLATE_MODEL,
      timeoutMs: 20_000,
      name: config.AI_TRANSLATE_MODEL,
    });
  }
  log.info(
    { image: image.info.name, video: video.info.name, translate: translate?.info.name ?? 'none' },
    'ai providers',
  );
  return { image, video, translate, avatar: createLocalAvatarMaker() };
}
