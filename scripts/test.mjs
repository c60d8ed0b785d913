#!/usr/bin/env node
// `npm test`: every test the project has — lint, typecheck, Vitest (unit + API), and the
// Playwright browser suite. Every stage runs even when an earlier one fails, so one run
// shows everything that is wrong; the exit code is non-zero if anything failed.
import { join } from 'node:path';
import { ensureWebBuild } from './build-if-needed.mjs';
import { formatDuration, ROOT, requireInstalled, run, runNpm } from './lib/proc.mjs';
import {
  formatFailedTests,
  formatTotalLine,
  recordStageFailures,
  resetReports,
  totalCounts,
  vitestReportArgs,
} from './lib/test-counts.mjs';

requireInstalled();
resetReports();

const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');

/** @type {{ name: string, outcome: 'passed' | 'failed', ms: number, note?: string, report?: string }[]} */
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

await stage('lint (biome, module boundaries)', () => runNpm(['run', 'lint']));
// The web build the browser tests need runs beside the typecheck (each mostly one core;
// docs/decisions/0009): the browser stage then finds it up to date.
await stage('typecheck (tsc, every workspace) + web build beside it', async () => {
  const [typecheck, build] = await Promise.all([runNpm(['run', 'typecheck']), ensureWebBuild({ quiet: true })]);
  return typecheck !== 0 ? typecheck : build;
});
await stage(
  'unit + API tests (vitest)',
  () => run(process.execPath, [vitest, 'run', ...vitestReportArgs('all')]),
  'vitest-all.json',
);

// e2e.mjs installs the system Chromium and the CJK and emoji fonts when this process can
// (root or sudo, and apt-get); otherwise the stage fails with the command to run.
await stage(
  'browser tests (playwright, system chromium)',
  () => run(process.execPath, [join(ROOT, 'scripts', 'e2e.mjs')]),
  'playwright.json',
);

console.log('\n━━━ summary ━━━');
for (const s of stages) {
  const mark = s.outcome === 'passed' ? '✔' : '✖';
  console.log(`${mark} ${s.name}: ${s.outcome}${s.note ? ` (${s.note})` : ''} — ${formatDuration(s.ms)}`);
}

// A failed stage whose runner reported no failing test (lint, typecheck, a crashed runner,
// a missing Chromium) counts as one failure, so the closing line never says "0 failed"
// when something failed.
const reports = totalCounts().runs;
const uncounted = stages.filter((s) => {
  if (s.outcome !== 'failed') return false;
  const report = s.report && reports.find((r) => r.file === s.report);
  return !report || report.failed === 0;
}).length;
recordStageFailures('npm-test', uncounted);
process.exitCode = stages.some((s) => s.outcome === 'failed') ? 1 : 0;
const failedTests = formatFailedTests();
if (failedTests) console.log(failedTests);
console.log(formatTotalLine(totalCounts()));
