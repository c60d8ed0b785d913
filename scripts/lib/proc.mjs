// Small process helpers shared by start, test and e2e scripts. Plain Node (no tsx) so
// `npm start` works right after `npm install`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mapStackTraces } from './stack-traces.mjs';

/** The repository root (scripts/lib/../..). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The local tsx CLI: run TypeScript with this Node, never through npx. */
export const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** The system Chromium the browser tests drive (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Fails early with a clear message when `npm install` has not been run. */
export function requireInstalled() {
  if (!existsSync(TSX_CLI)) {
    console.error('✖ 依赖未安装 / dependencies are missing: run `npm install` first.');
    process.exit(1);
  }
}

/**
 * Runs a command in the foreground (stdio inherited) and resolves with its exit code.
 * SIGINT/SIGTERM received meanwhile are passed on, so Ctrl-C never leaves it orphaned.
 */
export function run(command, args, { env = process.env, cwd = ROOT } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`✖ could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1));
    });
  });
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

/**
 * Runs a command with its output collected instead of shown (for work run side by side,
 * whose output would interleave); resolves with the exit code and the output, stdout and
 * stderr in the order they came.
 */
export function runCaptured(command, args, { env = process.env, cwd = ROOT } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      chunks.push(Buffer.from(`✖ could not start ${command}: ${error.message}\n`));
      resolve({ code: 127, output: Buffer.concat(chunks).toString('utf8') });
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({
        code: code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1),
        output: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
}

/** The npm that started us (or the one on PATH), as a command and its leading arguments. */
export function npmCommand() {
  const npmCli = process.env.npm_execpath;
  if (npmCli?.endsWith('.js') || npmCli?.endsWith('.cjs')) return [process.execPath, [npmCli]];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
}

/** Runs a TypeScript entry point with the local tsx and this Node. */
export function runTsx(file, args = [], options = {}) {
  return run(process.execPath, [TSX_CLI, file, ...args], options);
}

/** Runs an npm script with the npm that started us (or the one on PATH). */
export function runNpm(args, options = {}) {
  const [command, leading] = npmCommand();
  return run(command, [...leading, ...args], options);
}

/**
 * Runs the API server inside this process instead of as a child: signals then reach the
 * server's own graceful-shutdown handlers directly, once. `compiled` is the server
 * compiled by scripts/lib/server-build.mjs (what `npm start` runs); without it the
 * sources run through tsx, registered in-process.
 */
export async function runServerInProcess({ compiled } = {}) {
  if (compiled) {
    // Stack traces name the .ts files and lines, as when running the sources.
    mapStackTraces(compiled);
    await import(pathToFileURL(compiled).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, 'apps', 'server', 'src', 'main.ts')).href);
}

/**
 * Ends this process gracefully (SIGTERM to itself) once the process that started it is
 * gone. `npm start` runs us under `sh -c`: when npm is killed, that shell dies without
 * passing the signal on, and the server would go on answering with nobody to stop it.
 */
export function exitWhenOrphaned(intervalMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    console.error(`▶ the process that started this one (pid ${parent}) is gone: stopping / 启动进程已退出，正在停止`);
    process.kill(process.pid, 'SIGTERM');
  }, intervalMs);
  timer.unref();
}

/** Milliseconds as `12.3 s`. */
export function formatDuration(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
