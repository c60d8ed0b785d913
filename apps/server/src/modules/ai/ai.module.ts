import {
  aiGallery,
  aiGalleryDelete,
  aiGenerateAvatar,
  aiGenerationInfo,
  aiGetAvatars,
  aiImageUsage,
  aiJob,
  aiTextToImage,
  aiTextToVideo,
  aiTranslate,
  aiUseAvatar,
  aiVideoUsage,
  aiVipTextToImage,
  aiVipTextToVideo,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { scheduleEvery } from '../../platform/schedule.ts';
import * as tables from './ai.tables.ts';
import { currentAvatars, generateAvatars, useAvatar } from './ai-avatars.ts';
import {
  type AiDeps,
  failGeneration,
  GENERATE_QUEUES,
  type GenerateJobData,
  type GenerationRequest,
  gallery,
  hideJob,
  jobView,
  ownJob,
  runGeneration,
  startGeneration,
  sweepStranded,
} from './ai-jobs.ts';
import { translateText } from './ai-translate.ts';
import { generationInfo, imageUsageOf, usageOf, videoUsageOf } from './ai-usage.ts';

/** A run may be tried this often after its provider could not be reached (or the process died). */
const RETRY_LIMIT = 2;
const RETRY_DELAY_S = 15;
/** Queued jobs no worker took after this long are handed to the queue again. */
const STRANDED_AFTER_MS = 2 * 60_000;

export function aiDeps(app: FastifyInstance): AiDeps {
  return {
    db: app.db,
    storage: app.storage,
    log: app.log,
    providers: app.ai,
    realtime: app.realtime,
    jobs: app.jobs,
    taskTimeoutMs: app.config.AI_TASK_TIMEOUT_S * 1000,
  };
}

/** Starts a generation and answers SPEC.md §7's fields with the job (urls fill in when it ends). */
async function start(deps: AiDeps, userId: number, request: GenerationRequest) {
  const row = await startGeneration(deps, userId, request);
  const { counts, balance } = await usageOf(deps.db, userId);
  const job = jobView(deps.storage, row);
  const message = row.charge === 'points' ? `已开始生成，消耗 ${row.points} 积分` : '已开始生成';
  return { job, counts, balance, message };
}

/**
 * AI tools (SPEC.md §7 "AI and uploads"; docs/decisions/0022-ai.md): text to image and video
 * as queued jobs with daily quotas and points, the avatar maker and translation.
 */
export const aiModule = defineModule({
  name: 'ai',
  tables,
  endpoints: (app) => {
    const deps = aiDeps(app);
    const providers = () => ({
      image: app.ai.image.info,
      video: app.ai.video.info,
      translate: app.ai.translate?.info ?? { configured: false, local: false, name: '未配置' },
    });
    const imageStart = async (userId: number, request: GenerationRequest) => {
      const { job, counts, balance, message } = await start(deps, userId, request);
      const usage = imageUsageOf(counts, balance, app.ai.image.info, new Date());
      return {
        message,
        urls: job.urls,
        remaining_count: usage.remaining_count,
        integral_balance: balance,
        job_id: job.job_id,
        job,
      };
    };
    const videoStart = async (userId: number, request: GenerationRequest) => {
      const { job, counts, balance, message } = await start(deps, userId, request);
      const usage = videoUsageOf(counts, balance, app.ai.video.info, new Date());
      return {
        message,
        url: job.urls[0] ?? '',
        remaining_count: usage.remaining_count,
        remaining_free: usage.remaining_free,
        integral_balance: balance,
        job_id: job.job_id,
        job,
      };
    };
    const avatarDeps = { db: app.db, storage: app.storage, log: app.log, maker: app.ai.avatar };
    return [
      serve(aiImageUsage, async (_input, { viewer }) => {
        const { counts, balance } = await usageOf(app.db, viewer.id);
        return imageUsageOf(counts, balance, app.ai.image.info, new Date());
      }),
      serve(aiVideoUsage, async (_input, { viewer }) => {
        const { counts, balance } = await usageOf(app.db, viewer.id);
        return videoUsageOf(counts, balance, app.ai.video.info, new Date());
      }),
      serve(aiGenerationInfo, (_input, { viewer }) => generationInfo(app.db, viewer.id, providers())),
      serve(aiTextToImage, ({ prompt, style, aspect }, { viewer }) =>
        imageStart(viewer.id, { kind: 'image', prompt, style, aspect, count: 1, vip: false }),
      ),
      serve(aiVipTextToImage, ({ prompt, style, aspect, count }, { viewer }) =>
        imageStart(viewer.id, { kind: 'image', prompt, style, aspect, count, vip: true }),
      ),
      serve(aiTextToVideo, ({ prompt, style, aspect }, { viewer }) =>
        videoStart(viewer.id, { kind: 'video', prompt, style, aspect, count: 1, vip: false }),
      ),
      serve(aiVipTextToVideo, ({ prompt, style, aspect }, { viewer }) =>
        videoStart(viewer.id, { kind: 'video', prompt, style, aspect, count: 1, vip: true }),
      ),
      serve(aiJob, async ({ job_id }, { viewer }) => jobView(app.storage, await ownJob(app.db, viewer.id, job_id))),
      serve(aiGallery, ({ page, size, kind }, { viewer }) => gallery(deps, viewer.id, page, size, kind)),
      serve(aiGalleryDelete, ({ job_id }, { viewer }) => hideJob(app.db, viewer.id, job_id)),
      serve(aiGenerateAvatar, ({ uname }, { viewer }) => generateAvatars(avatarDeps, viewer.id, uname)),
      serve(aiGetAvatars, ({ uname }, { viewer }) => currentAvatars(avatarDeps, viewer.id, uname)),
      serve(aiUseAvatar, ({ id }, { viewer }) => useAvatar(avatarDeps, viewer.id, id)),
      serve(aiTranslate, ({ content, targetLang }) =>
        translateText({ db: app.db, log: app.log, translator: app.ai.translate }, content, targetLang),
      ),
    ];
  },
  routes: async (app) => {
    const deps = aiDeps(app);
    for (const queue of Object.values(GENERATE_QUEUES)) {
      app.jobs.define<GenerateJobData>(queue.name, {
        retryLimit: RETRY_LIMIT,
        retryDelayS: RETRY_DELAY_S,
        // A run past its time limit (plus the labelling and storing) counts as dead: a crash.
        expireInS: app.config.AI_TASK_TIMEOUT_S + 120,
        concurrency: queue.concurrency,
        handler: ({ data }) => runGeneration(deps, data.jobId),
        onDead: ({ data }) => failGeneration(deps, data.jobId),
      });
    }
    const sweep = scheduleEvery(
      STRANDED_AFTER_MS,
      () => sweepStranded(deps, STRANDED_AFTER_MS),
      app.log,
      'ai stranded jobs',
    );
    app.addHook('onClose', async () => sweep.stop());
  },
});
