import {
  type AiGenerationInfo,
  type AiJob,
  type AiJobKind,
  type AiJobState,
  formatMessage,
} from '@evcircle/contract/client';
import { chinaTimeParts } from '~/lib/china-time.ts';
import { AI_MESSAGES } from './messages.ts';

// What the /ai page decides apart from React (so it is tested alone): what the next
// generation costs, and how a job's updates from the socket and the poll come together.

/** Standard generation, or the members' endpoints (会员高清). */
export type GenerationMode = 'standard' | 'vip';

export type Cost = {
  /** The line under the prompt: free uses left, the points it takes, or why it cannot run. */
  text: string;
  /** False when the server would refuse (nothing left today, too few points, the members' uses spent). */
  canGenerate: boolean;
  /** How it is paid, for the line's colour. */
  tone: 'free' | 'points' | 'vip' | 'blocked';
};

/** The points one generation of `kind` costs once the free uses are spent. */
export function pointsPrice(info: AiGenerationInfo, kind: AiJobKind): number {
  if (kind === 'image') return info.image.price;
  const { prices, duration } = info.video;
  return prices[String(duration)] ?? Object.values(prices)[0] ?? 0;
}

/**
 * What the next generation of `kind` costs, from generation-info (SPEC.md §3 "AI usage"):
 * the members' allowance in vip mode; otherwise the free uses first, then points, and
 * nothing at all once today's total is used.
 */
export function costOf(info: AiGenerationInfo, kind: AiJobKind, mode: GenerationMode): Cost {
  if (mode === 'vip') {
    const limit = kind === 'image' ? info.vip.image_limit : info.vip.video_limit;
    const used = kind === 'image' ? info.vip.image_used : info.vip.video_used;
    const left = Math.max(0, limit - used);
    if (left === 0) return { text: AI_MESSAGES.costVipUsedUp, canGenerate: false, tone: 'blocked' };
    return { text: formatMessage(AI_MESSAGES.costVip, { count: left }), canGenerate: true, tone: 'vip' };
  }
  const usage = kind === 'image' ? info.image : info.video;
  if (usage.remaining_count <= 0) return { text: AI_MESSAGES.costUsedUp, canGenerate: false, tone: 'blocked' };
  if (usage.remaining_free > 0) {
    return {
      text: formatMessage(AI_MESSAGES.costFree, { count: usage.remaining_free }),
      canGenerate: true,
      tone: 'free',
    };
  }
  const price = pointsPrice(info, kind);
  const balance = usage.integral_balance;
  if (balance < price) {
    return { text: formatMessage(AI_MESSAGES.costShort, { price, balance }), canGenerate: false, tone: 'blocked' };
  }
  return { text: formatMessage(AI_MESSAGES.costPoints, { price, balance }), canGenerate: true, tone: 'points' };
}

/** "今日共剩 18/20 次 · 05-02 00:00 重置": today's total and when it starts again (Beijing time). */
export function totalsText(info: AiGenerationInfo): string {
  const total = formatMessage(AI_MESSAGES.totalLeft, { count: info.remaining_count, total: info.total_limit });
  const time = Date.parse(info.reset_time);
  if (Number.isNaN(time)) return total;
  const p = chinaTimeParts(time);
  return `${total} · ${formatMessage(AI_MESSAGES.resetAt, { time: `${p.month}-${p.day} ${p.hour}:${p.minute}` })}`;
}

const STATE_ORDER: Record<AiJobState, number> = { queued: 0, running: 1, succeeded: 2, failed: 2 };

export function isJobActive(job: AiJob): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/**
 * The later of two reports of the same job. The socket and the poll answer in any order:
 * a job never goes back (queued → running → succeeded or failed), its progress never
 * drops while it runs, and an ended job stays as it ended.
 */
export function laterJob(known: AiJob | undefined, incoming: AiJob): AiJob {
  if (!known || known.job_id !== incoming.job_id) return incoming;
  const from = STATE_ORDER[known.state];
  const to = STATE_ORDER[incoming.state];
  if (to > from) return incoming;
  if (to < from || !isJobActive(known)) return known;
  return incoming.progress >= known.progress ? incoming : known;
}

/** The jobs the page follows, by id. */
export type JobsState = Readonly<Record<number, AiJob>>;

export type JobsAction = { type: 'report'; job: AiJob } | { type: 'forget'; jobId: number };

export function jobsReducer(state: JobsState, action: JobsAction): JobsState {
  if (action.type === 'forget') {
    if (!(action.jobId in state)) return state;
    const { [action.jobId]: _gone, ...rest } = state;
    return rest;
  }
  const known = state[action.job.job_id];
  const next = laterJob(known, action.job);
  return next === known ? state : { ...state, [next.job_id]: next };
}

/** The tab ?tab= asks for (图片 unless it says video). */
export function tabFromSearch(search: string): AiJobKind {
  return new URLSearchParams(search).get('tab') === 'video' ? 'video' : 'image';
}

/**
 * The draft a finished job opens the composer with (draft-release): its pictures or its
 * video, which the server recorded as the viewer's uploads, and the prompt as the text to edit.
 */
export function draftOfJob(job: AiJob) {
  const isVideo = job.kind === 'video';
  return {
    content: job.prompt,
    type: '' as const,
    imgpack: isVideo ? [] : job.paths.map((src) => ({ src, width: job.width, height: job.height })),
    viosrc: isVideo ? (job.paths[0] ?? '') : '',
    location: '',
    checkin: 0 as const,
  };
}

/**
 * The history as shown: the jobs this visit follows in their latest state, those not on
 * the fetched pages yet (just started) first, newest first.
 */
export function galleryWithLive(items: readonly AiJob[], live: JobsState): AiJob[] {
  const listed = new Set(items.map((job) => job.job_id));
  const fresh = Object.values(live)
    .filter((job) => !listed.has(job.job_id))
    .sort((a, b) => b.job_id - a.job_id);
  return [...fresh, ...items.map((job) => live[job.job_id] ?? job)];
}
