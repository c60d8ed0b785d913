import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDashScopeImageProvider, dashScopeImageSize } from './dashscope-image.ts';
import { DASHSCOPE_NEGATIVE_PROMPT, DASHSCOPE_STYLE_WORDS, dashScopeSeed } from './dashscope-task.ts';
import { type FakeDashScope, IMAGE_ROUTE, startFakeDashScope } from './fake-dashscope.test-helper.ts';
import { callContext, providerFailure } from './provider.test-helper.ts';
import type { ImageRequest } from './types.ts';

const KEY = 'sk-test-dashscope-0123456789';
let fake: FakeDashScope;

const REQUEST: ImageRequest = {
  prompt: '雨夜里的一辆白色电动车',
  style: 'cyberpunk',
  width: 1024,
  height: 576,
  count: 2,
  seed: 424_242,
};

function provider(overrides: { apiKey?: string; timeoutMs?: number } = {}) {
  return createDashScopeImageProvider({
    baseURL: fake.apiBase,
    apiKey: overrides.apiKey ?? KEY,
    model: 'wan2.2-t2i-flash',
    pollIntervalMs: 5,
    timeoutMs: overrides.timeoutMs ?? 10_000,
  });
}

beforeAll(async () => {
  fake = await startFakeDashScope({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.received.length = 0;
  fake.cancelled.length = 0;
  fake.state.mode = 'ok';
  fake.state.pollFailures = 0;
  fake.state.script = {};
});

describe('DashScope image provider', () => {
  it('submits an async task as DashScope wants it, follows it to the end and downloads every picture', async () => {
    fake.state.script = { pendingPolls: 2, runningPolls: 3 };
    const ctx = callContext();
    const images = await provider().generate(REQUEST, ctx);

    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.contentType).toBe('image/png');
      expect(await sharp(image.data).metadata()).toMatchObject({ format: 'png', width: 1024, height: 576 });
    }

    const [submit] = fake.callsTo(IMAGE_ROUTE);
    expect(submit).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${KEY}`,
      async: 'enable',
      contentType: 'application/json',
    });
    expect(submit?.body).toEqual({
      model: 'wan2.2-t2i-flash',
      input: {
        prompt: `${REQUEST.prompt}，${DASHSCOPE_STYLE_WORDS.cyberpunk}`,
        negative_prompt: DASHSCOPE_NEGATIVE_PROMPT,
      },
      parameters: { size: '1024*576', n: 2, seed: 424_242 },
    });
    // Two PENDING, three RUNNING and the SUCCEEDED look, each with the key.
    const looks = fake.callsTo('/api/v1/tasks/');
    expect(looks).toHaveLength(6);
    expect(looks.every((look) => look.method === 'GET' && look.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(fake.callsTo('/results/')).toHaveLength(2);

    // Progress: submitted, then rising while it runs, then done; never backwards.
    expect(ctx.progress[0]).toBe(5);
    expect(ctx.progress.at(-1)).toBe(100);
    expect(ctx.progress.some((p) => p > 5 && p < 85)).toBe(true);
    expect([...ctx.progress].sort((a, b) => a - b)).toEqual(ctx.progress);
    expect(new Set(ctx.progress).size).toBe(ctx.progress.length);
  });

  it('adds no style words for auto and keeps seeds in DashScope’s range', async () => {
    await provider().generate({ ...REQUEST, style: 'auto', count: 1, seed: -3_000_000_000 }, callContext());
    const body = fake.callsTo(IMAGE_ROUTE)[0]?.body as { input: { prompt: string }; parameters: { seed: number } };
    expect(body.input.prompt).toBe(REQUEST.prompt);
    expect(body.parameters.seed).toBe(dashScopeSeed(-3_000_000_000));
    expect(body.parameters.seed).toBeGreaterThanOrEqual(0);
    expect(body.parameters.seed).toBeLessThanOrEqual(2_147_483_647);
  });

  it('returns the good pictures of a partly refused task', async () => {
    fake.state.script = {
      results: ['ok', { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' }],
    };
    const images = await provider().generate(REQUEST, callContext());
    expect(images).toHaveLength(1);
    expect(fake.callsTo('/results/')).toHaveLength(1);
  });

  it('counts a task whose every picture was refused as refused, and one with none as invalid', async () => {
    fake.state.script = {
      results: [
        { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' },
        { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' },
      ],
    };
    const refused = await providerFailure(provider().generate(REQUEST, callContext()));
    expect(refused.kind).toBe('refused');
    expect(refused.detail).toContain('DataInspectionFailed');

    fake.state.script = { results: [] };
    expect((await providerFailure(provider().generate(REQUEST, callContext()))).kind).toBe('invalid');
  });

  it('reads a FAILED task by its code: a bad request is refused, their fault is worth another try', async () => {
    fake.state.script = { outcome: 'fail', failure: { code: 'InvalidParameter', message: 'size is invalid' } };
    const refused = await providerFailure(provider().generate(REQUEST, callContext()));
    expect(refused.kind).toBe('refused');
    expect(refused.detail).toMatch(/FAILED: InvalidParameter size is invalid/);

    fake.state.script = { outcome: 'fail', failure: { code: 'InternalError.Algo', message: 'algorithm error' } };
    expect((await providerFailure(provider().generate(REQUEST, callContext()))).kind).toBe('unavailable');
  });

  it('counts a cancelled task as unavailable and a vanished one as invalid', async () => {
    fake.state.script = { outcome: 'cancel' };
    expect((await providerFailure(provider().generate(REQUEST, callContext()))).kind).toBe('unavailable');
    fake.state.script = { outcome: 'unknown' };
    const unknown = await providerFailure(provider().generate(REQUEST, callContext()));
    expect(unknown.kind).toBe('invalid');
    expect(unknown.detail).toContain('UNKNOWN');
  });

  it('is refused with a wrong key or a prompt DashScope will not take', async () => {
    const badKey = await providerFailure(provider({ apiKey: 'sk-wrong' }).generate(REQUEST, callContext()));
    expect(badKey.kind).toBe('refused');
    expect(badKey.detail).toContain('HTTP 401 InvalidApiKey');
    expect(fake.callsTo('/api/v1/tasks/')).toHaveLength(0);

    const prompt = await providerFailure(provider().generate({ ...REQUEST, prompt: '违禁内容' }, callContext()));
    expect(prompt.kind).toBe('refused');
    expect(prompt.detail).toContain('DataInspectionFailed');
  });

  it('is unavailable when DashScope is broken, throttling or not DashScope', async () => {
    for (const [mode, status] of [
      ['http-500', 'HTTP 500 InternalError'],
      ['http-429', 'HTTP 429 Throttling.RateQuota'],
      ['not-json', 'HTTP 502'],
    ] as const) {
      fake.state.mode = mode;
      const error = await providerFailure(provider().generate(REQUEST, callContext()));
      expect(error.kind, mode).toBe('unavailable');
      expect(error.detail, mode).toContain(status);
    }
  });

  it('bears a blip or two while it polls, but not three in a row', async () => {
    fake.state.script = { pendingPolls: 1, runningPolls: 1 };
    fake.state.pollFailures = 2;
    expect(await provider().generate({ ...REQUEST, count: 1 }, callContext())).toHaveLength(1);

    fake.state.pollFailures = 3;
    const error = await providerFailure(provider().generate({ ...REQUEST, count: 1 }, callContext()));
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('HTTP 500');
  });

  it('gives up on a task that never ends at its time limit, and cancels it', async () => {
    fake.state.script = { pendingPolls: 1_000_000 };
    const error = await providerFailure(provider({ timeoutMs: 800 }).generate(REQUEST, callContext()));
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('no result within 800 ms');
    const [task] = [...fake.tasks.values()].slice(-1);
    expect(fake.cancelled).toEqual([task?.id]);
    expect(task?.cancelled).toBe(true);
  });

  it('gives up on a submission that never answers', async () => {
    fake.state.mode = 'hang';
    const error = await providerFailure(provider({ timeoutMs: 200 }).generate(REQUEST, callContext()));
    expect(error).toMatchObject({ kind: 'unavailable', detail: expect.stringContaining('no result within 200 ms') });
  });

  it('stops when the caller aborts, and says so', async () => {
    fake.state.script = { outcome: 'never', pendingPolls: 0 };
    const controller = new AbortController();
    const ctx = callContext(controller.signal);
    const running = provider().generate(REQUEST, {
      ...ctx,
      onProgress: (percent) => {
        ctx.onProgress(percent);
        if (percent > 5) controller.abort(new Error('job cancelled'));
      },
    });
    const error = await providerFailure(running);
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('aborted (Error: job cancelled)');
    expect(fake.cancelled).toHaveLength(1);
  });

  it('is invalid when a result cannot be fetched or is no picture', async () => {
    fake.state.script = { file: 'missing' };
    const missing = await providerFailure(provider().generate(REQUEST, callContext()));
    expect(missing).toMatchObject({ kind: 'invalid', detail: 'image download: HTTP 404' });

    fake.state.script = { file: 'wrong-type' };
    const wrongType = await providerFailure(provider().generate(REQUEST, callContext()));
    expect(wrongType).toMatchObject({ kind: 'invalid', detail: expect.stringContaining('text/html') });
  });
});

describe('dashScopeImageSize', () => {
  it('keeps sizes the models take and fits others into 512–1440 a side', () => {
    expect(dashScopeImageSize(1024, 1024)).toBe('1024*1024');
    expect(dashScopeImageSize(1440, 810)).toBe('1440*810');
    expect(dashScopeImageSize(576, 1024)).toBe('576*1024');
    expect(dashScopeImageSize(2048, 1536)).toBe('1440*1080');
    expect(dashScopeImageSize(400, 300)).toBe('683*512');
  });
});
