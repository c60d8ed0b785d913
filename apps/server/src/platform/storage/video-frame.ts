import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import { AppError } from '@evcircle/contract';

/** ffmpeg runs beside the web server: at most one per core, and never longer than this. */
const FFMPEG_TIMEOUT_MS = 20_000;
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

/** `code` null: the tool was stopped at its time limit. */
export type MediaToolResult = { code: number | null; stdout: string; stderr: string };

/** Most stdout kept (ffprobe's JSON is a few KB). */
const MAX_STDOUT = 256 * 1024;

function runTool(command: 'ffmpeg' | 'ffprobe', args: string[], timeoutMs: number): Promise<MediaToolResult> {
  return new Promise((resolve, reject) => {
    // No shell: the paths go to the tool as arguments, never through a command line.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < MAX_STDOUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => reject(new Error(`${command} could not start: ${error.message}`, { cause: error })));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs ffmpeg or ffprobe with `args` (no shell), sharing the one-per-core limit with
 * every other media job of this process.
 */
export function runMediaTool(
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<MediaToolResult> {
  return withSlot(() => runTool(command, args, timeoutMs));
}

function runFfmpeg(args: string[]): Promise<MediaToolResult> {
  return runTool('ffmpeg', args, FFMPEG_TIMEOUT_MS);
}

/**
 * Writes the frame at `offsetSeconds` of the video at `sourcePath` to `outputPath` as
 * JPEG (Qiniu `vframe/jpg/offset/N`). A file ffmpeg cannot decode, or an offset past the
 * end, is FILE_PROCESSING_FAILED.
 */
export async function extractVideoFrame(sourcePath: string, offsetSeconds: number, outputPath: string): Promise<void> {
  const { code, stderr } = await withSlot(() =>
    runFfmpeg([
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      // -ss before -i seeks by keyframe index instead of decoding everything before it.
      '-ss',
      String(offsetSeconds),
      '-i',
      sourcePath,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-y',
      outputPath,
    ]),
  );
  if (code === null) throw new Error(`ffmpeg was stopped after ${FFMPEG_TIMEOUT_MS} ms on ${sourcePath}`);
  // ffmpeg exits non-zero only when it cannot read the input: the stored file is broken.
  if (code !== 0) throw new AppError('FILE_PROCESSING_FAILED', { detail: stderr.trim().slice(0, 200) });
  const written = await stat(outputPath).catch(() => null);
  if (!written || written.size === 0) throw new AppError('FILE_PROCESSING_FAILED');
}
