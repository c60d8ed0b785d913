// The `openai` SDK as the OpenAI-compatible adapters use it (OpenAI itself, DashScope's
// compatible mode, DeepSeek, Zhipu …): no retries of its own, since the job queue decides
// whether a failed generation is tried again, and its errors as AiProviderErrors.
import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { type Deadline, failureOf, kindOfStatus } from './remote-media.ts';
import { AiProviderError } from './types.ts';

export type OpenAiClientOptions = {
  /** e.g. https://api.openai.com/v1, https://dashscope.aliyuncs.com/compatible-mode/v1 */
  baseURL: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
};

export function createOpenAiClient(options: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL.replace(/\/+$/, ''),
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Refusals of content: not worth another try, whatever the status says. */
const CONTENT_CODES = /content_policy|moderation|content_filter|data_inspection|safety/i;

/**
 * An SDK error as the failure it is: no answer (network, time limit, abort), 429 and 5xx
 * are 'unavailable'; other 4xx (bad key, no permission, content refused) are 'refused'.
 */
export function openAiFailure(err: unknown, deadline: Deadline, what: string): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (err instanceof APIUserAbortError || err instanceof APIConnectionError) return failureOf(err, deadline, what);
  if (err instanceof APIError && typeof err.status === 'number') {
    const code = typeof err.code === 'string' ? err.code : '';
    // The SDK's message starts with the status again.
    const message = err.message.replace(new RegExp(`^${err.status}\\s*`), '');
    const detail = `${what}: HTTP ${err.status} ${code} ${message}`.replace(/\s+/g, ' ').trim();
    const kind = CONTENT_CODES.test(code) ? 'refused' : kindOfStatus(err.status);
    return new AiProviderError(kind, detail);
  }
  if (err instanceof SyntaxError) return new AiProviderError('invalid', `${what}: ${err.message}`);
  return failureOf(err, deadline, what);
}
