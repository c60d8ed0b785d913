#!/usr/bin/env node
// Builds the web app (`npm run build`) only when apps/web/build is missing or older than
// its sources. Usage: node scripts/build-if-needed.mjs [--force]
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDuration, npmCommand, ROOT, runCaptured, runNpm } from './lib/proc.mjs';

/** The file the build writes last-ish; its mtime stands for the whole build. */
const BUILD_MARKER = join(ROOT, 'apps', 'web', 'build', 'server', 'index.js');

/** What the web build is made from: the app, the contract it imports, and build config. */
const SOURCE_DIRS = ['apps/web/app', 'apps/web/public', 'apps/web/vite-plugins', 'packages/contract/src'];
const SOURCE_FILES = [
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/tsconfig.json',
  'packages/contract/package.json',
];
/** Generated or unrelated folders that must never trigger a rebuild. */
const IGNORED_DIRS = new Set(['node_modules', 'build', '.react-router']);

function newestIn(dir, newest = { path: '', mtimeMs: 0 }) {
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newestIn(path, newest);
    else {
      const { mtimeMs } = statSync(path);
      if (mtimeMs > newest.mtimeMs) Object.assign(newest, { path, mtimeMs });
    }
  }
  return newest;
}

/** The newest source file of the web build, or null when there are no sources at all. */
export function newestWebSource() {
  const newest = { path: '', mtimeMs: 0 };
  for (const dir of SOURCE_DIRS) newestIn(join(ROOT, dir), newest);
  for (const file of SOURCE_FILES) {
    const path = join(ROOT, file);
    if (!existsSync(path)) continue;
    const { mtimeMs } = statSync(path);
    if (mtimeMs > newest.mtimeMs) Object.assign(newest, { path, mtimeMs });
  }
  return newest.path ? newest : null;
}

/** Why the build must be (re)made, or null when it is up to date. */
export function webBuildStaleReason() {
  if (!existsSync(BUILD_MARKER)) return 'no build yet / 尚未构建';
  const newest = newestWebSource();
  const builtAt = statSync(BUILD_MARKER).mtimeMs;
  if (newest && newest.mtimeMs > builtAt)
    return `${relative(ROOT, newest.path)} changed since the last build / 源码已更新`;
  return null;
}

/**
 * Builds the web app when needed; resolves with the build's exit code (0 when skipped).
 * `quiet`: the build's own output is kept back and shown only if it fails (for a build
 * run beside other work, as `npm test` does beside the typecheck).
 */
export async function ensureWebBuild({ force = false, quiet = false } = {}) {
  const reason = force ? 'forced' : webBuildStaleReason();
  if (!reason) {
    console.log('✔ web build is up to date / 前端构建已是最新');
    return 0;
  }
  console.log(`▶ building the web app / 正在构建前端 (${reason}) …`);
  const started = Date.now();
  let code;
  if (quiet) {
    const [command, leading] = npmCommand();
    const result = await runCaptured(command, [...leading, 'run', 'build'], { cwd: ROOT });
    code = result.code;
    if (code !== 0) console.error(result.output.trimEnd());
  } else {
    code = await runNpm(['run', 'build'], { cwd: ROOT });
  }
  if (code === 0) console.log(`✔ web build done in ${formatDuration(Date.now() - started)} / 构建完成`);
  else console.error(`✖ web build failed (exit ${code}) / 前端构建失败`);
  return code;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await ensureWebBuild({ force: process.argv.includes('--force') });
}
