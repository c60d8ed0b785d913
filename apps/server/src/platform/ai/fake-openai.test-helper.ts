// A local stand-in for the OpenAI API as the translate and image adapters use it (and the
// OpenAI-compatible services behind the same protocol): POST /v1/chat/completions and
// POST /v1/images/generations, plus the picture files an answer by `url` points at. It
// checks what OpenAI checks — the Bearer key, the body, a json_object answer only when the
// messages mention JSON, the sizes each image model takes, response_format refused by
// gpt-image-1 — and answers with OpenAI's shapes and error bodies.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { isObject, readRequest } from './fake-http.test-helper.ts';

/** How the next chat completions answer: a JSON object, or one of the ways a model goes wrong. */
export type FakeChatMode =
  | 'ok'
  /** The JSON object inside a ```json fence. */
  | 'fenced'
  /** The JSON object with words before and after it. */
  | 'prose'
  /** Text that is not the JSON asked for. */
  | 'malformed'
  /** The JSON object with an empty translation. */
  | 'empty'
  /** Content '' (nothing said). */
  | 'no-content'
  /** finish_reason content_filter, no content. */
  | 'content-filter'
  | 'http-400-policy'
  | 'http-429'
  | 'http-500'
  /** 200 with an HTML page. */
  | 'html'
  | 'hang';

/** How the next images answer. */
export type FakeImagesMode =
  | 'b64'
  | 'url'
  /** data: [] */
  | 'empty'
  /** b64_json that is not a picture. */
  | 'not-a-picture'
  /** A url that answers 404. */
  | 'url-404'
  | 'http-400-policy'
  | 'http-500'
  | 'hang';

export type FakeOpenAiRequest = { method: string; path: string; authorization: string | null; body: unknown };

/** What the fake "translates": the text's language and its translation, for a chat answer. */
export type FakeTranslate = (text: string, system: string) => { sourceLang: string; translation: string };

const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto'];
const DALL_E_3_SIZES = ['1024x1024', '1792x1024', '1024x1792'];
const DALL_E_2_SIZES = ['256x256', '512x512', '1024x1024'];

/**
 * Starts the fake on a free local port for one API key; `baseURL` is what the SDK takes
 * (…/v1). `translate` decides what a chat answer says (default: English, and the text
 * behind 译文：). `received` keeps every call, whatever the answer.
 */
export async function startFakeOpenAi(options: { apiKey: string; translate?: FakeTranslate }) {
  const received: FakeOpenAiRequest[] = [];
  const state = { chat: 'ok' as FakeChatMode, images: 'b64' as FakeImagesMode };
  const files = new Map<string, Buffer>();
  const translate: FakeTranslate =
    options.translate ?? ((text) => ({ sourceLang: 'en', translation: `译文：${text}` }));
  let origin = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, type: string, code: string | null, message: string) =>
    send(res, status, { error: { message, type, param: null, code } });

  const chat = (res: ServerResponse, body: Record<string, unknown>) => {
    const messages = Array.isArray(body.messages) ? body.messages : null;
    if (typeof body.model !== 'string' || !body.model) {
      return error(res, 400, 'invalid_request_error', null, 'you must provide a model parameter');
    }
    if (!messages || messages.length === 0 || !messages.every((m) => isObject(m) && typeof m.role === 'string')) {
      return error(res, 400, 'invalid_request_error', null, "'messages' must be a non-empty array of messages");
    }
    const texts = messages.map((m) => String((m as Record<string, unknown>).content ?? ''));
    const format = isObject(body.response_format) ? body.response_format.type : undefined;
    if (format === 'json_object' && !texts.some((text) => /json/i.test(text))) {
      return error(
        res,
        400,
        'invalid_request_error',
        null,
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      );
    }
    if (state.chat === 'http-400-policy') {
      return error(
        res,
        400,
        'invalid_request_error',
        'content_policy_violation',
        'Your request was rejected by the safety system.',
      );
    }
    if (state.chat === 'http-429') {
      return error(res, 429, 'requests', 'rate_limit_exceeded', 'Rate limit reached for requests.');
    }
    if (state.chat === 'http-500') return error(res, 500, 'server_error', null, 'The server had an error.');
    if (state.chat === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>gateway</body></html>');
    }
    const system = texts.find((_, i) => (messages[i] as Record<string, unknown>).role === 'system') ?? '';
    const user = [...messages].reverse().find((m) => (m as Record<string, unknown>).role === 'user') as
      | Record<string, unknown>
      | undefined;
    const answer = translate(String(user?.content ?? ''), system);
    const json = JSON.stringify(state.chat === 'empty' ? { ...answer, translation: '' } : answer);
    const content: Record<FakeChatMode, string | null> = {
      ok: json,
      fenced: `\`\`\`json\n${json}\n\`\`\``,
      prose: `好的，以下是翻译结果：\n${json}\n希望对你有帮助！`,
      malformed: `Translation: ${answer.translation}`,
      empty: json,
      'no-content': '',
      'content-filter': null,
      'http-400-policy': null,
      'http-429': null,
      'http-500': null,
      html: null,
      hang: null,
    };
    return send(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: content[state.chat], refusal: null },
          logprobs: null,
          finish_reason: state.chat === 'content-filter' ? 'content_filter' : 'stop',
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
    });
  };

  const images = async (res: ServerResponse, body: Record<string, unknown>) => {
    const model = typeof body.model === 'string' ? body.model : 'dall-e-2';
    const isGptImage = model.startsWith('gpt-image');
    const sizes = isGptImage ? GPT_IMAGE_SIZES : model.startsWith('dall-e-3') ? DALL_E_3_SIZES : DALL_E_2_SIZES;
    if (typeof body.prompt !== 'string' || !body.prompt) {
      return error(res, 400, 'invalid_request_error', null, "Missing required parameter: 'prompt'.");
    }
    const n = body.n ?? 1;
    const maxN = model.startsWith('dall-e-3') ? 1 : 10;
    if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > maxN) {
      return error(res, 400, 'invalid_request_error', 'invalid_value', `Invalid 'n': must be between 1 and ${maxN}.`);
    }
    const size = typeof body.size === 'string' ? body.size : '1024x1024';
    if (!sizes.includes(size)) {
      return error(
        res,
        400,
        'invalid_request_error',
        'invalid_value',
        `Invalid value: '${size}'. Supported values are: ${sizes.join(', ')}.`,
      );
    }
    if (isGptImage && body.response_format !== undefined) {
      return error(res, 400, 'invalid_request_error', 'unknown_parameter', "Unknown parameter: 'response_format'.");
    }
    if (state.images === 'http-400-policy') {
      return error(
        res,
        400,
        'image_generation_user_error',
        'moderation_blocked',
        'Your request was rejected by the safety system.',
      );
    }
    if (state.images === 'http-500') return error(res, 500, 'server_error', null, 'The server had an error.');
    if (state.images === 'empty') return send(res, 200, { created: Math.floor(Date.now() / 1000), data: [] });

    const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [number, number];
    const data: Record<string, string>[] = [];
    for (let i = 0; i < (n as number); i++) {
      const png = await sharp({ create: { width, height, channels: 3, background: { r: 40 * i, g: 160, b: 90 } } })
        .png()
        .toBuffer();
      const byUrl = state.images === 'url' || state.images === 'url-404' || body.response_format === 'url';
      if (state.images === 'not-a-picture')
        data.push({ b64_json: Buffer.from('not a picture at all').toString('base64') });
      else if (byUrl) {
        const name = `${randomUUID()}.png`;
        if (state.images !== 'url-404') files.set(name, png);
        data.push({ url: `${origin}/files/${name}`, revised_prompt: String(body.prompt) });
      } else data.push({ b64_json: png.toString('base64') });
    }
    return send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data,
      ...(isGptImage
        ? { output_format: 'png', size, usage: { total_tokens: 100, input_tokens: 20, output_tokens: 80 } }
        : {}),
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, body } = await readRequest(req);
    received.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      body,
    });

    const file = /^\/files\/([\w-]+\.png)$/.exec(url.pathname);
    if (req.method === 'GET' && file) {
      const png = files.get(file[1] as string);
      if (!png) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end('<Error><Code>BlobNotFound</Code></Error>');
      }
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      return res.end(png);
    }

    const route = url.pathname;
    const isChat = route === '/v1/chat/completions';
    if ((isChat && state.chat === 'hang') || (route === '/v1/images/generations' && state.images === 'hang')) return;
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return error(res, 401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.');
    }
    if (req.method === 'POST' && !isObject(body)) {
      return error(res, 400, 'invalid_request_error', null, 'We could not parse the JSON body of your request.');
    }
    if (req.method === 'POST' && isChat) return chat(res, body as Record<string, unknown>);
    if (req.method === 'POST' && route === '/v1/images/generations')
      return images(res, body as Record<string, unknown>);
    return error(res, 404, 'invalid_request_error', null, `Invalid URL (${req.method} ${route})`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) error(res, 500, 'server_error', null, String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseURL: `${origin}/v1`,
    origin,
    received,
    state,
    /** The calls that reached `path`. */
    callsTo(path: string) {
      return received.filter((call) => call.path === path);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
