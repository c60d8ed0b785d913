#!/usr/bin/env node
// `npm run test:e2e`: builds the web app if needed, then runs the Playwright suite against
// that production build (playwright.config.ts starts a seeded server on port 3105).
// Extra arguments go to Playwright: `npm run test:e2e -- e2e/home.spec.ts --project=mobile`.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './build-if-needed.mjs';
import { ensureBrowserDeps } from './lib/browser-deps.mjs';
import { formatDuration, ROOT, requireInstalled, run } from './lib/proc.mjs';
import { PLAYWRIGHT_REPORT, slowestJourneys } from './lib/test-counts.mjs';

requireInstalled();

// The system Chromium and fonts (never a browser Playwright downloads); installed when possible.
if (await ensureBrowserDeps()) process.exit(1);

const buildCode = await ensureWebBuild();
if (buildCode !== 0) process.exit(buildCode);

const playwright = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const started = Date.now();
process.exitCode = await run(process.execPath, [playwright, 'test', ...process.argv.slice(2)]);

// The slowest journeys, every run: the CI budget (docs/decisions/0009) is kept by them.
if (existsSync(PLAYWRIGHT_REPORT) && statSync(PLAYWRIGHT_REPORT).mtimeMs >= started) {
  const slowest = slowestJourneys(JSON.parse(readFileSync(PLAYWRIGHT_REPORT, 'utf8')));
  if (slowest.length > 0) {
    console.log('\nslowest journeys / 最慢的用例:');
    for (const { ms, project, file, title } of slowest) {
      console.log(`  ${formatDuration(ms).padStart(7)}  [${project}] ${file} › ${title}`);
    }
  }
}
