// A stand-in for an OpenAI-compatible translation service (chat completions), for the e2e
// server: serve.mjs starts it beside the server and points AI_TRANSLATE_* at it, so the
// 翻译 journeys go through the real adapter over HTTP. It answers as the adapter asks
// (one JSON object {"sourceLang", "translation"} in choices[0].message.content) and checks
// what the service would: the Bearer key, the model, the messages.
import { createServer } from 'node:http';

/** What the fake "knows": the journeys' sentences and their translations. */
const PHRASES = new Map([
  ['The charging was really fast today.', '今天充电真的很快。'],
  ['Supercharging at night is cheaper.', '夜间超充更便宜。'],
]);

/** The target the system prompt names ("… into English (en)."), Chinese otherwise. */
function targetOf(system) {
  return /\((en)\)/.test(system) ? 'en' : 'zh';
}

/** A translation of `text` into `target`, and the language it is in. */
function translate(text, target) {
  const known = PHRASES.get(text.trim());
  if (known) return { sourceLang: 'en', translation: known };
  if (target === 'en') return { sourceLang: 'zh', translation: `[EN] ${text}` };
  return { sourceLang: 'en', translation: `（译文）${text}` };
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function openAiError(res, status, message, type) {
  send(res, status, { error: { message, type, param: null, code: null } });
}

/**
 * Starts the fake on a free port of 127.0.0.1 for one key and model. Resolves with the
 * base URL the OpenAI SDK takes (…/v1) and a close function.
 */
export async function startFakeTranslate({ apiKey, model }) {
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      openAiError(res, 404, `Unknown request URL: ${req.method} ${req.url}`, 'invalid_request_error');
      return;
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
      return;
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      openAiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      return;
    }
    const messages = Array.isArray(body?.messages) ? body.messages : [];
    const system = messages.find((m) => m?.role === 'system')?.content ?? '';
    const user = [...messages].reverse().find((m) => m?.role === 'user')?.content;
    if (body?.model !== model || typeof user !== 'string') {
      openAiError(res, 400, `Invalid request: model must be ${model} with a user message.`, 'invalid_request_error');
      return;
    }
    const answer = translate(user, targetOf(String(system)));
    send(res, 200, {
      id: `chatcmpl-e2e-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify(answer), refusal: null },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
