import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@evcircle/contract';

/**
 * The one place that knows where ffmpeg and ffprobe are. Every media feature — the seed's
 * demo videos, the `?vframe` cover route, video uploads — runs them through here.
 *
 * Each tool is looked for in this order:
 * 1. `FFMPEG_PATH` / `FFPROBE_PATH` when set: that file and nothing else (a wrong path
 *    turns the tool off, loudly, rather than quietly using another build);
 * 2. the system's, found on `PATH` (what a production host should provide);
 * 3. the static build shipped inside an npm package (`@ffmpeg-installer/ffmpeg`,
 *    `@ffprobe-installer/ffprobe`), so `npm install && npm start` needs nothing else.
 * A candidate counts only once `<tool> -version` has run.
 */

export type MediaToolName = 'ffmpeg' | 'ffprobe';

/** Where a tool came from: the variable that named it, the system's PATH, or an npm package. */
export type MediaToolSource = 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'PATH' | 'npm';

export type MediaTool = {
  name: MediaToolName;
  /** Absolute path of the binary that runs. */
  path: string;
  source: MediaToolSource;
  /** What `-version` printed first, e.g. `ffmpeg version 5.1.6-0+deb12u1`. */
  version: string;
};

export type MediaToolsOptions = {
  /** FFMPEG_PATH: use this ffmpeg and no other. */
  ffmpegPath?: string;
  /** FFPROBE_PATH: use this ffprobe and no other. */
  ffprobePath?: string;
  /** The directories searched for a system build (default: this process's PATH). */
  searchPath?: string;
};

export type MediaTools = {
  ffmpeg: MediaTool | null;
  ffprobe: MediaTool | null;
  /** Why a tool is missing or a candidate was passed over, one line each (for the log). */
  notes: string[];
};

const NPM_PACKAGES: Record<MediaToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};
const VARIABLES = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;
/** `-version` of a static build takes a few ms; this bounds a hung or foreign binary. */
const VERSION_TIMEOUT_MS = 10_000;
const requireFromHere = createRequire(import.meta.url);

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on the search path that is an executable file. */
function findOnPath(name: string, searchPath: string): string | null {
  const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const candidate of names) {
      const file = path.resolve(dir, candidate);
      if (isExecutableFile(file)) return file;
    }
  }
  return null;
}

/**
 * The binary inside the npm package, when this platform has one (its `chmod u+x` install
 * script is allowed in package.json's allowScripts).
 */
function findInNpmPackage(name: MediaToolName): { file: string | null; note?: string } {
  let file: string;
  try {
    file = (requireFromHere(NPM_PACKAGES[name]) as { path: string }).path;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { file: null, note: `${NPM_PACKAGES[name]} has no ${name} for ${os.platform()}-${os.arch()} (${reason})` };
  }
  return isExecutableFile(file)
    ? { file }
    : { file: null, note: `${file} (from ${NPM_PACKAGES[name]}) is not executable by this user` };
}

/** Runs `<file> -version`; the first line, or null when it does not run. */
function readVersion(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(file, ['-hide_banner', '-version'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: VERSION_TIMEOUT_MS,
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      const first = stdout.split('\n')[0]?.trim() ?? '';
      resolve(code === 0 && first ? first.replace(/\s+Copyright.*$/, '') : null);
    });
  });
}

async function resolveTool(
  name: MediaToolName,
  configured: string | undefined,
  searchPath: string,
  notes: string[],
): Promise<MediaTool | null> {
  const variable = VARIABLES[name];
  if (configured) {
    const file = path.resolve(configured);
    const version = isExecutableFile(file) ? await readVersion(file) : null;
    if (version) return { name, path: file, source: variable, version };
    notes.push(`${variable}=${configured} does not run (missing, not executable, or not ${name}); ${name} is off`);
    return null;
  }
  const system = findOnPath(name, searchPath);
  if (system) {
    const version = await readVersion(system);
    if (version) return { name, path: system, source: 'PATH', version };
    notes.push(`${system} on PATH does not run; trying the npm build`);
  }
  const shipped = findInNpmPackage(name);
  if (shipped.note) notes.push(shipped.note);
  if (shipped.file) {
    const version = await readVersion(shipped.file);
    if (version) return { name, path: shipped.file, source: 'npm', version };
    notes.push(`${shipped.file} (from ${NPM_PACKAGES[name]}) does not run on this machine`);
  }
  return null;
}

/** Finds ffmpeg and ffprobe as the module comment describes. Never throws. */
export async function resolveMediaTools(options: MediaToolsOptions = {}): Promise<MediaTools> {
  const searchPath = options.searchPath ?? process.env.PATH ?? '';
  const notes: string[] = [];
  const ffmpeg = await resolveTool('ffmpeg', options.ffmpegPath, searchPath, notes);
  const ffprobe = await resolveTool('ffprobe', options.ffprobePath, searchPath, notes);
  return { ffmpeg, ffprobe, notes };
}

/** One line per tool: which binary is used, or that it is missing and what that turns off. */
export function describeMediaTools(tools: MediaTools): { info: string[]; warnings: string[] } {
  const info: string[] = [];
  const warnings: string[] = [];
  for (const name of ['ffmpeg', 'ffprobe'] as const) {
    const tool = tools[name];
    if (tool) {
      const from = tool.source === 'npm' ? `npm package ${NPM_PACKAGES[name]}` : tool.source;
      info.push(`${name}: ${tool.path} (${from}; ${tool.version})`);
    } else {
      warnings.push(
        `${name} not found (${VARIABLES[name]} unset or wrong, none on PATH, no npm build for this platform): ` +
          'video uploads are refused and video covers are not drawn; install ffmpeg or set ' +
          `${VARIABLES[name]}`,
      );
    }
  }
  return { info, warnings: [...warnings, ...tools.notes] };
}

const reported = new WeakSet<MediaTools>();

/** Logs which binaries are used, or loudly that one is missing: once per process. */
export function reportMediaTools(
  log: { info: (message: string) => void; warn: (message: string) => void },
  tools: MediaTools,
): void {
  if (reported.has(tools)) return;
  reported.add(tools);
  const { info, warnings } = describeMediaTools(tools);
  for (const line of info) log.info(`media tools: ${line}`);
  for (const line of warnings) log.warn(`media tools: ${line}`);
}

let configured: MediaToolsOptions = {};
let resolved: Promise<MediaTools> | null = null;

/**
 * Sets where this process looks for the tools (FFMPEG_PATH and FFPROBE_PATH of its
 * config) and resolves them now. Same options, same answer: resolved once per process.
 */
export function configureMediaTools(options: MediaToolsOptions): Promise<MediaTools> {
  const changed =
    options.ffmpegPath !== configured.ffmpegPath ||
    options.ffprobePath !== configured.ffprobePath ||
    options.searchPath !== configured.searchPath;
  if (changed || !resolved) {
    configured = { ...options };
    resolved = resolveMediaTools(configured);
  }
  return resolved;
}

/** The tools this process uses (as configured; the defaults when nothing was configured). */
function getMediaTools(): Promise<MediaTools> {
  resolved ??= resolveMediaTools(configured);
  return resolved;
}

/** A tool's path, or VIDEO_PROCESSING_UNAVAILABLE when this machine has none. */
async function mediaToolPath(name: MediaToolName): Promise<string> {
  const tool = (await getMediaTools())[name];
  if (!tool) throw new AppError('VIDEO_PROCESSING_UNAVAILABLE');
  return tool.path;
}

/** `code` null: the tool was stopped at its time limit. */
export type MediaToolResult = { code: number | null; stdout: string; stderr: string };

/** Media jobs run beside the web server: at most one per core. */
const maxConcurrent = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Most stdout kept (ffprobe's JSON is a few KB). */
const MAX_STDOUT = 256 * 1024;
const MAX_STDERR = 4000;

function runTool(file: string, args: string[], timeoutMs: number): Promise<MediaToolResult> {
  return new Promise((resolve, reject) => {
    // No shell: paths go to the tool as arguments, never through a command line.
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < MAX_STDOUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // The end of stderr says why a run failed; keep the last part.
      stderr = (stderr + chunk).slice(-MAX_STDERR);
    });
    child.on('error', (error) => reject(new Error(`${file} could not start: ${error.message}`, { cause: error })));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Flags every run starts with: no banner, no prompt, only errors on stderr. */
const QUIET: Record<MediaToolName, string[]> = {
  ffmpeg: ['-nostdin', '-hide_banner', '-loglevel', 'error'],
  ffprobe: ['-hide_banner', '-loglevel', 'error'],
};

/**
 * Runs ffmpeg or ffprobe with `args` after the quiet flags (no shell), sharing the
 * one-per-core limit with every other media job of this process.
 * VIDEO_PROCESSING_UNAVAILABLE when the tool is missing on this machine.
 */
export async function runMediaTool(name: MediaToolName, args: string[], timeoutMs: number): Promise<MediaToolResult> {
  const file = await mediaToolPath(name);
  return withSlot(() => runTool(file, [...QUIET[name], ...args], timeoutMs));
}
