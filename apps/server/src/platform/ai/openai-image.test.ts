import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai.test-helper.ts';
import { createOpenAiImageProvider, openAiImageSize } from './openai-image.ts';
import { callContext, providerFailure } from './provider.test-helper.ts';
import type { ImageRequest } from './types.ts';

const KEY = 'sk-test-images';
let fake: FakeOpenAi;

const REQUEST: ImageRequest = {
  prompt: '夕阳下的充电站',
  style: 'watercolor',
  width: 1024,
  height: 576,
  count: 2,
  seed: 1,
};

function provider(overrides: { model?: string; timeoutMs?: number; apiKey?: string } = {}) {
  return createOpenAiImageProvider({
    baseURL: fake.baseURL,
    apiKey: overrides.apiKey ?? KEY,
    ...(overrides.model ? { model: overrides.model } : {}),
    timeoutMs: overrides.timeoutMs ?? 5000,
  });
}

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.received.length = 0;
  fake.state.images = 'b64';
});

describe('OpenAI image provider', () => {
  it('asks gpt-image-1 for the nearest size it makes and decodes b64_json pictures', async () => {
    const ctx = callContext();
    const images = await provider().generate(REQUEST, ctx);
    expect(images).toHaveLength(2);
    for (const image of images) {
      expect(image.contentType).toBe('image/png');
      expect(await sharp(image.data).metadata()).toMatchObject({ width: 1536, height: 1024 });
    }
    const [call] = fake.callsTo('/v1/images/generations');
    expect(call?.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.body).toEqual({
      model: 'gpt-image-1',
      prompt: `${REQUEST.prompt}\n\nStyle: watercolour painting, soft washes, paper texture`,
      n: 2,
      size: '1536x1024',
    });
    expect(provider().info).toEqual({ configured: true, local: false, name: 'OpenAI' });
    expect(ctx.progress).toEqual([5, 95, 100]);
  });

  it('downloads pictures answered by url', async () => {
    fake.state.images = 'url';
    const images = await provider().generate({ ...REQUEST, style: 'auto' }, callContext());
    expect(images.map((image) => image.contentType)).toEqual(['image/png', 'image/png']);
    expect(fake.received.filter((call) => call.path.startsWith('/files/'))).toHaveLength(2);
    expect(fake.callsTo('/v1/images/generations')[0]?.body).toMatchObject({ prompt: REQUEST.prompt });
  });

  it('asks dall-e-3 once per picture, for b64_json, at its own sizes', async () => {
    const ctx = callContext();
    const images = await provider({ model: 'dall-e-3' }).generate({ ...REQUEST, width: 576, height: 1024 }, ctx);
    expect(images).toHaveLength(2);
    const calls = fake.callsTo('/v1/images/generations');
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.body).toMatchObject({ model: 'dall-e-3', n: 1, size: '1024x1792', response_format: 'b64_json' });
    }
    expect(ctx.progress).toEqual([5, 50, 95, 100]);
  });

  it('is invalid for an answer without pictures, or with something that is not one', async () => {
    fake.state.images = 'empty';
    expect((await providerFailure(provider().generate(REQUEST, callContext()))).kind).toBe('invalid');
    fake.state.images = 'not-a-picture';
    expect(await providerFailure(provider().generate(REQUEST, callContext()))).toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('b64_json is not a picture'),
    });
    fake.state.images = 'url-404';
    expect(await providerFailure(provider().generate(REQUEST, callContext()))).toMatchObject({
      kind: 'invalid',
      detail: 'image download: HTTP 404',
    });
  });

  it('is refused for a wrong key or a blocked prompt, unavailable when broken or slow', async () => {
    const badKey = await providerFailure(provider({ apiKey: 'sk-bad' }).generate(REQUEST, callContext()));
    expect(badKey).toMatchObject({ kind: 'refused', detail: expect.stringContaining('HTTP 401') });
    fake.state.images = 'http-400-policy';
    expect(await providerFailure(provider().generate(REQUEST, callContext()))).toMatchObject({
      kind: 'refused',
      detail: expect.stringContaining('moderation_blocked'),
    });
    fake.state.images = 'http-500';
    expect((await providerFailure(provider().generate(REQUEST, callContext()))).kind).toBe('unavailable');
    expect(fake.callsTo('/v1/images/generations')).toHaveLength(3);

    fake.state.images = 'hang';
    expect((await providerFailure(provider({ timeoutMs: 200 }).generate(REQUEST, callContext()))).kind).toBe(
      'unavailable',
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    expect(await providerFailure(provider().generate(REQUEST, callContext(controller.signal)))).toMatchObject({
      kind: 'unavailable',
      detail: expect.stringContaining('job cancelled'),
    });
  });
});

describe('openAiImageSize', () => {
  it('picks the size of the nearest shape each model family makes', () => {
    expect(openAiImageSize('gpt-image-1', 1024, 1024)).toBe('1024x1024');
    expect(openAiImageSize('gpt-image-1', 1440, 810)).toBe('1536x1024');
    expect(openAiImageSize('gpt-image-1', 768, 1024)).toBe('1024x1536');
    expect(openAiImageSize('gpt-image-1', 1024, 768)).toBe('1536x1024');
    expect(openAiImageSize('dall-e-3', 1024, 576)).toBe('1792x1024');
    expect(openAiImageSize('dall-e-3', 1024, 1024)).toBe('1024x1024');
    expect(openAiImageSize('dall-e-2', 1024, 576)).toBe('1024x1024');
    expect(openAiImageSize('dall-e-2', 300, 300)).toBe('256x256');
  });
});
