// Pictures from OpenAI's images API (gpt-image-1, dall-e-3, dall-e-2) or a service that
// speaks it, through the `openai` SDK's images.generate. An answer may carry each picture
// as `b64_json` (gpt-image-1 always does) or as a `url` to fetch (dall-e's default, and
// what most compatible services answer): both are taken.
import type { AiStyle } from '@evcircle/contract';
import { createOpenAiClient, type OpenAiClientOptions, openAiFailure } from './openai-client.ts';
import { type Deadline, downloadImage, MAX_IMAGE_BYTES, sniffImageType, startDeadline } from './remote-media.ts';
import { AiProviderError, type GeneratedImage, type ImageProvider, type ImageRequest } from './types.ts';

export type OpenAiImageOptions = Omit<OpenAiClientOptions, 'baseURL'> & {
  /** Default https://api.openai.com/v1. */
  baseURL?: string;
  /** Default gpt-image-1. */
  model?: string;
};

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_IMAGE_MODEL = 'gpt-image-1';

/** The style presets as prompt words (these models read English best). */
const STYLE_WORDS: Record<AiStyle, string> = {
  auto: '',
  photo: 'realistic photograph, natural light, fine detail',
  anime: 'Japanese anime illustration, clean lines, bright colours',
  watercolor: 'watercolour painting, soft washes, paper texture',
  cyberpunk: 'cyberpunk style, neon lights, futuristic city at night',
  sketch: 'pencil sketch, black and white, cross-hatching',
  oil: 'oil painting, thick brush strokes, rich colours',
};

/** The sizes each model family takes; one of them is sent. */
const SIZES = {
  gptImage: ['1024x1024', '1536x1024', '1024x1536'],
  dallE3: ['1024x1024', '1792x1024', '1024x1792'],
  dallE2: ['256x256', '512x512', '1024x1024'],
} as const;

type ModelFamily = keyof typeof SIZES;

function familyOf(model: string): ModelFamily {
  if (model.startsWith('dall-e-3')) return 'dallE3';
  if (model.startsWith('dall-e-2')) return 'dallE2';
  return 'gptImage';
}

/**
 * The size the model takes that is closest to the asked-for shape, and then to its pixel
 * count (dall-e-2 is square only: the nearest square).
 */
export function openAiImageSize(model: string, width: number, height: number): string {
  const distance = (size: string) => {
    const [w, h] = size.split('x').map(Number) as [number, number];
    const shape = Math.abs(Math.log(w / h / (width / height)));
    const pixels = Math.abs(Math.log((w * h) / (width * height)));
    return shape * 4 + pixels;
  };
  const sizes: readonly string[] = SIZES[familyOf(model)];
  return sizes.reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

type ImagesAnswer = { data?: { b64_json?: unknown; url?: unknown }[] };

/** A `b64_json` picture: it must decode to a picture of a kind we take. */
function decodePicture(b64: string, what: string): GeneratedImage {
  const data = Buffer.from(b64, 'base64');
  if (data.length > MAX_IMAGE_BYTES) throw new AiProviderError('invalid', `${what}: picture larger than allowed`);
  const contentType = sniffImageType(data);
  if (!contentType) throw new AiProviderError('invalid', `${what}: b64_json is not a picture`);
  return { data, contentType };
}

/** An OpenAI-images provider: info.name `OpenAI`. No seeds: these models take none. */
export function createOpenAiImageProvider(options: OpenAiImageOptions): ImageProvider {
  const model = options.model ?? OPENAI_IMAGE_MODEL;
  const client = createOpenAiClient({ ...options, baseURL: options.baseURL ?? OPENAI_BASE_URL });
  const family = familyOf(model);
  const what = `openai images (${model})`;

  /** One images.generate call for `n` pictures. */
  async function generateOnce(request: ImageRequest, n: number, deadline: Deadline): Promise<GeneratedImage[]> {
    const words = STYLE_WORDS[request.style];
    let answer: ImagesAnswer | string;
    try {
      answer = (await client.images.generate(
        {
          model,
          prompt: words ? `${request.prompt}\n\nStyle: ${words}` : request.prompt,
          n,
          size: openAiImageSize(model, request.width, request.height) as never,
          // gpt-image-1 refuses response_format (it always answers b64_json).
          ...(family === 'gptImage' ? {} : { response_format: 'b64_json' as const }),
        },
        { signal: deadline.signal },
      )) as ImagesAnswer | string;
    } catch (err) {
      throw openAiFailure(err, deadline, what);
    }
    const data = typeof answer === 'object' && answer !== null && Array.isArray(answer.data) ? answer.data : [];
    if (data.length === 0) throw new AiProviderError('invalid', `${what}: no pictures in the answer`);
    const pictures: GeneratedImage[] = [];
    for (const item of data) {
      if (typeof item?.b64_json === 'string' && item.b64_json) pictures.push(decodePicture(item.b64_json, what));
      else if (typeof item?.url === 'string' && item.url) {
        pictures.push(
          await downloadImage(item.url, {
            signal: deadline.signal,
            ...(options.fetch ? { fetch: options.fetch } : {}),
          }),
        );
      } else throw new AiProviderError('invalid', `${what}: a picture with neither b64_json nor url`);
    }
    return pictures;
  }

  return {
    info: { configured: true, local: false, name: 'OpenAI' },
    async generate(request, context) {
      const deadline = startDeadline(context.signal, options.timeoutMs);
      const count = Math.max(1, Math.min(4, Math.trunc(request.count)));
      context.onProgress(5);
      const images: GeneratedImage[] = [];
      // dall-e-3 makes one picture a call.
      const calls = family === 'dallE3' ? Array.from({ length: count }, () => 1) : [count];
      for (const n of calls) {
        images.push(...(await generateOnce(request, n, deadline)));
        context.onProgress(5 + (90 * images.length) / count);
      }
      context.onProgress(100);
      return images;
    },
  };
}
