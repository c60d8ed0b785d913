import type { AiGenerationInfo, AiJob } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  costOf,
  draftOfJob,
  galleryWithLive,
  jobsReducer,
  laterJob,
  tabFromSearch,
  totalsText,
} from './generation-rules.ts';

const PROVIDER = { configured: true, local: true, name: '本地生成器' };

function info(overrides: {
  image?: Partial<AiGenerationInfo['image']>;
  video?: Partial<AiGenerationInfo['video']>;
  vip?: Partial<AiGenerationInfo['vip']>;
  remaining_count?: number;
}): AiGenerationInfo {
  const usage = {
    free_limit: 20,
    used_count: 2,
    remaining_free: 18,
    integral_balance: 120,
    total_limit: 20,
    remaining_count: overrides.remaining_count ?? 18,
    reset_time: '2024-05-01T16:00:00.000Z',
    provider: PROVIDER,
  };
  return {
    total_limit: 20,
    used_count: 2,
    remaining_count: overrides.remaining_count ?? 18,
    reset_time: '2024-05-01T16:00:00.000Z',
    integral_balance: 120,
    image: { ...usage, price: 2, ...overrides.image },
    video: { ...usage, free_limit: 3, remaining_free: 3, prices: { '5': 5 }, duration: 5, ...overrides.video },
    vip: { is_vip: 0, image_limit: 0, image_used: 0, video_limit: 0, video_used: 0, ...overrides.vip },
    translate: { configured: false, local: false, name: '' },
  };
}

function job(overrides: Partial<AiJob> = {}): AiJob {
  return {
    job_id: 7,
    kind: 'image',
    state: 'queued',
    state_text: '排队中',
    progress: 0,
    prompt: '海边公路',
    style: 'auto',
    aspect: '1:1',
    urls: [],
    paths: [],
    poster: '',
    width: 1024,
    height: 1024,
    vip: false,
    charge: 'free',
    points: 0,
    refunded: false,
    provider: PROVIDER,
    error: '',
    created_at: '2024-05-01T08:00:00.000Z',
    finished_at: '',
    ...overrides,
  };
}

describe('what the next generation costs', () => {
  it('counts the free uses first', () => {
    expect(costOf(info({}), 'image', 'standard')).toEqual({
      text: '今日免费剩 18 次',
      canGenerate: true,
      tone: 'free',
    });
    expect(costOf(info({}), 'video', 'standard').text).toBe('今日免费剩 3 次');
  });

  it('then the points of its kind, against the balance', () => {
    const spent = info({ image: { remaining_free: 0 }, video: { remaining_free: 0 } });
    expect(costOf(spent, 'image', 'standard')).toEqual({
      text: '本次消耗 2 积分，当前 120 积分',
      canGenerate: true,
      tone: 'points',
    });
    expect(costOf(spent, 'video', 'standard').text).toBe('本次消耗 5 积分，当前 120 积分');
  });

  it('refuses too few points and a spent daily total', () => {
    const poor = info({ video: { remaining_free: 0, integral_balance: 4 } });
    expect(costOf(poor, 'video', 'standard')).toEqual({
      text: '积分不足：本次需要 5 积分，当前 4 积分',
      canGenerate: false,
      tone: 'blocked',
    });
    const done = info({ image: { remaining_count: 0 } });
    expect(costOf(done, 'image', 'standard')).toMatchObject({
      text: '今日 AI 生成次数已用完，明天 0 点后再来',
      canGenerate: false,
    });
  });

  it("uses the members' own allowance in vip mode", () => {
    const member = info({ vip: { is_vip: 1, image_limit: 50, image_used: 48, video_limit: 10, video_used: 10 } });
    expect(costOf(member, 'image', 'vip')).toEqual({
      text: '会员专享：今日剩 2 次，不消耗积分',
      canGenerate: true,
      tone: 'vip',
    });
    expect(costOf(member, 'video', 'vip')).toMatchObject({
      text: '今日会员专享次数已用完，可使用普通生成',
      canGenerate: false,
    });
  });

  it('says the total left today and when it resets, on the Beijing clock', () => {
    expect(totalsText(info({ remaining_count: 7 }))).toBe('今日共剩 7/20 次 · 05-02 00:00 重置');
  });
});

describe('following a job', () => {
  it('moves forward only: a late poll of an older state or lower progress is ignored', () => {
    const running = job({ state: 'running', progress: 60 });
    expect(laterJob(running, job({ state: 'queued' }))).toBe(running);
    expect(laterJob(running, job({ state: 'running', progress: 40 }))).toBe(running);
    const further = job({ state: 'running', progress: 80 });
    expect(laterJob(running, further)).toBe(further);
    const done = job({ state: 'succeeded', progress: 100, urls: ['/files/a.png'] });
    expect(laterJob(running, done)).toBe(done);
    expect(laterJob(done, job({ state: 'running', progress: 99 }))).toBe(done);
    expect(laterJob(done, job({ state: 'failed', error: '生成失败，请稍后重试' }))).toBe(done);
  });

  it('keeps jobs by id and forgets a deleted one', () => {
    let state = jobsReducer({}, { type: 'report', job: job() });
    state = jobsReducer(state, { type: 'report', job: job({ job_id: 8, state: 'running', progress: 10 }) });
    const same = jobsReducer(state, { type: 'report', job: job({ job_id: 8, state: 'queued' }) });
    expect(same).toBe(state);
    state = jobsReducer(state, { type: 'report', job: job({ state: 'failed', refunded: true }) });
    expect(state[7]?.state).toBe('failed');
    expect(state[8]?.progress).toBe(10);
    state = jobsReducer(state, { type: 'forget', jobId: 7 });
    expect(Object.keys(state)).toEqual(['8']);
  });

  it('shows the followed jobs in the history: new ones first, listed ones in their latest state', () => {
    const listed = [job({ job_id: 5, state: 'running', progress: 20 }), job({ job_id: 3, state: 'succeeded' })];
    const live = {
      5: job({ job_id: 5, state: 'succeeded', progress: 100 }),
      9: job({ job_id: 9 }),
      8: job({ job_id: 8, state: 'running' }),
    };
    const shown = galleryWithLive(listed, live);
    expect(shown.map((j) => [j.job_id, j.state])).toEqual([
      [9, 'queued'],
      [8, 'running'],
      [5, 'succeeded'],
      [3, 'succeeded'],
    ]);
  });
});

describe('the page and the composer', () => {
  it('opens the tab ?tab= names', () => {
    expect(tabFromSearch('?tab=video')).toBe('video');
    expect(tabFromSearch('?tab=other')).toBe('image');
    expect(tabFromSearch('')).toBe('image');
  });

  it("drafts a job's pictures, or its video, with the prompt to edit", () => {
    const pictures = job({ state: 'succeeded', paths: ['ai/1.png', 'ai/2.png'], width: 768, height: 1024 });
    expect(draftOfJob(pictures)).toMatchObject({
      content: '海边公路',
      imgpack: [
        { src: 'ai/1.png', width: 768, height: 1024 },
        { src: 'ai/2.png', width: 768, height: 1024 },
      ],
      viosrc: '',
    });
    const video = job({ kind: 'video', state: 'succeeded', paths: ['ai/v.mp4'], poster: '/files/ai/v.jpg' });
    expect(draftOfJob(video)).toMatchObject({ imgpack: [], viosrc: 'ai/v.mp4' });
  });
});
