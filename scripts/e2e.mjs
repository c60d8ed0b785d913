#!/usr/bin/env node
// `npm run test:e2e`: builds the web app if needed, then runs the Playwright suite against
// that production build (playwright.config.ts starts a seeded server on port 3105).
// Extra arguments go to Playwright: `npm run test:e2e -- e2e/home.spec.ts --project=mobile`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './build-if-needed.mjs';
import { CHROMIUM_PATH, ROOT, requireInstalled, run } from './lib/proc.mjs';

requireInstalled();

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`✖ ${CHROMIUM_PATH} is missing: install it with \`apt-get install -y chromium fonts-noto-cjk\`.`);
  console.error('  浏览器测试需要系统 Chromium（不会下载 Playwright 自带的浏览器）。');
  process.exit(1);
}

const buildCode = await ensureWebBuild();
if (buildCode !== 0) process.exit(buildCode);

const playwright = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
process.exitCode = await run(process.execPath, [playwright, 'test', ...process.argv.slice(2)]);
