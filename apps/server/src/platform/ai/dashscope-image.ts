// 通义万相 text to image (wan2.2-t2i-flash and its kin) over DashScope's async task API:
// POST /api/v1/services/aigc/text2image/image-synthesis, then the task until it ends, then
// every result URL downloaded (they expire after 24 hours).
import {
  createDashScopeClient,
  DASHSCOPE_NAME,
  DASHSCOPE_NEGATIVE_PROMPT,
  type DashScopeOptions,
  dashScopeSeed,
  isContentCode,
  kindOfCode,
  styledPrompt,
} from './dashscope-task.ts';
import { downloadImage } from './remote-media.ts';
import { AiProviderError, type GeneratedImage, type ImageProvider } from './types.ts';

const ROUTE = '/api/v1/services/aigc/text2image/image-synthesis';
/** How long a picture usually takes: the progress curve while the task reports nothing. */
const TYPICAL_MS = 15_000;
/** The wan text-to-image models take each side in [512, 1440] pixels. */
const MIN_SIDE = 512;
const MAX_SIDE = 1440;

export type DashScopeImageOptions = DashScopeOptions;

/** The asked-for size fitted into what the models take, keeping its shape: `W*H`. */
export function dashScopeImageSize(width: number, height: number): string {
  let w = Math.max(1, width);
  let h = Math.max(1, height);
  const down = Math.min(1, MAX_SIDE / Math.max(w, h));
  w *= down;
  h *= down;
  const up = Math.max(1, MIN_SIDE / Math.min(w, h));
  w = Math.min(MAX_SIDE, Math.round(w * up));
  h = Math.min(MAX_SIDE, Math.round(h * up));
  return `${w}*${h}`;
}

type ResultEntry = { url?: unknown; code?: unknown; message?: unknown };

/**
 * The 通义万相 picture provider. Some of a task's pictures may fail alone (a result with
 * `code` and `message` instead of `url`, e.g. DataInspectionFailed): the good ones are
 * returned. None good: 'refused' when the content was refused, else 'invalid'.
 */
export function createDashScopeImageProvider(options: DashScopeImageOptions): ImageProvider {
  const client = createDashScopeClient(options);
  return {
    info: { configured: true, local: false, name: DASHSCOPE_NAME },
    async generate(request, context) {
      const body = {
        model: options.model,
        input: { prompt: styledPrompt(request.prompt, request.style), negative_prompt: DASHSCOPE_NEGATIVE_PROMPT },
        parameters: {
          size: dashScopeImageSize(request.width, request.height),
          n: Math.max(1, Math.min(4, Math.trunc(request.count))),
          seed: dashScopeSeed(request.seed),
        },
      };
      const { deadline, output, progress } = await client.run(ROUTE, body, context, TYPICAL_MS);
      const taskId = output.task_id ?? '';
      const entries: ResultEntry[] = Array.isArray(output.results)
        ? output.results.filter((entry): entry is ResultEntry => typeof entry === 'object' && entry !== null)
        : [];
      const urls = entries.flatMap((entry) => (typeof entry.url === 'string' && entry.url ? [entry.url] : []));
      const codes = entries.flatMap((entry) => (typeof entry.code === 'string' ? [entry.code] : []));
      if (urls.length === 0) {
        const detail = `dashscope task ${taskId} SUCCEEDED without pictures: ${codes.join(', ') || 'no results'}`;
        if (codes.some(isContentCode)) throw new AiProviderError('refused', detail);
        if (codes.length > 0 && codes.every((code) => kindOfCode(code) === 'unavailable')) {
          throw new AiProviderError('unavailable', detail);
        }
        throw new AiProviderError('invalid', detail);
      }
      const downloads = await Promise.allSettled(
        urls.map((url) =>
          downloadImage(url, { signal: deadline.signal, ...(options.fetch ? { fetch: options.fetch } : {}) }),
        ),
      );
      const images: GeneratedImage[] = [];
      for (const download of downloads) if (download.status === 'fulfilled') images.push(download.value);
      if (images.length === 0) {
        const first = downloads.find((d): d is PromiseRejectedResult => d.status === 'rejected');
        throw first?.reason instanceof AiProviderError
          ? first.reason
          : new AiProviderError('invalid', `dashscope task ${taskId}: no picture could be downloaded`);
      }
      progress(100);
      return images;
    },
  };
}
