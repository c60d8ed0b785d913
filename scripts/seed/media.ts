import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { POST_THEMES } from '@evcircle/contract';
import { avatarCharacter, avatarColorIndex, renderAvatar } from '../../apps/server/src/modules/accounts/avatar-art.ts';
import type { StorageProvider } from '../../apps/server/src/platform/storage/index.ts';
import { HLS_MASTER, hlsDirOf, storeHlsLadder } from '../../apps/server/src/platform/storage/video-hls.ts';
import { poolImageAspect, poolImageKey, type SeedPlan, type SeedUser, videoKey, videoTheme } from './content.ts';
import { renderPostImage } from './images.ts';
import { renderVideo } from './video.ts';

/** One file of the seed: its storage key, and how to draw it when it is not stored yet. */
export type MediaJob = { key: string; contentType: string; render: () => Promise<Buffer> };

/** Runs `work` over `items`, at most `limit` at a time. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Every file the rows of `plan` point at: avatars, the post image pool, the video pool. */
export function mediaJobs(plan: SeedPlan, users: readonly SeedUser[]): MediaJob[] {
  // Videos first: they take longest, so starting them early keeps every lane busy.
  const jobs: MediaJob[] = [];
  if (plan.posts > 0) {
    for (let i = 0; i < plan.videos; i++) {
      jobs.push({
        key: videoKey(plan.seed, i),
        contentType: 'video/mp4',
        render: async () => (await renderVideo(plan.seed, videoTheme(i), i)).data,
      });
    }
  }
  const avatars = new Map<string, { character: string; color: number }>();
  for (const user of users) {
    if (!avatars.has(user.avatar)) {
      avatars.set(user.avatar, { character: avatarCharacter(user.nickname), color: avatarColorIndex(user.nickname) });
    }
  }
  for (const [key, { character, color }] of avatars) {
    jobs.push({ key, contentType: 'image/jpeg', render: () => renderAvatar(character, color) });
  }
  if (plan.posts > 0) {
    for (const theme of POST_THEMES) {
      for (let i = 0; i < plan.imagesPerTheme; i++) {
        const aspect = poolImageAspect(plan.seed, theme, i);
        jobs.push({
          key: poolImageKey(plan.seed, theme, i),
          contentType: 'image/jpeg',
          render: async () => (await renderPostImage(plan.seed, theme, aspect, i)).data,
        });
      }
    }
  }
  return jobs;
}

/** What the seed's media step did; `ladders` are the demo videos that have an HLS ladder. */
export type SeedMediaResult = { rendered: number; reused: number; ladders: string[] };

/**
 * Writes the media of `plan` (avatars, post images, videos) to storage, then gives each
 * demo video its HLS ladder and poster through the uploads' own transcoder (a video that
 * has its master playlist already is skipped, like any stored file).
 */
export async function ensureSeedMedia(
  storage: StorageProvider,
  plan: SeedPlan,
  users: readonly SeedUser[],
  onProgress: (done: number, total: number) => void,
): Promise<SeedMediaResult> {
  const jobs = mediaJobs(plan, users);
  const videos = plan.posts > 0 ? Array.from({ length: plan.videos }, (_, i) => videoKey(plan.seed, i)) : [];
  const total = jobs.length + videos.length;
  const files = await storeMedia(storage, jobs, (done) => onProgress(done, total));
  const ladders = await ensureLadders(storage, videos, (done) => onProgress(jobs.length + done, total));
  return { rendered: files.rendered + ladders.rendered, reused: files.reused + ladders.reused, ladders: ladders.ready };
}

const warnLog = { warn: (obj: object, msg: string) => console.warn(`⚠ ${msg}`, obj) };

/**
 * The HLS ladder of each of `videos` (stored video keys), one at a time (each run uses
 * every core it gets). A video whose ladder cannot be made (no ffprobe on this machine)
 * is said and left out of `ready`: its posts play the original.
 */
async function ensureLadders(
  storage: StorageProvider,
  videos: readonly string[],
  onProgress: (done: number) => void,
): Promise<{ rendered: number; reused: number; ready: string[] }> {
  let rendered = 0;
  let reused = 0;
  const ready: string[] = [];
  for (const [i, key] of videos.entries()) {
    if (await storage.exists(`${hlsDirOf(key)}/${HLS_MASTER}`)) {
      reused++;
      ready.push(key);
    } else {
      const workDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-seed-hls-'));
      try {
        await storeHlsLadder(storage, key, workDir, warnLog);
        rendered++;
        ready.push(key);
      } catch (err) {
        console.warn(`⚠ no HLS ladder for ${key} / 演示视频未生成 HLS：${err instanceof Error ? err.message : err}`);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    }
    onProgress(i + 1);
  }
  return { rendered, reused, ready };
}

/**
 * Renders and stores `jobs`, a few at a time. Files are a pure function of the seed, so
 * a key that already exists holds the right bytes and is skipped: a re-seed with --reset
 * renders nothing.
 */
export async function storeMedia(
  storage: StorageProvider,
  jobs: readonly MediaJob[],
  onProgress: (done: number, total: number) => void,
): Promise<{ rendered: number; reused: number }> {
  let rendered = 0;
  let reused = 0;
  await forEachLimited(jobs, Math.max(1, os.availableParallelism()), async (job) => {
    if (await storage.exists(job.key)) reused++;
    else {
      await storage.put(job.key, await job.render(), job.contentType);
      rendered++;
    }
    onProgress(rendered + reused, jobs.length);
  });
  return { rendered, reused };
}
