import {
  AI_TOTAL_LIMIT,
  type AiGenerationInfo,
  type AiImageUsage,
  type AiJobKind,
  type AiProviderInfo,
  type AiVideoUsage,
  AppError,
  IMAGE_GENERATION,
  VIDEO_GENERATION,
  VIP_AI_DAILY_LIMIT,
} from '@evcircle/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { shanghaiDay } from '../../platform/shanghai-day.ts';
import { vipOf, vipUntilOf } from '../accounts/index.ts';
import { pointsBalance } from '../points/index.ts';
import { aiJobs } from './ai.tables.ts';

// The daily quotas (SPEC.md §3 "AI usage", §9; docs/decisions/0022-ai.md). Counts are the
// day's generations that did not fail, read from ai_jobs: a failed generation gives its use
// back with its points, so the counts and the ledger always agree.

/** What one day's generations of a user add up to. */
export type DayCounts = {
  /** Through the standard endpoints, by kind. */
  image: number;
  video: number;
  /** Through the members' endpoints, by kind. */
  vipImage: number;
  vipVideo: number;
};

/** The next midnight in Beijing after `now`, ISO 8601 (when the counts start again). */
export function resetTimeOf(now: Date): string {
  const day = shanghaiDay(now);
  return new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();
}

export async function dayCounts(db: Db, userId: number, day: string): Promise<DayCounts> {
  const rows = await db
    .select({ kind: aiJobs.kind, vip: aiJobs.vip, n: sql<number>`count(*)::int` })
    .from(aiJobs)
    .where(and(eq(aiJobs.userId, userId), eq(aiJobs.day, day), ne(aiJobs.state, 'failed')))
    .groupBy(aiJobs.kind, aiJobs.vip);
  const counts: DayCounts = { image: 0, video: 0, vipImage: 0, vipVideo: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    if (row.kind === 'image') counts[row.vip ? 'vipImage' : 'image'] += n;
    else counts[row.vip ? 'vipVideo' : 'video'] += n;
  }
  return counts;
}

/** How a standard generation of `kind` would be paid now: free, or this many points. */
export type StandardCharge = { charge: 'free'; points: 0 } | { charge: 'points'; points: number };

const FREE_LIMIT: Record<AiJobKind, number> = { image: IMAGE_GENERATION.freeLimit, video: VIDEO_GENERATION.freeLimit };

/** SPEC.md §9: image 2 points; video by duration ({5: 5}). */
export function priceOf(kind: AiJobKind): number {
  if (kind === 'image') return IMAGE_GENERATION.price;
  const price = VIDEO_GENERATION.prices[VIDEO_GENERATION.durationS];
  if (price === undefined) throw new Error(`no video price for ${VIDEO_GENERATION.durationS} s`);
  return price;
}

/** A daily quota's refusal: rate limited until the counts start again (`data.retryAfter`, Retry-After). */
function dailyLimitReached(code: 'AI_DAILY_LIMIT' | 'AI_VIP_DAILY_LIMIT', now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((Date.parse(resetTimeOf(now)) - now.getTime()) / 1000));
  return new AppError(code, {}, { retryAfter });
}

/**
 * The charge of one more standard generation, or the refusal: AI_DAILY_LIMIT once the day's
 * total is used. Call under the user's quota lock (ai-jobs.ts) so the counts cannot move.
 */
export function standardChargeOf(kind: AiJobKind, counts: DayCounts, now = new Date()): StandardCharge {
  if (counts.image + counts.video >= AI_TOTAL_LIMIT) throw dailyLimitReached('AI_DAILY_LIMIT', now);
  if (counts[kind] < FREE_LIMIT[kind]) return { charge: 'free', points: 0 };
  return { charge: 'points', points: priceOf(kind) };
}

/** Refuses a members' generation past the members' daily allowance. */
export function assertVipAllowance(kind: AiJobKind, counts: DayCounts, now = new Date()): void {
  const used = kind === 'image' ? counts.vipImage : counts.vipVideo;
  if (used >= VIP_AI_DAILY_LIMIT[kind]) throw dailyLimitReached('AI_VIP_DAILY_LIMIT', now);
}

type UsageBase = Omit<AiImageUsage, 'price' | 'provider'>;

function usageBase(kind: AiJobKind, counts: DayCounts, balance: number, now: Date): UsageBase {
  const used = counts[kind];
  return {
    free_limit: FREE_LIMIT[kind],
    used_count: used,
    remaining_free: Math.max(0, FREE_LIMIT[kind] - used),
    integral_balance: balance,
    total_limit: AI_TOTAL_LIMIT,
    remaining_count: Math.max(0, AI_TOTAL_LIMIT - counts.image - counts.video),
    reset_time: resetTimeOf(now),
  };
}

export function imageUsageOf(counts: DayCounts, balance: number, provider: AiProviderInfo, now: Date): AiImageUsage {
  return { ...usageBase('image', counts, balance, now), price: priceOf('image'), provider };
}

export function videoUsageOf(counts: DayCounts, balance: number, provider: AiProviderInfo, now: Date): AiVideoUsage {
  return {
    ...usageBase('video', counts, balance, now),
    prices: Object.fromEntries(Object.entries(VIDEO_GENERATION.prices).map(([s, p]) => [String(s), p])),
    duration: VIDEO_GENERATION.durationS,
    provider,
  };
}

export type UsageProviders = { image: AiProviderInfo; video: AiProviderInfo; translate: AiProviderInfo };

/** generation-info: both kinds, the day's total, the members' allowance and who does the work. */
export async function generationInfo(
  db: Db,
  userId: number,
  providers: UsageProviders,
  now = new Date(),
): Promise<AiGenerationInfo> {
  const [counts, balance, vipUntil] = await Promise.all([
    dayCounts(db, userId, shanghaiDay(now)),
    pointsBalance(db, userId),
    vipUntilOf(db, userId),
  ]);
  const isVip = vipOf({ vipUntil }, now);
  const used = counts.image + counts.video;
  return {
    total_limit: AI_TOTAL_LIMIT,
    used_count: used,
    remaining_count: Math.max(0, AI_TOTAL_LIMIT - used),
    reset_time: resetTimeOf(now),
    integral_balance: balance,
    image: imageUsageOf(counts, balance, providers.image, now),
    video: videoUsageOf(counts, balance, providers.video, now),
    vip: {
      is_vip: isVip,
      image_limit: isVip ? VIP_AI_DAILY_LIMIT.image : 0,
      image_used: counts.vipImage,
      video_limit: isVip ? VIP_AI_DAILY_LIMIT.video : 0,
      video_used: counts.vipVideo,
    },
    translate: providers.translate,
  };
}

/** The usage of one kind (image/usage-info, video/usage-info). */
export async function usageOf(db: Db, userId: number, now = new Date()) {
  const [counts, balance] = await Promise.all([dayCounts(db, userId, shanghaiDay(now)), pointsBalance(db, userId)]);
  return { counts, balance };
}
