import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai.test-helper.ts';
import { createOpenAiTranslator, parseTranslationAnswer, translationPrompt } from './openai-translate.ts';
import { providerFailure } from './provider.test-helper.ts';

const KEY = 'sk-test-translate';
let fake: FakeOpenAi;

/** What the fake "model" knows: the source language and the translation into Chinese. */
const DICTIONARY: Record<string, { sourceLang: string; translation: string }> = {
  'Charging at home overnight is cheapest 🔌 https://example.com @Li': {
    sourceLang: 'en',
    translation: '在家过夜充电最便宜 🔌 https://example.com @Li',
  },
  'Bonjour à tous': { sourceLang: 'fr-FR', translation: '大家好' },
  Hola: { sourceLang: 'Spanish', translation: '你好' },
};

function translator(overrides: { apiKey?: string; timeoutMs?: number; baseURL?: string } = {}) {
  return createOpenAiTranslator({
    baseURL: overrides.baseURL ?? fake.baseURL,
    apiKey: overrides.apiKey ?? KEY,
    model: 'qwen-plus',
    timeoutMs: overrides.timeoutMs ?? 5000,
    name: '通义千问',
  });
}

const live = () => new AbortController().signal;

beforeAll(async () => {
  fake = await startFakeOpenAi({
    apiKey: KEY,
    translate: (text) => DICTIONARY[text] ?? { sourceLang: 'en', translation: `译文：${text}` },
  });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.received.length = 0;
  fake.state.chat = 'ok';
});

describe('OpenAI-compatible translator', () => {
  it('says who it is', () => {
    expect(translator().info).toEqual({ configured: true, local: false, name: '通义千问' });
  });

  it('asks for a JSON translation and reads it', async () => {
    const text = 'Charging at home overnight is cheapest 🔌 https://example.com @Li';
    const result = await translator().translate({ text, targetLang: 'zh', sourceLang: 'en' }, live());
    expect(result).toEqual({ text: '在家过夜充电最便宜 🔌 https://example.com @Li', sourceLang: 'en' });

    const [call] = fake.callsTo('/v1/chat/completions');
    expect(call?.authorization).toBe(`Bearer ${KEY}`);
    const body = call?.body as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: unknown;
    };
    expect(body.model).toBe('qwen-plus');
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages).toEqual([
      { role: 'system', content: translationPrompt('zh', 'en') },
      { role: 'user', content: text },
    ]);
    expect(body.messages[0]?.content).toContain('Simplified Chinese (zh)');
    expect(body.messages[0]?.content).toMatch(/emoji, URLs, @names/);
  });

  it('reads language codes leniently and falls back to the caller’s guess, then und', async () => {
    expect(await translator().translate({ text: 'Bonjour à tous', targetLang: 'zh' }, live())).toEqual({
      text: '大家好',
      sourceLang: 'fr',
    });
    expect(await translator().translate({ text: 'Hola', targetLang: 'zh', sourceLang: 'es' }, live())).toEqual({
      text: '你好',
      sourceLang: 'es',
    });
    expect((await translator().translate({ text: 'Hola', targetLang: 'zh' }, live())).sourceLang).toBe('und');
  });

  it('reads an answer in a code fence or with words around it', async () => {
    for (const mode of ['fenced', 'prose'] as const) {
      fake.state.chat = mode;
      expect(await translator().translate({ text: 'Good morning', targetLang: 'zh' }, live()), mode).toEqual({
        text: '译文：Good morning',
        sourceLang: 'en',
      });
    }
  });

  it('hands back an empty translation as empty, for the caller to answer 翻译结果为空', async () => {
    fake.state.chat = 'empty';
    expect(await translator().translate({ text: 'Hello', targetLang: 'zh' }, live())).toEqual({
      text: '',
      sourceLang: 'en',
    });
    fake.state.chat = 'no-content';
    expect((await translator().translate({ text: 'Hello', targetLang: 'zh', sourceLang: 'en' }, live())).text).toBe('');
  });

  it('is invalid when the answer is not the JSON asked for, or not a completion at all', async () => {
    fake.state.chat = 'malformed';
    const malformed = await providerFailure(translator().translate({ text: 'Hello', targetLang: 'zh' }, live()));
    expect(malformed.kind).toBe('invalid');
    expect(malformed.detail).toContain('Translation: 译文：Hello');
    fake.state.chat = 'html';
    expect((await providerFailure(translator().translate({ text: 'Hello', targetLang: 'zh' }, live()))).kind).toBe(
      'invalid',
    );
  });

  it('is refused for a wrong key and for refused content', async () => {
    const badKey = await providerFailure(
      translator({ apiKey: 'sk-wrong' }).translate({ text: 'Hi', targetLang: 'zh' }, live()),
    );
    expect(badKey.kind).toBe('refused');
    expect(badKey.detail).toContain('HTTP 401 invalid_api_key');
    fake.state.chat = 'http-400-policy';
    expect((await providerFailure(translator().translate({ text: 'Hi', targetLang: 'zh' }, live()))).kind).toBe(
      'refused',
    );
    fake.state.chat = 'content-filter';
    expect((await providerFailure(translator().translate({ text: 'Hi', targetLang: 'zh' }, live()))).kind).toBe(
      'refused',
    );
  });

  it('is unavailable when rate-limited, broken, unreachable or slow, and does not retry', async () => {
    for (const mode of ['http-429', 'http-500'] as const) {
      fake.state.chat = mode;
      expect((await providerFailure(translator().translate({ text: 'Hi', targetLang: 'zh' }, live()))).kind, mode).toBe(
        'unavailable',
      );
    }
    expect(fake.callsTo('/v1/chat/completions')).toHaveLength(2);

    fake.state.chat = 'hang';
    const slow = await providerFailure(
      translator({ timeoutMs: 200 }).translate({ text: 'Hi', targetLang: 'zh' }, live()),
    );
    expect(slow.kind).toBe('unavailable');

    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('request closed')), 50);
    const aborted = await providerFailure(translator().translate({ text: 'Hi', targetLang: 'zh' }, controller.signal));
    expect(aborted).toMatchObject({ kind: 'unavailable', detail: expect.stringContaining('aborted') });

    const unreachable = await providerFailure(
      translator({ baseURL: 'http://127.0.0.1:9/v1' }).translate({ text: 'Hi', targetLang: 'zh' }, live()),
    );
    expect(unreachable.kind).toBe('unavailable');
  });
});

describe('parseTranslationAnswer', () => {
  it('finds the object, in a fence or among words', () => {
    expect(parseTranslationAnswer('{"sourceLang":"ja","translation":"你好"}')).toEqual({
      translation: '你好',
      sourceLang: 'ja',
    });
    expect(parseTranslationAnswer('```\n{"sourceLang":"zh-Hans","translation":"a {b} c"}\n```')).toEqual({
      translation: 'a {b} c',
      sourceLang: 'zh',
    });
    expect(parseTranslationAnswer('Sure! {"translation":"ok"} Done.')).toEqual({ translation: 'ok', sourceLang: null });
  });

  it('says null when there is no object with a string translation', () => {
    expect(parseTranslationAnswer('你好')).toBeNull();
    expect(parseTranslationAnswer('{"sourceLang":"en"}')).toBeNull();
    expect(parseTranslationAnswer('{"translation": 42}')).toBeNull();
    expect(parseTranslationAnswer('{"translation": "x"')).toBeNull();
    expect(parseTranslationAnswer('["translation"]')).toBeNull();
  });
});
