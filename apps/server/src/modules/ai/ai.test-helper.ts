import { type AiJob, type ApiClient, aiJob } from '@evcircle/contract';
import sharp from 'sharp';
import {
  type AiFailureKind,
  AiProviderError,
  type AiProviders,
  type AvatarMaker,
  type TranslateRequest,
  type Translation,
} from '../../platform/ai/types.ts';

// Providers whose next answers a test decides: pictures at once, a failure of a kind, or a
// run held open until the test lets it go. The local avatar maker is the real one.

type Step = { fail: AiFailureKind } | { hold: Promise<void> } | 'ok';

export type ScriptedProviders = AiProviders & {
  /** What the next image generations do, in order (then 'ok'). */
  imageSteps: Step[];
  /** What the next video generations do, in order (then the local video maker's work). */
  videoSteps: Step[];
  /** Calls the image provider got. */
  imageCalls: { width: number; height: number; count: number }[];
  translateCalls: TranslateRequest[];
  /** The next translations' answers, in order (then an echo marked [译]). */
  translateSteps: (Translation | { fail: AiFailureKind })[];
};

async function tinyPng(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed % 255, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export function scriptedProviders(avatar: AvatarMaker, localVideo: AiProviders['video']): ScriptedProviders {
  const scripted: ScriptedProviders = {
    imageSteps: [],
    videoSteps: [],
    imageCalls: [],
    translateCalls: [],
    translateSteps: [],
    image: {
      info: { configured: true, local: false, name: '测试绘画' },
      async generate(request, context) {
        scripted.imageCalls.push({ width: request.width, height: request.height, count: request.count });
        const step = scripted.imageSteps.shift() ?? 'ok';
        context.onProgress(30);
        if (step !== 'ok' && 'hold' in step) await step.hold;
        if (step !== 'ok' && 'fail' in step) throw new AiProviderError(step.fail, 'scripted');
        context.onProgress(100);
        // Small pictures keep the tests quick; the size asked for is what the calls record.
        return Promise.all(
          Array.from({ length: request.count }, async (_, i) => ({
            data: await tinyPng(64, 48, request.seed + i),
            contentType: 'image/png' as const,
          })),
        );
      },
    },
    video: {
      // A getter: the local maker knows whether ffmpeg runs only once the probe answered.
      get info() {
        return localVideo.info;
      },
      async generate(request, context) {
        const step = scripted.videoSteps.shift() ?? 'ok';
        if (step !== 'ok' && 'hold' in step) await step.hold;
        if (step !== 'ok' && 'fail' in step) throw new AiProviderError(step.fail, 'scripted');
        return localVideo.generate(request, context);
      },
    },
    translate: {
      info: { configured: true, local: false, name: '测试翻译' },
      async translate(request) {
        scripted.translateCalls.push(request);
        const step = scripted.translateSteps.shift();
        if (step && 'fail' in step) throw new AiProviderError(step.fail, 'scripted');
        return step ?? { text: `[译]${request.text}`, sourceLang: 'en' };
      },
    },
    avatar,
  };
  return scripted;
}

/** Polls a job until it has ended (up to `timeoutMs`). */
export async function jobEnded(api: ApiClient, jobId: number, timeoutMs = 15_000): Promise<AiJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await api.call(aiJob, { job_id: jobId });
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
