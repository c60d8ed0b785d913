// A local stand-in for DashScope's (阿里云百炼) asynchronous task API, for the 通义万相 adapters'
// tests and the AI module's: text to image (POST /api/v1/services/aigc/text2image/image-synthesis)
// and text to video (POST /api/v1/services/aigc/video-generation/video-synthesis) as tasks
// that go PENDING → RUNNING → an end over successive GET /api/v1/tasks/{task_id}, cancel
// (POST /api/v1/tasks/{task_id}/cancel), and the result files themselves (a PNG drawn with
// sharp, an MP4 the test hands in). It checks what DashScope checks — the Bearer key, the
// async header, the body — and answers with DashScope's shapes and codes.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { resolveMediaTools } from '../media-tools.ts';
import { isObject, readRequest } from './fake-http.test-helper.ts';

export const IMAGE_ROUTE = '/api/v1/services/aigc/text2image/image-synthesis';
export const VIDEO_ROUTE = '/api/v1/services/aigc/video-generation/video-synthesis';

export type FakeDashScopeFailure = { code: string; message: string };

/** How a task submitted from now on plays out. */
export type FakeDashScopeScript = {
  /** Looks answered PENDING before it runs (default 1). */
  pendingPolls?: number;
  /** Looks answered RUNNING before it ends (default 2). */
  runningPolls?: number;
  /** How it ends (default succeed); `never` stays RUNNING for ever. */
  outcome?: 'succeed' | 'fail' | 'cancel' | 'unknown' | 'never';
  /** outcome fail: the task's code and message. */
  failure?: FakeDashScopeFailure;
  /** Image tasks: one entry per picture (default n good ones); a failure gives code and message instead of url. */
  results?: ('ok' | FakeDashScopeFailure)[];
  /** What the result URLs serve: the file, 404, an HTML page, or nothing ever. */
  file?: 'ok' | 'missing' | 'wrong-type' | 'hang';
  /** Video tasks: answer SUCCEEDED without video_url. */
  omitVideoUrl?: boolean;
};

/** How the API answers before it looks at anything: normally, 500, 429 throttling, HTML, or not at all. */
export type FakeDashScopeMode = 'ok' | 'http-500' | 'http-429' | 'not-json' | 'hang';

type Task = {
  id: string;
  kind: 'image' | 'video';
  body: Record<string, unknown>;
  script: FakeDashScopeScript;
  polls: number;
  cancelled: boolean;
  submitted: Date;
};

export type FakeDashScopeRequest = {
  method: string;
  path: string;
  authorization: string | null;
  async: string | null;
  contentType: string | null;
  body: unknown;
};

/** DashScope's time stamps: Beijing time, milliseconds, no zone. */
function stamp(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');
}

const SIZE = /^(\d{2,4})\*(\d{2,4})$/;

/**
 * A 1-second 64×64 H.264 MP4 made with the ffmpeg this machine has (media-tools' search),
 * written to `dir` and read back, for the fake to serve as a finished video.
 */
export async function makeTinyMp4(dir: string): Promise<Buffer> {
  const tools = await resolveMediaTools();
  if (!tools.ffmpeg) throw new Error(`no ffmpeg to make a test video: ${tools.notes.join('; ')}`);
  const file = path.join(dir, 'fake-dashscope.mp4');
  await promisify(execFile)(tools.ffmpeg.path, [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x3366cc:s=64x64:d=1:r=10',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file,
  ]);
  return readFile(file);
}

/**
 * Starts the fake on a free local port for one API key. `video` is what a finished video
 * task serves (see makeTinyMp4). A prompt containing 违禁 is refused at submission with
 * DataInspectionFailed, as DashScope refuses an input it will not draw. `received` keeps
 * every call, whatever the answer;
 * `cancelled` the ids of the tasks a cancel call reached.
 */
export async function startFakeDashScope(options: { apiKey: string; video?: Buffer }) {
  const tasks = new Map<string, Task>();
  const received: FakeDashScopeRequest[] = [];
  const cancelled: string[] = [];
  const state = {
    mode: 'ok' as FakeDashScopeMode,
    /** The next this many task looks answer HTTP 500 (a blip), then normally again. */
    pollFailures: 0,
    script: {} as FakeDashScopeScript,
  };
  let apiBase = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { request_id: randomUUID(), code, message });

  /** What DashScope checks in a submission: InvalidParameter with its reason otherwise. */
  const checkSubmission = (kind: Task['kind'], body: unknown): string | null => {
    if (!isObject(body)) return 'Request body is not valid JSON';
    if (typeof body.model !== 'string' || !body.model) return 'Model not exist.';
    if (!isObject(body.input) || typeof body.input.prompt !== 'string' || !body.input.prompt.trim()) {
      return 'Field required: input.prompt';
    }
    if (body.input.negative_prompt !== undefined && typeof body.input.negative_prompt !== 'string') {
      return 'input.negative_prompt must be a string';
    }
    const parameters = isObject(body.parameters) ? body.parameters : {};
    const size = typeof parameters.size === 'string' ? SIZE.exec(parameters.size) : null;
    if (parameters.size !== undefined && !size) return 'The size is not match the allowed size format, e.g. 1024*1024';
    const seed = parameters.seed;
    if (seed !== undefined && (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > 2_147_483_647)) {
      return 'seed must be an integer in [0, 2147483647]';
    }
    if (kind === 'image') {
      if (size && [size[1], size[2]].some((side) => Number(side) < 512 || Number(side) > 1440)) {
        return 'The image width and height must be between 512 and 1440';
      }
      const n = parameters.n ?? 4;
      if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 4) return 'n must be in [1, 4]';
    } else if (parameters.duration !== undefined && parameters.duration !== 5) {
      return 'duration only supports 5';
    }
    return null;
  };

  const sizeOf = (task: Task): [number, number] => {
    const parameters = isObject(task.body.parameters) ? task.body.parameters : {};
    const match = SIZE.exec(typeof parameters.size === 'string' ? parameters.size : '');
    if (match) return [Number(match[1]), Number(match[2])];
    return task.kind === 'image' ? [1024, 1024] : [1920, 1080];
  };
  const countOf = (task: Task): number => {
    const parameters = isObject(task.body.parameters) ? task.body.parameters : {};
    return typeof parameters.n === 'number' ? parameters.n : 4;
  };
  const promptOf = (task: Task): string => String((task.body.input as Record<string, unknown>).prompt);

  /** The task's output as DashScope shows it at this look. */
  const outputOf = (task: Task): { output: Record<string, unknown>; usage?: Record<string, unknown> } => {
    const { pendingPolls = 1, runningPolls = 2, outcome = 'succeed' } = task.script;
    const base = {
      task_id: task.id,
      submit_time: stamp(task.submitted),
      scheduled_time: stamp(new Date(task.submitted.getTime() + 20)),
    };
    const entries =
      task.kind === 'image' ? (task.script.results ?? Array.from({ length: countOf(task) }, () => 'ok')) : [];
    const metrics = (done: number) => {
      const failed = entries.slice(0, done).filter((entry) => entry !== 'ok').length;
      return { TOTAL: entries.length, SUCCEEDED: Math.min(done, entries.length) - failed, FAILED: failed };
    };
    if (task.cancelled)
      return { output: { ...base, task_status: 'CANCELED', code: 'TaskCanceled', message: 'Task canceled.' } };
    if (task.polls <= pendingPolls) return { output: { ...base, task_status: 'PENDING' } };
    const running = task.polls - pendingPolls;
    if (outcome === 'never' || running <= runningPolls) {
      const done = runningPolls > 0 ? Math.floor((entries.length * (running - 1)) / runningPolls) : 0;
      return {
        output: { ...base, task_status: 'RUNNING', ...(task.kind === 'image' ? { task_metrics: metrics(done) } : {}) },
      };
    }
    const ended = { ...base, end_time: stamp(new Date()) };
    if (outcome === 'fail') {
      const failure = task.script.failure ?? { code: 'InvalidParameter', message: 'The request parameter is invalid.' };
      return { output: { ...ended, task_status: 'FAILED', ...failure } };
    }
    if (outcome === 'cancel') return { output: { ...ended, task_status: 'CANCELED' } };
    if (outcome === 'unknown') return { output: { task_id: task.id, task_status: 'UNKNOWN' } };
    if (task.kind === 'video') {
      const [w, h] = sizeOf(task);
      return {
        output: {
          ...ended,
          task_status: 'SUCCEEDED',
          orig_prompt: promptOf(task),
          actual_prompt: `${promptOf(task)}，画面细腻，电影质感`,
          ...(task.script.omitVideoUrl ? {} : { video_url: `${apiBase}/results/${task.id}/video.mp4?Expires=1` }),
        },
        usage: { video_duration: 5, video_ratio: `${w}*${h}`, video_count: 1 },
      };
    }
    const results = entries.map((entry, index) =>
      entry === 'ok'
        ? {
            orig_prompt: promptOf(task),
            actual_prompt: `${promptOf(task)}，高清细节`,
            url: `${apiBase}/results/${task.id}/${index + 1}.png?Expires=1`,
          }
        : { code: entry.code, message: entry.message },
    );
    const good = entries.filter((entry) => entry === 'ok').length;
    return {
      output: { ...ended, task_status: 'SUCCEEDED', results, task_metrics: metrics(entries.length) },
      usage: { image_count: good },
    };
  };

  const serveResult = async (res: ServerResponse, task: Task, file: string) => {
    const mode = task.script.file ?? 'ok';
    if (mode === 'hang') return;
    if (mode === 'missing') {
      res.writeHead(404, { 'content-type': 'application/xml' });
      return res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
    }
    if (mode === 'wrong-type') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>expired</body></html>');
    }
    if (file === 'video.mp4') {
      if (!options.video) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end('<Error><Code>NoSuchKey</Code></Error>');
      }
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(options.video.length) });
      return res.end(options.video);
    }
    const [width, height] = sizeOf(task);
    const index = Number.parseInt(file, 10) || 1;
    const png = await sharp({
      create: { width, height, channels: 3, background: { r: (index * 60) % 256, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
    res.end(png);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, body } = await readRequest(req);
    received.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization ?? null,
      async: (req.headers['x-dashscope-async'] as string | undefined) ?? null,
      contentType: req.headers['content-type'] ?? null,
      body,
    });

    const result = /^\/results\/([\w-]+)\/([\w.]+)$/.exec(url.pathname);
    if (req.method === 'GET' && result) {
      const task = tasks.get(result[1] as string);
      if (!task) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        return res.end('<Error><Code>NoSuchKey</Code></Error>');
      }
      return serveResult(res, task, result[2] as string);
    }

    if (state.mode === 'hang') return;
    if (state.mode === 'http-500')
      return refuse(res, 500, 'InternalError', 'An internal error has occured, please try again later.');
    if (state.mode === 'http-429')
      return refuse(res, 429, 'Throttling.RateQuota', 'Requests rate limit exceeded, please try again later.');
    if (state.mode === 'not-json') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><head><title>502 Bad Gateway</title></head></html>');
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return refuse(res, 401, 'InvalidApiKey', 'Invalid API-key provided.');
    }

    const route = url.pathname;
    if (req.method === 'POST' && (route === IMAGE_ROUTE || route === VIDEO_ROUTE)) {
      if (req.headers['x-dashscope-async'] !== 'enable') {
        return refuse(res, 403, 'AccessDenied', 'current user api does not support synchronous calls');
      }
      const kind = route === IMAGE_ROUTE ? 'image' : 'video';
      const problem = checkSubmission(kind, body);
      if (problem) return refuse(res, 400, 'InvalidParameter', problem);
      const prompt = String(((body as Record<string, unknown>).input as Record<string, unknown>).prompt);
      if (prompt.includes('违禁')) {
        return refuse(res, 400, 'DataInspectionFailed', 'Input data may contain inappropriate content.');
      }
      const task: Task = {
        id: randomUUID(),
        kind,
        body: body as Record<string, unknown>,
        script: { ...state.script },
        polls: 0,
        cancelled: false,
        submitted: new Date(),
      };
      tasks.set(task.id, task);
      return send(res, 200, { request_id: randomUUID(), output: { task_status: 'PENDING', task_id: task.id } });
    }

    const look = /^\/api\/v1\/tasks\/([^/]+)$/.exec(route);
    if (req.method === 'GET' && look) {
      if (state.pollFailures > 0) {
        state.pollFailures -= 1;
        return refuse(res, 500, 'InternalError', 'An internal error has occured, please try again later.');
      }
      const task = tasks.get(decodeURIComponent(look[1] as string));
      if (!task)
        return send(res, 200, { request_id: randomUUID(), output: { task_id: look[1], task_status: 'UNKNOWN' } });
      task.polls += 1;
      return send(res, 200, { request_id: randomUUID(), ...outputOf(task) });
    }

    const cancel = /^\/api\/v1\/tasks\/([^/]+)\/cancel$/.exec(route);
    if (req.method === 'POST' && cancel) {
      const task = tasks.get(decodeURIComponent(cancel[1] as string));
      cancelled.push(decodeURIComponent(cancel[1] as string));
      if (!task || task.polls > (task.script.pendingPolls ?? 1)) {
        return refuse(
          res,
          400,
          'UnsupportedOperation',
          'Failed to cancel the task, please confirm if the task is in PENDING status.',
        );
      }
      task.cancelled = true;
      return send(res, 200, { request_id: randomUUID() });
    }

    return refuse(res, 404, 'NotFound', `${req.method} ${route} not found`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) refuse(res, 500, 'InternalError', String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiBase,
    received,
    cancelled,
    state,
    tasks,
    /** The calls that reached `path` (a route, or a task look when given `/api/v1/tasks/`). */
    callsTo(prefix: string) {
      return received.filter((call) => call.path.startsWith(prefix));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FakeDashScope = Awaited<ReturnType<typeof startFakeDashScope>>;
