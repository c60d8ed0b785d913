#!/usr/bin/env node
// `npm test`: every test the project has — lint, typecheck, Vitest (unit + API), and the
// Playwright browser suite. Every stage runs even when an earlier one fails, so one run
// shows everything that is wrong; the exit code is non-zero if anything failed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH, formatDuration, ROOT, requireInstalled, run, runNpm } from './lib/proc.mjs';
import {
  formatTotalLine,
  recordStageFailures,
  resetReports,
  totalCounts,
  vitestReportArgs,
} from './lib/test-counts.mjs';

requireInstalled();
resetReports();

const isCi = Boolean(process.env.CI);
const biome = join(ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/** @type {{ name: string, outcome: 'passed' | 'failed' | 'not run', ms: number, note?: string, report?: string }[]} */
const stages = [];

async function stage(name, action, report) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const code = await action();
  const ms = Date.now() - started;
  stages.push({ name, outcome: code === 0 ? 'passed' : 'failed', ms, note: code === 0 ? '' : `exit ${code}`, report });
  console.log(
    `${code === 0 ? '✔' : '✖'} ${name} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${formatDuration(ms)}`,
  );
}

await stage('lint (biome check)', () => run(process.execPath, [biome, 'check', '.']));
await stage('typecheck (tsc, every workspace)', () => runNpm(['run', 'typecheck']));
await stage(
  'unit + API tests (vitest)',
  () => run(process.execPath, [vitest, 'run', ...vitestReportArgs('all')]),
  'vitest-all.json',
);

const hasChromium = existsSync(CHROMIUM_PATH);
if (hasChromium) {
  await stage(
    'browser tests (playwright, system chromium)',
    () => run(process.execPath, [join(ROOT, 'scripts', 'e2e.mjs')]),
    'playwright.json',
  );
} else {
  const banner = [
    '',
    '!'.repeat(78),
    `!!  BROWSER TESTS WERE NOT RUN: ${CHROMIUM_PATH} is missing.`,
    '!!  浏览器测试未运行：找不到系统 Chromium。',
    '!!  Install it (Debian/Ubuntu):  sudo apt-get install -y chromium fonts-noto-cjk',
    `!!  ${isCi ? 'CI is set, so this run FAILS.' : 'Outside CI this does not fail the run — but nothing was checked in a browser.'}`,
    '!'.repeat(78),
    '',
  ].join('\n');
  console.error(banner);
  stages.push({
    name: 'browser tests (playwright, system chromium)',
    outcome: isCi ? 'failed' : 'not run',
    ms: 0,
    note: 'chromium missing',
  });
}

console.log('\n━━━ summary ━━━');
for (const s of stages) {
  const mark = s.outcome === 'passed' ? '✔' : s.outcome === 'failed' ? '✖' : '⚠';
  console.log(`${mark} ${s.name}: ${s.outcome}${s.note ? ` (${s.note})` : ''} — ${formatDuration(s.ms)}`);
}
if (!hasChromium) console.error(`⚠ browser tests NOT RUN (${CHROMIUM_PATH} missing)`);

// A failed stage whose runner reported no failing test (lint, typecheck, a crashed runner,
// missing Chromium in CI) counts as one failure, so the closing line never says "0 failed"
// when something failed.
const reports = totalCounts().runs;
const uncounted = stages.filter((s) => {
  if (s.outcome !== 'failed') return false;
  const report = s.report && reports.find((r) => r.file === s.report);
  return !report || report.failed === 0;
}).length;
recordStageFailures('npm-test', uncounted);
process.exitCode = stages.some((s) => s.outcome === 'failed') ? 1 : 0;
console.log(formatTotalLine(totalCounts()));
