// Test counts from the runners' JSON reports, so a run can close on one plain line
// `Total: N passed, N failed` (what CI reads) instead of counting stages.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './proc.mjs';

/** Where this run's JSON reports go (inside node_modules, so never committed). */
export const REPORT_DIR = join(ROOT, 'node_modules', '.cache', 'evcircle-test-reports');

/** Empties the report folder at the start of a run. */
export function resetReports() {
  rmSync(REPORT_DIR, { recursive: true, force: true });
  mkdirSync(REPORT_DIR, { recursive: true });
}

/** Vitest reporter flags that keep its own summary on screen and write `vitest-<name>.json`. */
export function vitestReportArgs(name) {
  mkdirSync(REPORT_DIR, { recursive: true });
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${join(REPORT_DIR, `vitest-${name}.json`)}`];
}

/** The path Playwright's JSON reporter writes to (see playwright.config.ts). */
export const PLAYWRIGHT_REPORT = join(REPORT_DIR, 'playwright.json');

function countVitest(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

function countPlaywright(report) {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/** Sums every report written in this run. */
export function totalCounts() {
  const total = { passed: 0, failed: 0, skipped: 0, runs: [] };
  if (!existsSync(REPORT_DIR)) return total;
  for (const file of readdirSync(REPORT_DIR).sort()) {
    if (!file.endsWith('.json')) continue;
    let report;
    try {
      report = JSON.parse(readFileSync(join(REPORT_DIR, file), 'utf8'));
    } catch {
      continue;
    }
    const counts = file.startsWith('playwright')
      ? countPlaywright(report)
      : file.startsWith('stages')
        ? { passed: 0, failed: report.failed ?? 0, skipped: 0 }
        : countVitest(report);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.runs.push({ file, ...counts });
  }
  return total;
}

/**
 * Records failed stages that no runner counted (lint, typecheck, a crashed runner), so the
 * closing line never says "0 failed" when something failed.
 */
export function recordStageFailures(name, failed) {
  mkdirSync(REPORT_DIR, { recursive: true });
  writeFileSync(join(REPORT_DIR, `stages-${name}.json`), JSON.stringify({ failed }));
}

/** Every run of every journey in a Playwright JSON report, with its place and outcome. */
function journeyRuns(report) {
  const rows = [];
  const walk = (suite, titles) => {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          rows.push({
            ms: result.duration ?? 0,
            status: result.status ?? '',
            outcome: test.status ?? '',
            project: test.projectName ?? '',
            file: spec.file ?? suite.file ?? '',
            title: [...path, spec.title].join(' › '),
          });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return rows;
}

/**
 * The `count` slowest journeys of a Playwright JSON report, slowest first: what the CI
 * time budget (docs/decisions/0009) is watched by.
 * @returns {{ ms: number, project: string, file: string, title: string }[]}
 */
export function slowestJourneys(report, count = 10) {
  return journeyRuns(report)
    .filter((row) => row.status !== 'skipped')
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ ms, project, file, title }) => ({ ms, project, file, title }));
}

/**
 * The failed tests of one report (Vitest or Playwright JSON), one line each, so a run that
 * ends red names what failed right above its closing line.
 * @returns {string[]}
 */
export function failedTests(report) {
  if (Array.isArray(report.testResults)) {
    const lines = [];
    for (const file of report.testResults) {
      const name = String(file.name ?? '').replace(`${ROOT}/`, '');
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) lines.push(`${name} › ${test.fullName ?? test.title}`);
      // A file that failed to load or run has no failed test of its own.
      if (failed.length === 0 && file.status === 'failed')
        lines.push(`${name} (${String(file.message ?? 'failed').split('\n')[0]})`);
    }
    // Vitest fails a run on an error outside every test (an unhandled rejection) too.
    if (lines.length === 0 && report.success === false) {
      lines.push('an error outside any test (an unhandled rejection?): see "Unhandled Errors" in the log');
    }
    return lines;
  }
  const seen = new Set();
  const lines = [];
  for (const row of journeyRuns(report)) {
    if (row.outcome !== 'unexpected') continue;
    const line = `[${row.project}] ${row.file} › ${row.title}`;
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  }
  return lines;
}

/** The failed tests of every report written in this run, `<report>: <test>` each. */
export function allFailedTests() {
  if (!existsSync(REPORT_DIR)) return [];
  const lines = [];
  for (const file of readdirSync(REPORT_DIR).sort()) {
    if (!file.endsWith('.json') || file.startsWith('stages')) continue;
    try {
      const report = JSON.parse(readFileSync(join(REPORT_DIR, file), 'utf8'));
      for (const line of failedTests(report)) lines.push(`${file.replace(/\.json$/, '')}: ${line}`);
    } catch {
      // An unreadable report is counted as a failed stage by totalCounts' callers.
    }
  }
  return lines;
}

/** The failed tests of this run as a block to print above the closing line ('' when none). */
export function formatFailedTests(lines = allFailedTests()) {
  return lines.length > 0 ? `failed tests / 失败的用例:\n${lines.map((line) => `  ✖ ${line}`).join('\n')}` : '';
}

/** The closing line CI reads: `Total: N passed, N failed[, N skipped]`. */
export function formatTotalLine({ passed, failed, skipped }) {
  return `Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

// `node scripts/lib/test-counts.mjs` names every failed test, then prints the closing line
// for everything run so far.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const failed = formatFailedTests();
  if (failed) console.log(failed);
  console.log(formatTotalLine(totalCounts()));
}
