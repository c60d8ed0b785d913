// 通义万相 text to video (wan2.2-t2v-plus and its kin) over DashScope's async task API:
// POST /api/v1/services/aigc/video-generation/video-synthesis, then the task until it
// ends (a minute or two), then `output.video_url` streamed into the caller's work directory.
import {
  createDashScopeClient,
  DASHSCOPE_NAME,
  DASHSCOPE_NEGATIVE_PROMPT,
  type DashScopeOptions,
  dashScopeSeed,
  styledPrompt,
} from './dashscope-task.ts';
import { downloadVideo } from './remote-media.ts';
import { AiProviderError, type VideoProvider } from './types.ts';

const ROUTE = '/api/v1/services/aigc/video-generation/video-synthesis';
/** How long a 5-second clip usually takes: the progress curve while the task reports nothing. */
const TYPICAL_MS = 120_000;

/**
 * The sizes each known model takes (DashScope refuses any other with InvalidParameter):
 * wan2.2-t2v-plus makes 480P and 1080P, the 2.1 turbo 480P and 720P, the 2.1 plus 720P.
 * A model not listed here gets the size asked for, as it is.
 */
const VIDEO_SIZES: Record<string, readonly string[]> = {
  'wan2.2-t2v-plus': ['832*480', '480*832', '624*624', '1920*1080', '1080*1920', '1440*1440', '1632*1248', '1248*1632'],
  'wanx2.1-t2v-turbo': ['832*480', '480*832', '624*624', '1280*720', '720*1280', '960*960', '1088*832', '832*1088'],
  'wanx2.1-t2v-plus': ['1280*720', '720*1280', '960*960', '1088*832', '832*1088'],
};

/**
 * The size to ask `model` for: of the sizes it takes, the one closest to the asked-for
 * shape first and pixel count second; `W*H` as asked when the model is not known.
 */
export function dashScopeVideoSize(model: string, width: number, height: number): string {
  const sizes = VIDEO_SIZES[model];
  if (!sizes) return `${Math.round(width)}*${Math.round(height)}`;
  const distance = (size: string) => {
    const [w, h] = size.split('*').map(Number) as [number, number];
    const shape = Math.abs(Math.log(w / h / (width / height)));
    const pixels = Math.abs(Math.log((w * h) / (width * height)));
    return shape + pixels / 2;
  };
  return sizes.reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

/** The 通义万相 video provider: one 5-second MP4 a call, written into `workDir`. */
export function createDashScopeVideoProvider(options: DashScopeOptions): VideoProvider {
  const client = createDashScopeClient(options);
  return {
    info: { configured: true, local: false, name: DASHSCOPE_NAME },
    async generate(request, context) {
      const body = {
        model: options.model,
        input: { prompt: styledPrompt(request.prompt, request.style), negative_prompt: DASHSCOPE_NEGATIVE_PROMPT },
        parameters: {
          size: dashScopeVideoSize(options.model, request.width, request.height),
          duration: request.durationS,
          seed: dashScopeSeed(request.seed),
        },
      };
      const { deadline, output, progress } = await client.run(ROUTE, body, context, TYPICAL_MS);
      if (typeof output.video_url !== 'string' || !output.video_url) {
        throw new AiProviderError('invalid', `dashscope task ${output.task_id ?? ''} SUCCEEDED without video_url`);
      }
      const video = await downloadVideo(output.video_url, {
        signal: deadline.signal,
        workDir: context.workDir,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      progress(100);
      return video;
    },
  };
}
