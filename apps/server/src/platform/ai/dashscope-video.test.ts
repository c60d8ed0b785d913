import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHSCOPE_NEGATIVE_PROMPT, DASHSCOPE_STYLE_WORDS } from './dashscope-task.ts';
import { createDashScopeVideoProvider, dashScopeVideoSize } from './dashscope-video.ts';
import { type FakeDashScope, makeTinyMp4, startFakeDashScope, VIDEO_ROUTE } from './fake-dashscope.test-helper.ts';
import { providerFailure } from './provider.test-helper.ts';
import type { VideoRequest } from './types.ts';

const KEY = 'sk-test-dashscope-video';
let fake: FakeDashScope;
let mp4: Buffer;
let scratch: string;
let workDir: string;

const REQUEST: VideoRequest = {
  prompt: '一辆电动车驶过海边公路',
  style: 'photo',
  width: 854,
  height: 480,
  durationS: 5,
  seed: 7,
};

function provider(overrides: { model?: string; timeoutMs?: number } = {}) {
  return createDashScopeVideoProvider({
    baseURL: fake.apiBase,
    apiKey: KEY,
    model: overrides.model ?? 'wan2.2-t2v-plus',
    pollIntervalMs: 5,
    timeoutMs: overrides.timeoutMs ?? 10_000,
  });
}

function context(signal: AbortSignal = new AbortController().signal) {
  const progress: number[] = [];
  return { progress, signal, workDir, onProgress: (percent: number) => progress.push(percent) };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'dashscope-video-'));
  mp4 = await makeTinyMp4(scratch);
  fake = await startFakeDashScope({ apiKey: KEY, video: mp4 });
});

afterAll(async () => {
  await fake.close();
  await rm(scratch, { recursive: true, force: true });
});

beforeEach(async () => {
  fake.received.length = 0;
  fake.cancelled.length = 0;
  fake.state.mode = 'ok';
  fake.state.pollFailures = 0;
  fake.state.script = {};
  workDir = await mkdtemp(path.join(scratch, 'work-'));
});

describe('DashScope video provider', () => {
  it('submits a video task, follows it and streams the MP4 into the work directory', async () => {
    fake.state.script = { pendingPolls: 1, runningPolls: 4 };
    const ctx = context();
    const video = await provider().generate(REQUEST, ctx);

    expect(path.dirname(video.path)).toBe(workDir);
    expect((await readFile(video.path)).equals(mp4)).toBe(true);

    const [submit] = fake.callsTo(VIDEO_ROUTE);
    expect(submit).toMatchObject({ method: 'POST', authorization: `Bearer ${KEY}`, async: 'enable' });
    expect(submit?.body).toEqual({
      model: 'wan2.2-t2v-plus',
      input: {
        prompt: `${REQUEST.prompt}，${DASHSCOPE_STYLE_WORDS.photo}`,
        negative_prompt: DASHSCOPE_NEGATIVE_PROMPT,
      },
      // 854×480 is not a size wan2.2 makes: the nearest one it does.
      parameters: { size: '832*480', duration: 5, seed: 7 },
    });
    expect(fake.callsTo('/api/v1/tasks/')).toHaveLength(6);
    expect(ctx.progress[0]).toBe(5);
    expect(ctx.progress.at(-1)).toBe(100);
    // Running (10), rising with time only (a video task reports no metrics), done waiting (85).
    expect(ctx.progress).toContain(10);
    expect(ctx.progress).toContain(85);
    expect([...ctx.progress].sort((a, b) => a - b)).toEqual(ctx.progress);
  });

  it('reads a FAILED task by its code', async () => {
    fake.state.script = {
      outcome: 'fail',
      failure: { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' },
    };
    const refused = await providerFailure(provider().generate(REQUEST, context()));
    expect(refused.kind).toBe('refused');
    expect(refused.detail).toContain('DataInspectionFailed');

    fake.state.script = { outcome: 'fail', failure: { code: 'Throttling.AllocationQuota', message: 'busy' } };
    expect((await providerFailure(provider().generate(REQUEST, context()))).kind).toBe('unavailable');
  });

  it('is invalid when the task ends without a video, or the video is missing or no MP4', async () => {
    fake.state.script = { omitVideoUrl: true };
    expect(await providerFailure(provider().generate(REQUEST, context()))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('without video_url'),
    });
    fake.state.script = { file: 'missing' };
    expect(await providerFailure(provider().generate(REQUEST, context()))).toMatchObject({
      kind: 'invalid',
      detail: 'video download: HTTP 404',
    });
    fake.state.script = { file: 'wrong-type' };
    expect(await providerFailure(provider().generate(REQUEST, context()))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('not video/mp4'),
    });
    expect(await readdir(workDir)).toEqual([]);
  });

  it('is refused with a wrong key, unavailable when DashScope is down', async () => {
    const badKey = await providerFailure(
      createDashScopeVideoProvider({
        baseURL: fake.apiBase,
        apiKey: 'sk-nope',
        model: 'wan2.2-t2v-plus',
        pollIntervalMs: 5,
        timeoutMs: 5000,
      }).generate(REQUEST, context()),
    );
    expect(badKey).toMatchObject({ kind: 'refused', detail: expect.stringContaining('InvalidApiKey') });
    fake.state.mode = 'http-500';
    expect((await providerFailure(provider().generate(REQUEST, context()))).kind).toBe('unavailable');
  });

  it('gives up at its time limit, also while downloading, and when the caller aborts', async () => {
    fake.state.script = { outcome: 'never' };
    expect(await providerFailure(provider({ timeoutMs: 250 }).generate(REQUEST, context()))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('no result within 250 ms'),
    });

    fake.state.script = { pendingPolls: 0, runningPolls: 0, file: 'hang' };
    expect(await providerFailure(provider({ timeoutMs: 1500 }).generate(REQUEST, context()))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('video download: aborted'),
    });
    expect(await readdir(workDir)).toEqual([]);

    fake.state.script = { pendingPolls: 1_000_000 };
    const controller = new AbortController();
    // Once the task is submitted (progress 5), the caller gives up.
    const ctx = context(controller.signal);
    const aborted = await providerFailure(
      provider().generate(REQUEST, { ...ctx, onProgress: () => controller.abort(new Error('shutting down')) }),
    );
    expect(aborted).toMatchObject({ kind: 'unavailable', detail: expect.stringContaining('shutting down') });
    const last = [...fake.tasks.values()].at(-1);
    expect(fake.cancelled.at(-1)).toBe(last?.id);
    expect(last?.cancelled).toBe(true);
  });
});

describe('dashScopeVideoSize', () => {
  it('picks the nearest size a known model makes, by shape first', () => {
    expect(dashScopeVideoSize('wan2.2-t2v-plus', 854, 480)).toBe('832*480');
    expect(dashScopeVideoSize('wan2.2-t2v-plus', 480, 854)).toBe('480*832');
    expect(dashScopeVideoSize('wan2.2-t2v-plus', 480, 480)).toBe('624*624');
    expect(dashScopeVideoSize('wan2.2-t2v-plus', 1280, 720)).toBe('1920*1080');
    expect(dashScopeVideoSize('wanx2.1-t2v-turbo', 1280, 720)).toBe('1280*720');
    expect(dashScopeVideoSize('wanx2.1-t2v-turbo', 960, 720)).toBe('1088*832');
    expect(dashScopeVideoSize('wanx2.1-t2v-plus', 854, 480)).toBe('1280*720');
  });

  it('sends the asked-for size to a model it does not know', () => {
    expect(dashScopeVideoSize('wan9-t2v-future', 854, 480)).toBe('854*480');
  });
});
