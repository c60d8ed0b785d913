// AI tools through the API: quotas and their daily reset, points spent and given back,
// members' generations, jobs and their progress, avatars, translation, and nobody reaching
// another user's work.
import {
  AI_TOTAL_LIMIT,
  type AiJob,
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
  createApiClient,
  ERRORS,
  REALTIME_EVENTS,
  STATUS,
  userInfo,
  VIP_AI_DAILY_LIMIT,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { clientWithToken, newPerson, type Person } from '../../../test/login-as.ts';
import { eventually, listenOnFreePort, openInbox } from '../../../test/sockets.ts';
import { readImageLabel } from '../../platform/ai/ai-label.ts';
import { createLocalAvatarMaker } from '../../platform/ai/local-avatar.ts';
import { createLocalVideoProvider } from '../../platform/ai/local-video.ts';
import { createInjectFetch } from '../../platform/inject-fetch.ts';
import { resolveMediaTools } from '../../platform/media-tools.ts';
import { shanghaiDay } from '../../platform/shanghai-day.ts';
import { setVipUntil } from '../accounts/index.ts';
import { grantPoints, pointsBalance } from '../points/index.ts';
import { pointsLedger } from '../points/points.tables.ts';
import { findOwnUploads } from '../uploads/index.ts';
import { aiDeps } from './ai.module.ts';
import { aiJobs } from './ai.tables.ts';
import { jobEnded, type ScriptedProviders, scriptedProviders } from './ai.test-helper.ts';
import { failGeneration, sweepStranded } from './ai-jobs.ts';
import { resetTimeOf } from './ai-usage.ts';

let t: TestApp;
let ai: ScriptedProviders;
beforeAll(async () => {
  const tools = await resolveMediaTools();
  ai = scriptedProviders(createLocalAvatarMaker(), createLocalVideoProvider({ mediaTools: async () => tools }));
  t = await buildTestApp({}, { ai });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  ai.imageSteps.length = 0;
  ai.videoSteps.length = 0;
  ai.translateSteps.length = 0;
});

function anonymous() {
  return createApiClient({ baseUrl: '', signSecret: t.config.API_SIGN_SECRET, fetch: createInjectFetch(t.app) });
}

let refs = 0;
async function givePoints(person: Person, amount: number) {
  await grantPoints(t.app.db, person.id, amount, 'signup', `ai-test-${++refs}`);
}

/** Generations of the day recorded without running them (the quota reads rows). */
async function usedToday(person: Person, kind: 'image' | 'video', n: number, vip = false) {
  const day = shanghaiDay(new Date());
  await t.app.db.insert(aiJobs).values(
    Array.from({ length: n }, () => ({
      userId: person.id,
      kind,
      state: 'succeeded',
      prompt: 'earlier',
      style: 'auto',
      aspect: '1:1',
      width: 1024,
      height: 1024,
      charge: vip ? 'vip' : 'free',
      vip,
      day,
      providerName: 'earlier',
      providerLocal: true,
    })),
  );
}

describe('usage', () => {
  it('starts a day with SPEC.md §9 limits and prices, resetting at midnight Beijing time', async () => {
    const me = await newPerson(t);
    await givePoints(me, 7);
    const image = await me.api.call(aiImageUsage, {});
    expect(image).toMatchObject({
      free_limit: 20,
      used_count: 0,
      remaining_free: 20,
      integral_balance: 7,
      price: 2,
      total_limit: AI_TOTAL_LIMIT,
      remaining_count: AI_TOTAL_LIMIT,
      provider: { configured: true, local: false, name: '测试绘画' },
    });
    const video = await me.api.call(aiVideoUsage, {});
    expect(video).toMatchObject({ free_limit: 3, remaining_free: 3, prices: { '5': 5 }, duration: 5 });
    expect(image.reset_time).toBe(resetTimeOf(new Date()));
    const reset = new Date(image.reset_time);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(reset.toISOString().slice(11, 19)).toBe('16:00:00');
  });

  it('reports whether translation is configured, and the members’ allowance only to members', async () => {
    const me = await newPerson(t);
    const info = await me.api.call(aiGenerationInfo, {});
    expect(info.translate).toEqual({ configured: true, local: false, name: '测试翻译' });
    expect(info.vip).toEqual({ is_vip: 0, image_limit: 0, image_used: 0, video_limit: 0, video_used: 0 });
    await setVipUntil(t.app.db, me.id, new Date(Date.now() + 86_400_000));
    expect((await me.api.call(aiGenerationInfo, {})).vip).toMatchObject({
      is_vip: 1,
      image_limit: VIP_AI_DAILY_LIMIT.image,
      video_limit: VIP_AI_DAILY_LIMIT.video,
    });
  });

  it('refuses a logged-out visitor every AI call with 用户未登录', async () => {
    for (const call of [
      () => anonymous().call(aiImageUsage, {}),
      () => anonymous().call(aiTextToImage, { prompt: '雪山下的电动车' }),
      () => anonymous().call(aiTranslate, { content: 'hello' }),
      () => anonymous().call(aiGetAvatars, {}),
    ]) {
      expect((await apiFailure(call())).status).toBe(STATUS.NOT_LOGGED_IN);
    }
  });
});

describe('text to image', () => {
  it('answers at once with a queued job that ends with a labelled picture the owner may post', async () => {
    const me = await newPerson(t);
    const started = await me.api.call(aiTextToImage, { prompt: '夕阳下的白色电动车', style: 'photo', aspect: '16:9' });
    expect(started).toMatchObject({ urls: [], remaining_count: AI_TOTAL_LIMIT - 1, integral_balance: 0 });
    expect(started.job).toMatchObject({
      state: 'queued',
      kind: 'image',
      charge: 'free',
      points: 0,
      width: 1024,
      height: 576,
    });
    const job = await jobEnded(me.api, started.job_id);
    expect(job).toMatchObject({ state: 'succeeded', progress: 100, error: '' });
    expect(job.urls).toHaveLength(1);
    expect(job.paths[0]).toMatch(/^posts\/\d{4}\/\d{2}\/\d+-[0-9a-f]{24}-1\.jpg$/);
    const picture = await t.app.storage.get(job.paths[0] ?? '');
    expect(await readImageLabel(picture)).toMatchObject({ Label: '1', ContentProducer: '车友圈' });
    expect((await findOwnUploads(t.app.db, me.id, job.paths)).size).toBe(1);
    expect(await me.api.call(aiImageUsage, {})).toMatchObject({ used_count: 1, remaining_free: 19 });
  });

  it('refuses a prompt with prohibited words, charging nothing', async () => {
    const me = await newPerson(t);
    const failure = await apiFailure(me.api.call(aiTextToImage, { prompt: '代开发票 电动车' }));
    expect(failure.message).toBe(ERRORS.CONTENT_PROHIBITED.message);
    expect((await me.api.call(aiImageUsage, {})).used_count).toBe(0);
  });

  it('refuses an empty or overlong prompt and an unknown style', async () => {
    const me = await newPerson(t);
    for (const body of [{ prompt: '  ' }, { prompt: 'x'.repeat(501) }, { prompt: '车', style: 'nope' }]) {
      expect((await apiFailure(me.api.call(aiTextToImage, body as never))).status).toBe(STATUS.VALIDATION_FAILED);
    }
  });
});

describe('charging', () => {
  it('charges points past the free uses, and refuses a short balance without a trace', async () => {
    const me = await newPerson(t);
    await usedToday(me, 'video', 3);
    await givePoints(me, 7);
    const paid = await me.api.call(aiTextToVideo, { prompt: '城市夜景', duration: 10 } as never);
    expect(paid.job).toMatchObject({ charge: 'points', points: 5 });
    expect(paid.integral_balance).toBe(2);
    expect(paid.remaining_free).toBe(0);
    const before = await t.app.db.select().from(aiJobs).where(eq(aiJobs.userId, me.id));
    const failure = await apiFailure(me.api.call(aiTextToVideo, { prompt: '再来一个' }));
    expect(failure.status).toBe(STATUS.CONFLICT);
    expect(failure.message).toBe('积分不足：本次需要 5 积分，当前 2 积分');
    expect(await t.app.db.select().from(aiJobs).where(eq(aiJobs.userId, me.id))).toHaveLength(before.length);
    expect(await pointsBalance(t.app.db, me.id)).toBe(2);
    await jobEnded(me.api, paid.job_id, 60_000);
  }, 90_000);

  it('refuses once the day’s total is used', async () => {
    const me = await newPerson(t);
    await usedToday(me, 'image', 20 - 1);
    const free = await me.api.call(aiTextToImage, { prompt: '第二十次' });
    expect(free.job.charge).toBe('free');
    await jobEnded(me.api, free.job_id);
    // SPEC.md §9: the day's total (20) equals the free pictures, so the total refuses first.
    const refused = await apiFailure(me.api.call(aiTextToImage, { prompt: '第二十一次' }));
    expect(refused.status).toBe(STATUS.RATE_LIMITED);
    expect(refused.message).toBe(ERRORS.AI_DAILY_LIMIT.message);
  });

  it('refunds a paid generation that fails, once, and the ledger shows both lines', async () => {
    const me = await newPerson(t);
    await usedToday(me, 'video', 3);
    await givePoints(me, 10);
    ai.videoSteps.push({ fail: 'refused' });
    const paid = await me.api.call(aiTextToVideo, { prompt: '会失败的视频' });
    expect(paid.job.points).toBe(5);
    const job = await jobEnded(me.api, paid.job_id);
    expect(job).toMatchObject({ state: 'failed', refunded: true, error: '生成失败，请稍后重试' });
    // The queue's dead-letter path may end it again: the refund stays single.
    await failGeneration(aiDeps(t.app), paid.job_id);
    expect(await pointsBalance(t.app.db, me.id)).toBe(10);
    const ledger = await t.app.db.select().from(pointsLedger).where(eq(pointsLedger.userId, me.id));
    expect(
      ledger.filter((line) => line.ref === `ai-job:${paid.job_id}`).map((line) => [line.reason, line.amount]),
    ).toEqual([
      ['ai_video', -5],
      ['ai_refund', 5],
    ]);
    expect((await me.api.call(aiVideoUsage, {})).used_count).toBe(3);
  });

  it('fails a refused generation with SPEC.md §8’s message and an unusable answer with the other', async () => {
    const me = await newPerson(t);
    ai.imageSteps.push({ fail: 'refused' }, { fail: 'invalid' });
    const first = await me.api.call(aiTextToImage, { prompt: '会被拒绝' });
    expect(await jobEnded(me.api, first.job_id)).toMatchObject({
      state: 'failed',
      error: '生成失败，请稍后重试',
      refunded: false,
    });
    const second = await me.api.call(aiTextToImage, { prompt: '返回无效数据' });
    expect(await jobEnded(me.api, second.job_id)).toMatchObject({ error: '生成失败，服务器返回无效数据' });
    expect(await me.api.call(aiImageUsage, {})).toMatchObject({ used_count: 0, remaining_count: AI_TOTAL_LIMIT });
  });

  it('holds the daily total under concurrent requests', async () => {
    const me = await newPerson(t);
    await usedToday(me, 'image', AI_TOTAL_LIMIT - 3);
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => me.api.call(aiTextToImage, { prompt: `并发 ${i}` })),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    for (const answer of answers) {
      if (answer.status === 'rejected') expect((answer.reason as { status: number }).status).toBe(STATUS.RATE_LIMITED);
    }
  });

  it('spends a balance that covers two paid videos on exactly two of five concurrent requests', async () => {
    const me = await newPerson(t);
    await usedToday(me, 'video', 3);
    await givePoints(me, 10);
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => me.api.call(aiTextToVideo, { prompt: `视频 ${i}` })),
    );
    const accepted = answers.filter((a) => a.status === 'fulfilled');
    expect(accepted).toHaveLength(2);
    expect(await pointsBalance(t.app.db, me.id)).toBe(0);
    for (const answer of accepted) await jobEnded(me.api, answer.value.job_id, 60_000);
  }, 120_000);

  it('starts a new day at midnight Beijing time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T15:59:00Z') });
    const me = await newPerson(t);
    await usedToday(me, 'image', AI_TOTAL_LIMIT);
    expect((await apiFailure(me.api.call(aiTextToImage, { prompt: '午夜前' }))).status).toBe(STATUS.RATE_LIMITED);
    expect((await me.api.call(aiImageUsage, {})).reset_time).toBe('2026-11-26T16:00:00.000Z');
    vi.setSystemTime(new Date('2026-11-26T16:00:01Z'));
    expect(await me.api.call(aiImageUsage, {})).toMatchObject({ used_count: 0, remaining_count: AI_TOTAL_LIMIT });
    const next = await me.api.call(aiTextToImage, { prompt: '午夜后' });
    expect(next.job.charge).toBe('free');
    vi.useRealTimers();
    // The client signs with the clock it was made with: a new one for the real clock.
    await jobEnded(clientWithToken(t, me.token), next.job_id);
  });
});

describe('members', () => {
  it('refuses the members’ endpoints to others with VIP_REQUIRED', async () => {
    const me = await newPerson(t);
    const failure = await apiFailure(me.api.call(aiVipTextToImage, { prompt: '高清' }));
    expect(failure.message).toBe(ERRORS.VIP_REQUIRED.message);
  });

  it('gives members up to four larger pictures, free, counted apart from the standard quota', async () => {
    const me = await newPerson(t);
    await setVipUntil(t.app.db, me.id, new Date(Date.now() + 86_400_000));
    const started = await me.api.call(aiVipTextToImage, { prompt: '会员高清', aspect: '3:4', count: 3 });
    expect(started.job).toMatchObject({ vip: true, charge: 'vip', points: 0, width: 1080, height: 1440 });
    expect((await jobEnded(me.api, started.job_id)).urls).toHaveLength(3);
    expect(ai.imageCalls.at(-1)).toEqual({ width: 1080, height: 1440, count: 3 });
    expect((await me.api.call(aiImageUsage, {})).used_count).toBe(0);
    expect((await me.api.call(aiGenerationInfo, {})).vip.image_used).toBe(1);
  });

  it('refuses past the members’ daily allowance', async () => {
    const me = await newPerson(t);
    await setVipUntil(t.app.db, me.id, new Date(Date.now() + 86_400_000));
    await usedToday(me, 'image', VIP_AI_DAILY_LIMIT.image, true);
    const failure = await apiFailure(me.api.call(aiVipTextToImage, { prompt: '再来' }));
    expect(failure.message).toBe(ERRORS.AI_VIP_DAILY_LIMIT.message);
  });
});

describe('progress', () => {
  it('sends the job’s progress and its end to the owner’s sockets only', async () => {
    const listening = await buildTestApp({}, { ai });
    try {
      const url = await listenOnFreePort(listening.app);
      const me = await newPerson(listening);
      const other = await newPerson(listening);
      const mine = await openInbox(url, me.token);
      const theirs = await openInbox(url, other.token);
      let release = () => {};
      ai.imageSteps.push({ hold: new Promise<void>((resolve) => (release = resolve)) });
      const started = await me.api.call(aiTextToImage, { prompt: '看进度' });
      const running = await eventually<AiJob>(
        mine,
        REALTIME_EVENTS.aiJob,
        (job) => job.state === 'running' && job.progress > 0,
      );
      expect(running.job_id).toBe(started.job_id);
      release();
      const done = await eventually<AiJob>(mine, REALTIME_EVENTS.aiJob, (job) => job.state === 'succeeded');
      expect(done.urls).toHaveLength(1);
      expect(theirs.events.get(REALTIME_EVENTS.aiJob) ?? []).toEqual([]);
      mine.socket.disconnect();
      theirs.socket.disconnect();
    } finally {
      await listening.close();
    }
  });

  it('queues again a job whose hand-over to the queue was lost', async () => {
    const me = await newPerson(t);
    const [row] = await t.app.db
      .insert(aiJobs)
      .values({
        userId: me.id,
        kind: 'image',
        prompt: '丢失的任务',
        style: 'auto',
        aspect: '1:1',
        width: 1024,
        height: 1024,
        charge: 'free',
        day: shanghaiDay(new Date()),
        providerName: '测试绘画',
        providerLocal: false,
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    expect(await sweepStranded(aiDeps(t.app), 2 * 60_000)).toBeGreaterThanOrEqual(1);
    expect((await jobEnded(me.api, row?.id ?? 0)).state).toBe('succeeded');
  });
});

describe('gallery and access', () => {
  it('lists only the owner’s work, and refuses another user’s job everywhere as not found', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    const started = await me.api.call(aiTextToImage, { prompt: '我的作品' });
    await jobEnded(me.api, started.job_id);
    expect((await me.api.call(aiGallery, {})).items.map((job) => job.job_id)).toEqual([started.job_id]);
    expect((await other.api.call(aiGallery, {})).items).toEqual([]);
    expect((await apiFailure(other.api.call(aiJob, { job_id: started.job_id }))).message).toBe(
      ERRORS.AI_JOB_NOT_FOUND.message,
    );
    expect((await apiFailure(other.api.call(aiGalleryDelete, { job_id: started.job_id }))).status).toBe(
      STATUS.NOT_FOUND,
    );
    expect((await me.api.call(aiJob, { job_id: started.job_id })).state).toBe('succeeded');
    expect(await me.api.call(aiGalleryDelete, { job_id: started.job_id })).toEqual({ job_id: started.job_id });
    expect((await me.api.call(aiGallery, {})).items).toEqual([]);
    // The files stay: a post may show them.
    expect(
      await t.app.storage.exists(
        (await t.app.db.select().from(aiJobs).where(eq(aiJobs.id, started.job_id)))[0]?.resultKeys[0] ?? '',
      ),
    ).toBe(true);
  });
});

describe('avatars', () => {
  it('offers one choice per style, a new set on request, and sets the picked one as the profile avatar', async () => {
    const me = await newPerson(t);
    const first = await me.api.call(aiGetAvatars, { uname: '小明' });
    expect(first.avatars.map((a) => a.style)).toEqual([...createLocalAvatarMaker().styles]);
    expect(first.provider.local).toBe(true);
    expect((await me.api.call(aiGetAvatars, {})).avatars).toEqual(first.avatars);
    const second = await me.api.call(aiGenerateAvatar, { uname: '小明' });
    expect(second.avatars.map((a) => a.id)).not.toEqual(first.avatars.map((a) => a.id));
    const oldKey = first.avatars[0]?.url.replace(/^\/files\//, '') ?? '';
    expect(await t.app.storage.exists(oldKey)).toBe(false);
    const picked = second.avatars[1];
    if (!picked) throw new Error('no avatar');
    const before = (await me.api.call(userInfo, { uid: me.id })).avatar;
    const answer = await me.api.call(aiUseAvatar, { id: picked.id });
    expect(answer.url).not.toBe(before);
    expect((await me.api.call(userInfo, { uid: me.id })).avatar).toBe(answer.path);
  });

  it('refuses another user’s avatar choice as not found', async () => {
    const me = await newPerson(t);
    const other = await newPerson(t);
    const set = await me.api.call(aiGetAvatars, {});
    const failure = await apiFailure(other.api.call(aiUseAvatar, { id: set.avatars[0]?.id ?? 0 }));
    expect(failure.message).toBe(ERRORS.AI_AVATAR_NOT_FOUND.message);
  });
});

describe('translation', () => {
  it('translates into Chinese by default and never pays twice for the same text', async () => {
    const me = await newPerson(t);
    const calls = ai.translateCalls.length;
    ai.translateSteps.push({ text: '充电桩在地下二层', sourceLang: 'en' });
    const answer = await me.api.call(aiTranslate, { content: 'The charger is on B2' });
    expect(answer).toEqual({ translatedText: '充电桩在地下二层', sourceLang: 'en', targetLang: 'zh' });
    expect(await me.api.call(aiTranslate, { content: 'The charger is on B2', targetLang: 'Chinese' })).toEqual(answer);
    expect(ai.translateCalls.length).toBe(calls + 1);
  });

  it('answers Chinese text asked into Chinese as it is, without calling the provider', async () => {
    const me = await newPerson(t);
    const calls = ai.translateCalls.length;
    expect(await me.api.call(aiTranslate, { content: '今天去超充站' })).toEqual({
      translatedText: '今天去超充站',
      sourceLang: 'zh',
      targetLang: 'zh',
    });
    expect(ai.translateCalls.length).toBe(calls);
  });

  it('answers SPEC.md §8’s messages for an invalid or empty answer and a clear one when unreachable', async () => {
    const me = await newPerson(t);
    ai.translateSteps.push({ fail: 'invalid' }, { text: '  ', sourceLang: 'en' }, { fail: 'unavailable' });
    expect((await apiFailure(me.api.call(aiTranslate, { content: 'first text' }))).message).toBe(
      '翻译服务返回无效响应',
    );
    expect((await apiFailure(me.api.call(aiTranslate, { content: 'second text' }))).message).toBe('翻译结果为空');
    expect((await apiFailure(me.api.call(aiTranslate, { content: 'third text' }))).message).toBe(
      '翻译服务暂不可用，请稍后再试',
    );
  });

  it('refuses an unknown language and overlong text', async () => {
    const me = await newPerson(t);
    expect((await apiFailure(me.api.call(aiTranslate, { content: 'hi', targetLang: 'xx' } as never))).status).toBe(
      STATUS.VALIDATION_FAILED,
    );
    expect((await apiFailure(me.api.call(aiTranslate, { content: 'a'.repeat(2001) }))).status).toBe(
      STATUS.VALIDATION_FAILED,
    );
  });

  it('answers 翻译服务未配置 when no provider is configured', async () => {
    const bare = await buildTestApp({}, { ai: { ...ai, translate: null } });
    try {
      const me = await newPerson(bare);
      const failure = await apiFailure(me.api.call(aiTranslate, { content: 'hello there' }));
      expect(failure).toMatchObject({ status: STATUS.UNAVAILABLE, message: '翻译服务未配置' });
      expect((await me.api.call(aiGenerationInfo, {})).translate.configured).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
