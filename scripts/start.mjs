#!/usr/bin/env node
// `npm start`: build the web app and compile the server if needed, migrate + seed demo
// data on the first run, then serve everything on one port (default http://localhost:3000,
// data under ./data).
import { ensureWebBuild } from './build-if-needed.mjs';
import { exitWhenOrphaned, requireInstalled, runServerInProcess, runTsx } from './lib/proc.mjs';
import { isSeededPglite } from './lib/seed-marker.mjs';
import { ensureServerBuild } from './lib/server-build.mjs';

requireInstalled();
// Killing `npm start` stops the server too (npm's shell does not pass the signal on).
exitWhenOrphaned();

// `npm start` serves the production build: production React on the server too, unless the
// developer asked for something else.
process.env.NODE_ENV ||= 'production';

const buildCode = await ensureWebBuild();
if (buildCode !== 0) process.exit(buildCode);
// null when compiling failed (said so): the sources then run through tsx.
const compiledServer = await ensureServerBuild();

if (isSeededPglite()) {
  console.log('▶ database ready (demo data written on an earlier start) / 数据库已就绪');
} else {
  console.log('▶ preparing the database (migrate, demo data on first run) / 准备数据库（首次运行写入演示数据）…');
  const seedCode = await runTsx('scripts/seed/main.ts', ['--if-empty']);
  if (seedCode !== 0) {
    console.error(`✖ seeding failed (exit ${seedCode}) / 写入演示数据失败`);
    process.exit(seedCode);
  }
}

const port = process.env.PORT || '3000';
console.log(`▶ starting the server / 启动服务 → http://localhost:${port}  (Ctrl-C to stop / 按 Ctrl-C 停止)`);
// The server runs in this very process, so Ctrl-C and SIGTERM reach its graceful shutdown directly.
await runServerInProcess({ compiled: compiledServer });
