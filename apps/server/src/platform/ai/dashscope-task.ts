// DashScope's (阿里云百炼) asynchronous task protocol, which its image and video models share:
// POST the work with `X-DashScope-Async: enable` and get `output.task_id`; GET
// /api/v1/tasks/{task_id} until `task_status` is SUCCEEDED, FAILED, CANCELED or UNKNOWN
// (PENDING, RUNNING and SUSPENDED mean "ask again"). Errors come back as
// `{code, message, request_id}` with an HTTP status; a failed task as `output.code/message`.

import { setTimeout as sleep } from 'node:timers/promises';
import type { AiStyle } from '@evcircle/contract';
import { type Deadline, failureOf, kindOfStatus, startDeadline } from './remote-media.ts';
import { type AiCallContext, AiProviderError } from './types.ts';

export const DASHSCOPE_BASE_URL = 'https://dashscope.aliyuncs.com';

/** What the user sees as the provider's name (AiProviderInfo.name). */
export const DASHSCOPE_NAME = '通义万相';

/** The words each style preset adds to the prompt (the models read Chinese as well as English). */
export const DASHSCOPE_STYLE_WORDS: Record<AiStyle, string> = {
  auto: '',
  photo: '真实摄影风格，自然光线，高清细节',
  anime: '日系动漫风格，二次元插画，线条干净，色彩明快',
  watercolor: '水彩画风格，柔和晕染，纸张纹理',
  cyberpunk: '赛博朋克风格，霓虹灯光，未来都市夜景',
  sketch: '铅笔素描风格，黑白线条，明暗排线',
  oil: '油画风格，厚涂笔触，色彩浓郁',
};

/** What no picture or video here should have: our own label is added afterwards. */
export const DASHSCOPE_NEGATIVE_PROMPT = '低分辨率，低画质，模糊，画面扭曲，文字，水印，签名';

/** The prompt with the style's words after it. */
export function styledPrompt(prompt: string, style: AiStyle): string {
  const words = DASHSCOPE_STYLE_WORDS[style];
  return words ? `${prompt}，${words}` : prompt;
}

/** DashScope takes seeds in [0, 2^31 − 1]. */
export function dashScopeSeed(seed: number): number {
  return Math.abs(Math.trunc(seed)) % 2_147_483_648;
}

export type DashScopeOptions = {
  /** https://dashscope.aliyuncs.com (Beijing), https://dashscope-intl.aliyuncs.com, or a local fake. */
  baseURL?: string;
  apiKey: string;
  model: string;
  /** How long to wait between two looks at a task. */
  pollIntervalMs: number;
  /** How long a whole generation (submit, wait, download) may take. */
  timeoutMs: number;
  fetch?: typeof fetch;
};

export type DashScopeTaskOutput = {
  task_id?: string;
  task_status?: string;
  code?: string;
  message?: string;
  results?: unknown;
  video_url?: unknown;
  task_metrics?: { TOTAL?: number; SUCCEEDED?: number; FAILED?: number };
  [field: string]: unknown;
};

type DashScopeAnswer = { output?: DashScopeTaskOutput; code?: string; message?: string; request_id?: string };

/** Task codes that say "busy or broken on their side": worth another try later. */
const RETRYABLE_CODE = /^(InternalError|Throttling|SystemError|ServiceUnavailable|RequestTimeOut)/i;
/** Task codes that say "this content is not allowed". */
const CONTENT_CODE = /DataInspection|Inspection|IPInfringement|Sensitive/i;

/** A vendor code as the failure it is. */
export function kindOfCode(code: string | undefined): 'unavailable' | 'refused' {
  return code && RETRYABLE_CODE.test(code) ? 'unavailable' : 'refused';
}

/** Content refusals ("DataInspectionFailed" …): the prompt or the picture was not allowed. */
export function isContentCode(code: string | undefined): boolean {
  return Boolean(code && CONTENT_CODE.test(code));
}

/** Consecutive failed looks at a running task that are borne before the task counts as lost. */
const MAX_POLL_FAILURES = 3;
/** The cancel call after an abort gets this long; it is a courtesy, not a duty. */
const CANCEL_TIMEOUT_MS = 3000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reports progress that only goes up. */
function progressOf(onProgress: (percent: number) => void): (percent: number) => void {
  let last = -1;
  return (percent) => {
    const whole = Math.max(0, Math.min(100, Math.floor(percent)));
    if (whole > last) {
      last = whole;
      onProgress(whole);
    }
  };
}

export type DashScopeTask = {
  /** The generate call's deadline (downloads run within it too). */
  deadline: Deadline;
  output: DashScopeTaskOutput;
  progress: (percent: number) => void;
};

export type DashScopeClient = ReturnType<typeof createDashScopeClient>;

/** The HTTP side of the protocol, for one API key. */
export function createDashScopeClient(options: DashScopeOptions) {
  const base = (options.baseURL ?? DASHSCOPE_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  /** One call; an answer that is not 2xx JSON becomes the AiProviderError it means. */
  async function call(
    method: 'GET' | 'POST',
    route: string,
    deadline: Deadline,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<DashScopeAnswer> {
    const what = `dashscope ${method} ${route}`;
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: deadline.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw failureOf(err, deadline, what);
    }
    let answer: DashScopeAnswer | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      answer = isObject(parsed) ? (parsed as DashScopeAnswer) : null;
    } catch {
      answer = null;
    }
    if (status < 200 || status > 299) {
      const code = typeof answer?.code === 'string' ? answer.code : '';
      const detail = `${what}: HTTP ${status} ${code} ${answer?.message ?? text.slice(0, 200)}`.trim();
      const kind = kindOfStatus(status);
      throw new AiProviderError(
        kind === 'refused' && kindOfCode(code) === 'unavailable' ? 'unavailable' : kind,
        detail,
      );
    }
    if (!answer) throw new AiProviderError('invalid', `${what}: HTTP ${status}, not JSON: ${text.slice(0, 200)}`);
    return answer;
  }

  /** Best effort: a task we no longer wait for should not keep running (only PENDING ones can be cancelled). */
  async function cancel(taskId: string): Promise<void> {
    const deadline = startDeadline(new AbortController().signal, CANCEL_TIMEOUT_MS);
    await call('POST', `/api/v1/tasks/${encodeURIComponent(taskId)}/cancel`, deadline).catch(() => {});
  }

  /**
   * Submits the work and waits for the task to end. Progress: 5 once submitted, then the
   * task's own metrics (pictures done of all) or, while it runs without any, a curve over
   * `typicalMs`; up to 85 (the download is the rest). SUCCEEDED returns the output; every
   * other end throws. Aborted or past the deadline: the task is cancelled and the call
   * throws 'unavailable'.
   */
  async function run(
    route: string,
    body: Record<string, unknown>,
    context: AiCallContext,
    typicalMs: number,
  ): Promise<DashScopeTask> {
    const deadline = startDeadline(context.signal, options.timeoutMs);
    const progress = progressOf(context.onProgress);
    const submitted = await call('POST', route, deadline, body, { 'x-dashscope-async': 'enable' });
    const taskId = submitted.output?.task_id;
    if (typeof taskId !== 'string' || !taskId) {
      throw new AiProviderError('invalid', `dashscope POST ${route}: no task_id in the answer`);
    }
    progress(5);
    const started = Date.now();
    let failures = 0;
    try {
      for (;;) {
        await sleep(options.pollIntervalMs, undefined, { signal: deadline.signal });
        let answer: DashScopeAnswer;
        try {
          answer = await call('GET', `/api/v1/tasks/${encodeURIComponent(taskId)}`, deadline);
          failures = 0;
        } catch (err) {
          // A blip while the task runs must not lose it: look again, a few times.
          if (err instanceof AiProviderError && err.kind === 'unavailable' && !deadline.signal.aborted) {
            failures += 1;
            if (failures < MAX_POLL_FAILURES) continue;
          }
          throw err;
        }
        const output = answer.output;
        const status = output?.task_status;
        const detail = `dashscope task ${taskId} ${status}: ${output?.code ?? ''} ${output?.message ?? ''}`.trim();
        switch (status) {
          case 'PENDING':
          case 'SUSPENDED':
            continue;
          case 'RUNNING': {
            const total = output?.task_metrics?.TOTAL ?? 0;
            const done = (output?.task_metrics?.SUCCEEDED ?? 0) + (output?.task_metrics?.FAILED ?? 0);
            const share = total > 0 ? done / total : 0;
            const byTime = 1 - Math.exp(-(Date.now() - started) / typicalMs);
            progress(10 + 75 * Math.max(share, byTime * 0.9));
            continue;
          }
          case 'SUCCEEDED':
            progress(85);
            return { deadline, output: output as DashScopeTaskOutput, progress };
          case 'FAILED':
            throw new AiProviderError(kindOfCode(output?.code), detail);
          case 'CANCELED':
            throw new AiProviderError('unavailable', detail);
          default:
            // UNKNOWN (the task does not exist or has expired) or no status at all.
            throw new AiProviderError('invalid', detail);
        }
      }
    } catch (err) {
      if (deadline.signal.aborted) await cancel(taskId);
      throw failureOf(err, deadline, `dashscope task ${taskId}`);
    }
  }

  return { run };
}
